// Knowledge updates: a newer statement about the same slot (slots.ts) marks the older ones superseded on its date.
// The older statement stays as history ("superseded 2026-11-30" in its tag); retrieval never serves it as current.
// A statement filling several slots (a whole stack in one sentence) is superseded only when all of them were.
import type { KnowledgeGraph } from '../graph.ts';
import { formatStatement, parseStatement, type StatementKind } from '../statement.ts';
import { technologiesOfRole } from '../technologies.ts';
import { splitAnswered } from './ask-log.ts';
import { type Slot, slotsOf } from './slots.ts';

// What a statement says about slots: of a question's line, what its reply said ("Asked: migrations? → For schema
// migrations I'll set up Alembic" fills the migrations slot as the reply did, and is superseded with it).
const slotText = (text: string): string => splitAnswered(text)?.reply ?? text;
// The slots a statement fills, before any scoping (merge.ts reads them too: a new value of a slot is no duplicate).
export const slotsOfStatement = (statement: { text: string; kind: StatementKind }): Slot[] =>
  slotsOf(slotText(statement.text), statement.kind);

// A statement the merge just added (merge.ts builds these), with its place in the order the delta was said in.
export interface NewStatement {
  entityKey: string;
  observation: string;
  // Position in the order the delta's statements were said: only a later statement supersedes an earlier one.
  sequence: number;
}

// Marks the graph's statements that the new ones replace; returns how many were marked. The graph is changed in
// place (its entities' observation arrays), and only statements dated no later than the newer one are touched.
export function supersedeStatements(graph: KnowledgeGraph, added: readonly NewStatement[]): number {
  const fresh: Array<{ slot: Slot; date: string; observation: string; sequence: number }> = [];
  const sequenceOf = new Map(added.map((entry) => [entry.observation, entry.sequence] as const));
  for (const { observation, sequence } of added) {
    const statement = parseStatement(observation);
    if (!statement.date || statement.supersededOn) {
      continue;
    }
    for (const slot of slotsOfStatement(statement)) {
      fresh.push({ slot: scoped(slot, statement.session), date: statement.date, observation, sequence });
    }
  }
  if (fresh.length === 0) {
    return 0;
  }
  const probes = probeWords(fresh.map((entry) => entry.slot));
  let marked = 0;
  for (const entity of graph.entities) {
    for (let index = 0; index < entity.observations.length; index += 1) {
      const observation = entity.observations[index] ?? '';
      const lower = observation.toLowerCase();
      if (!probes.some((probe) => lower.includes(probe))) {
        continue;
      }
      const statement = parseStatement(observation);
      if (!statement.date || statement.supersededOn) {
        continue;
      }
      const slots = slotsOfStatement(statement).map((slot) => scoped(slot, statement.session));
      // Statements already held are older than every new one; new ones are ordered by when they were said.
      const ownSequence = sequenceOf.get(observation) ?? -1;
      if (slots.length === 0) {
        continue;
      }
      let replacedOn: string | undefined;
      const allReplaced = slots.every((slot) => {
        const newer = fresh.find(
          (entry) =>
            entry.slot.key === slot.key &&
            entry.slot.value !== slot.value &&
            // A todo item is closed by its Done, never the other way round.
            (!slot.key.startsWith('task:') || (entry.slot.value === 'done' && slot.value === 'to do')) &&
            entry.sequence > ownSequence &&
            entry.date >= (statement.date ?? ''),
        );
        if (newer) {
          replacedOn = newer.date;
        }
        return newer !== undefined;
      });
      if (allReplaced && replacedOn) {
        entity.observations[index] = formatStatement({ ...statement, supersededOn: replacedOn });
        marked += 1;
      }
    }
  }
  return marked;
}

// A todo item is one session's: the same words in another session's list are another item.
const scoped = (slot: Slot, session: string | undefined): Slot =>
  slot.key.startsWith('task:') ? { ...slot, key: `${slot.key}|${session ?? ''}` } : slot;

// Lowercase words an older statement of one of these slots must contain: the slot's own words, its values, and
// every technology of the same role (a cheap prefilter before the slots of a statement are computed).
function probeWords(slots: readonly Slot[]): string[] {
  const probes = new Set<string>();
  for (const slot of slots) {
    const [kind, name] = [slot.key.slice(0, slot.key.indexOf(':')), slot.key.slice(slot.key.indexOf(':') + 1)];
    if (kind === 'value') {
      for (const word of name.split(/\s+/)) {
        if (word.length >= 3) {
          probes.add(word.slice(0, 6));
        }
      }
      continue;
    }
    probes.add(name.slice(0, 5));
    probes.add(slot.value.slice(0, 12));
  }
  for (const slot of slots) {
    if (slot.key.startsWith('role:')) {
      const role = slot.key.slice(5);
      for (const name of technologiesOfRole(role)) {
        probes.add(name.toLowerCase());
      }
    }
  }
  return [...probes].filter((probe) => probe.length >= 2);
}
