// Merges a delta into a graph with the memory-bank seed's first-seen canonical dedup and stable sort.
import {
  canonicalEntityKey,
  canonicalObservationKey,
  canonicalRelationKey,
  stripProvenance,
  preferType,
  validateLabel,
  validateName,
  type GraphDelta,
  type GraphEntity,
  type GraphRelation,
  type KnowledgeGraph,
} from './graph.ts';
import { replyPrefixes, splitAnswered } from './capture/ask-log.ts';
import type { Slot } from './capture/slots.ts';
import { type NewStatement, slotsOfStatement, supersedeStatements } from './capture/supersede-statements.ts';
import { similarity } from './dedupe.ts';
import { parseStatement } from './statement.ts';
import { canonicalTechnology } from './technologies.ts';

// What a write added, under the seed's output contract names (graph_delta in bank/commands/contract.ts).
export interface MergeCounts {
  entitiesAddedCount: number;
  relationsAddedCount: number;
  observationsAddedCount: number;
  supersededRecordsCount: number;
}

// Counters of a write that added nothing.
export const zeroCounts = (): MergeCounts => ({
  entitiesAddedCount: 0,
  relationsAddedCount: 0,
  observationsAddedCount: 0,
  supersededRecordsCount: 0,
});

// Observations whose text (without provenance) is at least this similar to one the entity holds are merged into it.
const OBSERVATION_MERGE_SIMILARITY = 0.9;

// What merging one delta did; mergeBatches (merge-batches.ts) sums these over a write cycle.
export interface MergeOutcome {
  graph: KnowledgeGraph;
  counts: MergeCounts;
  // Records of the delta that were refused, each with its reason.
  rejected: string[];
  // Canonical keys of the entities this merge added or changed.
  changedEntities: string[];
  // Observations dropped as near-duplicates of ones already held (Levenshtein similarity).
  observationsMergedCount: number;
  // Older statements marked superseded by a newer one about the same slot (capture/supersede-statements.ts).
  statementsSupersededCount: number;
}

// Adds what is new in the delta to the graph; the input graph is not changed.
export function mergeDelta(
  graph: KnowledgeGraph,
  delta: GraphDelta,
  writeTimeUtc: string,
  options: { mergeNearDuplicates?: boolean } = {},
): MergeOutcome {
  const counts: MergeCounts = { entitiesAddedCount: 0, relationsAddedCount: 0, observationsAddedCount: 0, supersededRecordsCount: 0 };
  const rejected: string[] = [];
  const changedEntities = new Set<string>();
  let observationsMergedCount = 0;
  const addedStatements: NewStatement[] = [];
  const entities = new Map<string, GraphEntity>();
  const observationKeys = new Set<string>();
  const existingKeys = new Set(graph.entities.map((entity) => canonicalEntityKey(entity.name)));
  // Statements the graph holds anywhere: one restated on another entity (a later session repeating an earlier
  // one's finding, a compaction summary restating a memory) is merged into what exists, not stored again.
  // What a session did (done, todo) is kept per session.
  const heldTexts = new Set<string>();
  const relationEnds = new Set(delta.relations.flatMap((relation) => [canonicalEntityKey(relation.from), canonicalEntityKey(relation.to)]));
  for (const entity of graph.entities) {
    for (const observation of entity.observations) {
      heldTexts.add(globalKey(observation));
    }
  }
  // What this delta added (heldTexts stays what the graph held before it).
  const addedTexts = new Set<string>();
  for (const entity of graph.entities) {
    const key = canonicalEntityKey(entity.name);
    if (entities.has(key)) {
      continue;
    }
    entities.set(key, { ...entity, observations: [...entity.observations] });
    for (const observation of entity.observations) {
      observationKeys.add(canonicalObservationKey(entity.name, observation));
    }
  }

  // Where each of the delta's observations was said, so the newer of two statements about a slot is known.
  const said = new Map((delta.order ?? []).map(([entity, observation], position) => [`${entity}:${observation}`, position] as const));
  const sequenceOf = (entity: number, observation: number): number => said.get(`${entity}:${observation}`) ?? said.size + entity;
  for (const [entityIndex, incoming] of delta.entities.entries()) {
    const nameProblem = validateName(incoming.name) ?? validateLabel(incoming.entityType, 'entity type');
    if (nameProblem) {
      rejected.push(`entity ${JSON.stringify(incoming.name)}: ${nameProblem}`);
      continue;
    }
    const key = canonicalEntityKey(incoming.name);
    let target = entities.get(key);
    if (target) {
      target.entityType = preferType(target.entityType, incoming.entityType.trim());
    }
    // Whether this record creates the entity: a delta of several parts (the sync's pieces) may hold it twice.
    const createdHere = !target;
    if (!target) {
      target = {
        name: incoming.name.trim(),
        entityType: incoming.entityType.trim(),
        observations: [],
        updatedAt: incoming.updatedAt ?? writeTimeUtc,
      };
      entities.set(key, target);
      counts.entitiesAddedCount += 1;
    }
    let changed = false;
    for (const [observationIndex, observation] of incoming.observations.entries()) {
      const text = observation.trim();
      const observationKey = canonicalObservationKey(target.name, text);
      if (text === '') {
        continue;
      }
      if (observationKeys.has(observationKey)) {
        // Said again after it was superseded (a revert: Redis, then Memcached, then Redis again): current again.
        const at = target.observations.findIndex((held) => canonicalObservationKey(target?.name ?? '', held) === observationKey);
        const held = at >= 0 ? parseStatement(target.observations[at] ?? '') : undefined;
        const again = parseStatement(text);
        // Or a task said again as done ("Requested: ..." once the session did the work: capture.ts): done now.
        const revert = held?.supersededOn && !again.supersededOn && (again.date ?? '') >= (held.date ?? '');
        if (revert || (held?.kind === 'todo' && !held.supersededOn && again.kind === 'done')) {
          target.observations[at] = text;
          addedStatements.push({ entityKey: key, observation: text, sequence: sequenceOf(entityIndex, observationIndex) });
          changed = true;
        }
        continue;
      }
      const kind = parseStatement(text).kind;
      // Only for what the sync writes: an imported graph keeps what it holds, duplicates across entities included.
      const global = !options.mergeNearDuplicates || kind === 'done' || kind === 'todo' ? undefined : globalKey(text);
      if (global !== undefined && (heldTexts.has(global) || addedTexts.has(global))) {
        observationsMergedCount += 1;
        continue;
      }
      // A question answered from memory: its reply restates what the graph held, so its line adds nothing.
      const answered = options.mergeNearDuplicates ? splitAnswered(text) : undefined;
      if (answered && replyPrefixes(answered.reply).some((prefix) => heldTexts.has(globalKey(prefix)))) {
        observationsMergedCount += 1;
        continue;
      }
      if (options.mergeNearDuplicates && isNearDuplicate(text, target.observations)) {
        observationsMergedCount += 1;
        continue;
      }
      // The answer to a question logged plain by an earlier sync takes the plain line's place.
      const plainAt = answered ? target.observations.findIndex((held) => isPlainAsk(held, answered.plain)) : -1;
      if (plainAt >= 0) {
        observationKeys.delete(canonicalObservationKey(target.name, target.observations[plainAt] ?? ''));
        target.observations.splice(plainAt, 1);
      }
      observationKeys.add(observationKey);
      target.observations.push(text);
      if (global !== undefined) {
        addedTexts.add(global);
      }
      addedStatements.push({ entityKey: key, observation: text, sequence: sequenceOf(entityIndex, observationIndex) });
      counts.observationsAddedCount += 1;
      changed = true;
    }
    if (incoming.supersededBy && !target.supersededBy) {
      target.supersededBy = incoming.supersededBy;
      counts.supersededRecordsCount += 1;
      changed = true;
    }
    // A new entity whose every statement was already held elsewhere, and that no relation needs, is not created.
    // (Only by the record that created it: a later record of the same delta that adds nothing leaves what an earlier
    // one added.)
    if (createdHere && !changed && incoming.observations.length > 0 && !relationEnds.has(key)) {
      entities.delete(key);
      counts.entitiesAddedCount -= 1;
      continue;
    }
    if (changed || !existingKeys.has(key)) {
      target.updatedAt = !existingKeys.has(key) && incoming.updatedAt ? incoming.updatedAt : writeTimeUtc;
      changedEntities.add(key);
    }
  }

  const relations = new Map(graph.relations.map((relation) => [canonicalRelationKey(relation), relation] as const));
  for (const relation of delta.relations) {
    const problem =
      validateLabel(relation.from, 'source') ??
      validateLabel(relation.to, 'target') ??
      validateLabel(relation.relationType, 'relation type');
    if (problem) {
      rejected.push(`relation ${JSON.stringify(`${relation.from} ${relation.relationType} ${relation.to}`)}: ${problem}`);
      continue;
    }
    if (!entities.has(canonicalEntityKey(relation.from)) || !entities.has(canonicalEntityKey(relation.to))) {
      rejected.push(
        `relation ${JSON.stringify(`${relation.from} ${relation.relationType} ${relation.to}`)}: an endpoint is not in the graph`,
      );
      continue;
    }
    const key = canonicalRelationKey(relation);
    if (relations.has(key)) {
      continue;
    }
    relations.set(key, { from: relation.from.trim(), to: relation.to.trim(), relationType: relation.relationType.trim() });
    counts.relationsAddedCount += 1;
    changedEntities.add(canonicalEntityKey(relation.from));
    changedEntities.add(canonicalEntityKey(relation.to));
  }

  const statementsSupersededCount = supersedeStatements({ entities: [...entities.values()], relations: [] }, addedStatements);
  return {
    graph: sortGraph({ entities: [...entities.values()], relations: [...relations.values()] }),
    counts,
    statementsSupersededCount,
    rejected,
    changedEntities: [...changedEntities],
    observationsMergedCount,
  };
}

// Whether a held observation is the plain, unanswered line of a question.
const isPlainAsk = (held: string, plain: string): boolean => {
  const statement = parseStatement(held);
  return statement.kind === 'todo' && statement.text === plain;
};

// A statement's text as the graph-wide duplicate check sees it: no tag, case and spacing ignored.
const globalKey = (observation: string): string => stripProvenance(observation).replace(/\s+/g, ' ').trim().toLowerCase();

// Whether a new observation says what one of the held ones already says (compared without provenance; at most 200 compared).
function isNearDuplicate(text: string, held: readonly string[]): boolean {
  const bare = stripProvenance(text).toLowerCase();
  let slots: Slot[] | undefined;
  for (const existing of held.slice(-200)) {
    const other = stripProvenance(existing).toLowerCase();
    if (Math.min(bare.length, other.length) < OBSERVATION_MERGE_SIMILARITY * Math.max(bare.length, other.length)) {
      continue;
    }
    if (similarity(bare, other) >= OBSERVATION_MERGE_SIMILARITY && !differsInIdentifiers(bare, other)) {
      // A new value of the same slot is an update, however alike the two read ("`@log_level :info`" then ":debug"):
      // it supersedes the older statement (capture/supersede-statements.ts) instead of merging into it.
      slots ??= slotsOfStatement(parseStatement(text));
      const otherSlots = slots.length > 0 ? slotsOfStatement(parseStatement(existing)) : [];
      if (slots.some((slot) => otherSlots.some((held) => held.key === slot.key && held.value !== slot.value))) {
        continue;
      }
      return true;
    }
  }
  return false;
}

// Stable order for clean diffs: entities by name, relations by source/type/target, observations inside each entity.
export function sortGraph(graph: KnowledgeGraph): KnowledgeGraph {
  const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const entities = graph.entities
    .map((entity) => ({ ...entity, observations: [...entity.observations].sort(compare) }))
    .sort((a, b) => compare(a.name, b.name));
  const relations = [...graph.relations].sort(
    (a, b) => compare(a.from, b.from) || compare(a.relationType, b.relationType) || compare(a.to, b.to),
  );
  return { entities, relations };
}

// Collapses duplicate entities, observations and relations (first seen wins, dates kept), e.g. after a git merge.
export function dedupeGraph(graph: KnowledgeGraph): { graph: KnowledgeGraph; duplicatesRemoved: number } {
  const entities = new Map<string, GraphEntity>();
  let duplicatesRemoved = 0;
  for (const entity of graph.entities) {
    const key = canonicalEntityKey(entity.name);
    const kept = entities.get(key);
    if (!kept) {
      entities.set(key, { ...entity, observations: [...new Set(entity.observations.map((text) => text.trim()))] });
      duplicatesRemoved += entity.observations.length - new Set(entity.observations.map((text) => text.trim())).size;
      continue;
    }
    duplicatesRemoved += 1;
    for (const observation of entity.observations) {
      if (kept.observations.includes(observation.trim())) {
        continue;
      }
      kept.observations.push(observation.trim());
    }
    if ((entity.updatedAt ?? '') > (kept.updatedAt ?? '')) {
      kept.updatedAt = entity.updatedAt;
    }
    if (!kept.supersededBy && entity.supersededBy) {
      kept.supersededBy = entity.supersededBy;
    }
  }
  const relations = new Map<string, GraphRelation>();
  for (const relation of graph.relations) {
    const key = canonicalRelationKey(relation);
    if (relations.has(key)) {
      duplicatesRemoved += 1;
    } else {
      relations.set(key, relation);
    }
  }
  return { graph: sortGraph({ entities: [...entities.values()], relations: [...relations.values()] }), duplicatesRemoved };
}

// "service-0" and "service-1", "port 3000" and "port 3001", "always X" and "never X", "fooBar" and "fooBaz", "npm" and "pnpm":
// texts that differ in a number, an identifier or a negation say different things, however similar their letters.
function differsInIdentifiers(a: string, b: string): boolean {
  const tokens = (text: string): Set<string> =>
    new Set(
      text
        .split(/[^\w.'-]+/)
        .filter(
          (token) =>
            /\d/.test(token) ||
            /[a-z][A-Z]|_/.test(token) ||
            NEGATION_OR_POLARITY.test(token) ||
            canonicalTechnology(token.replace(/[.']+$/, '')) !== undefined,
        )
        .map((token) =>
          NEGATION_OR_POLARITY.test(token)
            ? token.toLowerCase().replace(/n't$/, ' not')
            : (canonicalTechnology(token.replace(/[.']+$/, '')) ?? token),
        ),
    );
  const left = tokens(a);
  const right = tokens(b);
  return left.size !== right.size || [...left].some((token) => !right.has(token));
}

const NEGATION_OR_POLARITY =
  /^(?:not|no|never|always|none|nothing|without|avoid|stop|don't|doesn't|isn't|aren't|won't|can't|cannot|shouldn't|mustn't|wasn't|didn't|must|only|disable[ds]?|enable[ds]?|off|on|before|after|true|false)$/i;
