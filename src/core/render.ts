// Renders memories as the context Claude sees: the statements that answer the prompt, grouped under their entities,
// best first, within a character budget (see docs/ranking.md, "Render").
import type { Memory, MemorySection } from './memory.ts';
import { clip } from './delta-builder.ts';
import { currentStatements } from './retrieval/session-start.ts';
import type { StatementScore } from './retrieval/score-statements.ts';
import { parseStatement, type Statement } from './statement.ts';
import { canonicalTechnology, isEverydayWordName, technologyRole } from './technologies.ts';

const MAX_RELATIONS = 3;
// A statement is shown up to this many characters (capture keeps new ones within 300; imported graphs may hold longer).
const MAX_SHOWN_STATEMENT_CHARS = 400;
// At most this many statements in a prompt's context, and of one memory when rendered alone.
const MAX_STATEMENTS = 24;
const STATEMENTS_FIRST = 5;
// Memories shown only with their status (no statement of theirs answers).
const MAX_STATUS_MEMORIES = 3;
// A statement is shown when it scores at least this share of the prompt's best statement.
export const STATEMENT_SHARE = 0.15;
// A memory whose statements do not answer (it was named, or reached through a relation) shows this many current ones.
const STATUS_STATEMENTS = 2;
// Typical injections stay under this many characters of statements.
export const SOFT_BUDGET = 4000;
// The session log's listings ("Worked on a, b, c", capture.ts; "Changed src/x.ts", extract-tools.ts) name many things
// and say nothing of them: they match many words of a prompt, so they count this much of their score when
// statements are chosen. Only on a session entity, only those shapes ("Changed `ACCESS_TOKEN_TTL` to 30m" answers).
const LISTING = /^(?:Worked on .|Changed \S+$)/;
const LISTING_FACTOR = 0.5;
const isListing = (memory: Memory, index: number): boolean =>
  memory.entity.entityType === 'session' && LISTING.test(parseStatement(memory.entity.observations[index] ?? '').text);
// A memory none of whose statements were chosen is shown (with its status) when it ranks at least this close to the best.
const STRONG = 0.8;
// Session start stays small: preferences, stack and the last sessions.
export const SESSION_START_BUDGET = 2500;

// The context text, and how many memories it shows and left out for the budget (the context hook reports both).
export interface RenderedContext {
  text: string;
  shown: number;
  leftOut: number;
}

const SECTION_TITLES: Record<MemorySection, string> = {
  preferences: 'Preferences:',
  stack: 'Stack:',
  sessions: 'Last sessions:',
  recent: 'Recent:',
};

// Builds the context text; returns empty text when there is nothing to show.
export function renderContext(memories: readonly Memory[], mode: 'search' | 'recent', budget: number): RenderedContext {
  if (memories.length === 0) {
    return { text: '', shown: 0, leftOut: 0 };
  }
  return mode === 'recent' ? renderSessionStart(memories, Math.min(budget, SESSION_START_BUDGET)) : renderSearch(memories, budget);
}

// Statements are chosen across all memories, best first (a statement's score, weighed by how its memory ranks),
// down to a share of the best, up to MAX_STATEMENTS and SOFT_BUDGET; then shown grouped under their memories in rank
// order. A memory with no statement chosen is shown with its status when it ranks close to the best (it was named,
// or reached through a relation the prompt asks about).
function renderSearch(memories: readonly Memory[], budget: number): RenderedContext {
  const header = 'Project memory (memory-fabric): statements recorded in earlier sessions that answer this prompt, most relevant first.';
  const bestScore = memories[0]?.score || 1;
  const weighed = memories
    .flatMap((memory, rank) =>
      memory.statements
        .filter((entry) => entry.index >= 0)
        .map((entry) => ({
          rank,
          entry,
          value: entry.score * (0.5 + (0.5 * memory.score) / bestScore) * (isListing(memory, entry.index) ? LISTING_FACTOR : 1),
        })),
    )
    .sort((a, b) => b.value - a.value || a.rank - b.rank);
  const bestValue = weighed[0]?.value ?? 0;
  const chosen = new Map<number, StatementScore[]>();
  let statementChars = 0;
  let count = 0;
  // Pinned statements (the best answer to each part of a prompt that asks several things) come first.
  weighed.sort((a, b) => Number(b.entry.pinned === true) - Number(a.entry.pinned === true));
  // Whether statements that answer well enough were left out for size (then the context says so).
  let trimmed = false;
  // A statement recorded on two entities (a component's, and the session log's "done" line: the same text, kind, date
  // and session) is shown once, under the memory it answers best for: the budget goes to statements not yet shown.
  const chosenCopies = new Set<string>();
  for (const { rank, entry, value } of weighed) {
    if (!entry.pinned && value < STATEMENT_SHARE * bestValue) {
      continue;
    }
    const copy = (memories[rank]?.entity.observations[entry.index] ?? '').trim();
    if (chosenCopies.has(copy)) {
      continue;
    }
    chosenCopies.add(copy);
    if (!entry.pinned && (count >= MAX_STATEMENTS || statementChars > SOFT_BUDGET)) {
      trimmed = true;
      continue;
    }
    const memory = memories[rank] as Memory;
    const list = chosen.get(rank) ?? [];
    list.push(entry);
    chosen.set(rank, list);
    statementChars += Math.min(MAX_SHOWN_STATEMENT_CHARS, (memory.entity.observations[entry.index] ?? '').length) + 6;
    count += 1;
  }
  const reserve = 160; // room for the closing line
  const lines: string[] = [header];
  let used = header.length;
  let shown = 0;
  let statusShown = 0;
  memories.forEach((memory, rank) => {
    const statements = chosen.get(rank);
    // Its status, without what another memory shows already.
    const statusEntries = (): StatementScore[] =>
      statusOf(memory, STATUS_STATEMENTS).filter(
        (entry) =>
          !chosenCopies.has((memory.entity.observations[entry.index] ?? '').trim()) &&
          !statements?.some((held) => held.index === entry.index),
      );
    const statusOnly =
      !statements && (memory.named === true || memory.score >= STRONG * bestScore) && statusShown < MAX_STATUS_MEMORIES
        ? statusEntries()
        : [];
    const status = statusOnly.length > 0;
    if (!statements && !status) {
      return;
    }
    // A memory the prompt named shows its status beside the statements that answer.
    const withStatus = statements ? (memory.named ? [...statements, ...statusEntries()] : statements) : statusOnly;
    const block = renderMemory({ ...memory, statements: withStatus }, withStatus.length, 0);
    if (used + block.length + 1 > budget - reserve) {
      trimmed = true;
      return;
    }
    if (status) {
      statusShown += 1;
    }
    lines.push(block);
    used += block.length + 1;
    shown += 1;
  });
  return close(lines, shown, memories.length, budget, trimmed);
}

function renderSessionStart(memories: readonly Memory[], budget: number): RenderedContext {
  const header = 'Project memory (memory-fabric): what earlier sessions of this project recorded.';
  const lines: string[] = [header];
  let used = header.length;
  let shown = 0;
  let section: MemorySection | undefined;
  for (const memory of memories) {
    const title = memory.section && memory.section !== section ? SECTION_TITLES[memory.section] : undefined;
    const block = memory.section === 'stack' ? renderStackLine(memory) : renderMemory(memory, memory.statements.length, 0);
    const cost = block.length + 1 + (title ? title.length + 1 : 0);
    if (used + cost > budget - 120) {
      break;
    }
    if (title) {
      lines.push(title);
      section = memory.section;
    }
    lines.push(block);
    used += cost;
    shown += 1;
  }
  return close(lines, shown, memories.length, budget);
}

// The closing line says what was left out, only when something was left out for size (memories that do not answer
// well enough are not worth a line saying so).
function close(lines: string[], shown: number, total: number, budget: number, trimmed = true): RenderedContext {
  const leftOut = total - shown;
  if (shown === 0) {
    return { text: '', shown: 0, leftOut };
  }
  if (trimmed && leftOut > 0 && lines.length > 1) {
    lines.push(
      `(${leftOut} more matching ${leftOut === 1 ? 'memory' : 'memories'} left out to keep this short; at most ${budget} characters.)`,
    );
  }
  return { text: lines.join('\n'), shown, leftOut };
}

// A technology in one line: its name and its first current statement.
function renderStackLine(memory: Memory): string {
  const first = memory.statements[0];
  const text = first ? parseStatement(memory.entity.observations[first.index] ?? '').text : '';
  // The role, unless the name is an everyday word: the capture may have read "Spark" or "Bootstrap" in another sense.
  const canonical = canonicalTechnology(memory.entity.name);
  const role = canonical && !isEverydayWordName(canonical) ? technologyRole(canonical) : undefined;
  return `- ${memory.entity.name}${role ? ` (${role})` : ''}${text ? `: ${clip(text, 160)}` : ''}`;
}

// One memory: its entity, the statements that answer (a superseded one as "previously", under what replaced it),
// and its relations.
export function renderMemory(memory: Memory, limit = STATEMENTS_FIRST, bestStatement = 0): string {
  const { entity } = memory;
  const chosen = chooseStatements(memory, limit, bestStatement);
  const parsed = entity.observations.map((observation) => parseStatement(observation));
  const lines: string[] = [];
  const shownIndices = new Set<number>();
  for (const entry of chosen) {
    const statement = parsed[entry.index];
    if (!statement || shownIndices.has(entry.index)) {
      continue;
    }
    if (statement.supersededOn) {
      const current = replacementOf(parsed, entry.index);
      if (current !== undefined && !shownIndices.has(current)) {
        shownIndices.add(current);
        lines.push(`  - ${describe(parsed[current] as Statement)}`);
      }
      shownIndices.add(entry.index);
      lines.push(`    previously: ${clip(statement.text, MAX_SHOWN_STATEMENT_CHARS)} (until ${statement.supersededOn})`);
      continue;
    }
    shownIndices.add(entry.index);
    lines.push(`  - ${describe(statement)}`);
  }
  const relations = memory.graphRelations
    .slice(0, MAX_RELATIONS)
    .map((step) => `  - ${step.from} ${step.relation.replace(/_/g, ' ')} ${step.to}.`);
  const when = memory.timestamp ? `, ${memory.timestamp.slice(0, 10)}` : '';
  const superseded = entity.supersededBy ? ` Superseded by ${entity.supersededBy}.` : '';
  return [`- ${entity.name} (${entity.entityType}${when}).${superseded}`, ...lines, ...relations].join('\n');
}

// The statements that answer, best first, at least a share of the prompt's best; a memory none of whose
// statements answer (named, or reached through a relation) shows its current status instead.
function chooseStatements(memory: Memory, limit: number, bestStatement: number): StatementScore[] {
  const answering = memory.statements.filter((entry) => entry.index >= 0 && entry.score >= STATEMENT_SHARE * bestStatement);
  if (answering.length > 0) {
    return answering.slice(0, limit);
  }
  return statusOf(memory, Math.min(limit, STATUS_STATEMENTS));
}

// A memory's current status: its newest current statements; a session's, what it did and left to do.
function statusOf(memory: Memory, limit: number): StatementScore[] {
  if (memory.entity.entityType.toLowerCase() === 'session') {
    return currentStatements(memory.entity, SESSION_STATUS_STATEMENTS, ['done', 'todo']);
  }
  return currentStatements(memory.entity, limit);
}
const SESSION_STATUS_STATEMENTS = 6;

// The current statement that replaced a superseded one: of the same kind, dated on the day it was superseded, else
// the newest current one of its kind.
function replacementOf(parsed: readonly Statement[], index: number): number | undefined {
  const old = parsed[index] as Statement;
  let best: number | undefined;
  parsed.forEach((statement, position) => {
    if (position === index || statement.supersededOn || statement.kind !== old.kind) {
      return;
    }
    const held = best === undefined ? undefined : parsed[best];
    if (statement.date === old.supersededOn || !held || (statement.date ?? '') > (held.date ?? '')) {
      if (held?.date === old.supersededOn && statement.date !== old.supersededOn) {
        return;
      }
      best = position;
    }
  });
  return best;
}

// A statement as one line: its text, and its kind and date when it has them.
function describe(statement: Statement): string {
  const facts = [statement.kind !== 'fact' ? statement.kind : '', statement.date ?? ''].filter(Boolean).join(', ');
  return `${clip(statement.text, MAX_SHOWN_STATEMENT_CHARS)}${facts ? ` (${facts})` : ''}`;
}
