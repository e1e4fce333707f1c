// Cross-reference boost and final ranking: recency^0.3 · relevance^0.5 · authority^0.2 (see docs/ranking.md).
import type { Memory } from './memory.ts';
import { wordRuns } from './text.ts';

// The exponents of the ranking product (see above): they sum to 1, a weighted geometric mean of the three factors.
export const RANK_WEIGHTS = { recency: 0.3, relevance: 0.5, authority: 0.2 } as const;
// Half-life of the recency factor, in days.
export const RECENCY_HALF_LIFE_DAYS = 30;
// The recency factor never falls below this: an old decision can still be the right answer.
export const RECENCY_FLOOR = 0.1;
// An entity with no date gets this neutral recency.
export const RECENCY_NEUTRAL = 0.5;
const BOOST_STATEMENTS = 5;
// Of a memory's statements that answer, the best this many are read for names of other entities: each of their word
// runs is looked up, and the best memories of a bank may each bring a dozen (session 20: reading them all cost the
// latency bench's answered prompt 10% of its wall time; the two best measured the same or better on the graph sets).
const BOOST_ANSWERING = 2;
const CURATED_TYPES = new Set(['decision', 'convention', 'preference', 'fix', 'blocker', 'error']);

// Recency factor in (0, 1] from an ISO time and now (milliseconds since the epoch).
export function computeRecency(timestamp: string | undefined, nowMs: number): number {
  if (!timestamp) {
    return RECENCY_NEUTRAL;
  }
  const time = Date.parse(timestamp);
  if (Number.isNaN(time)) {
    return RECENCY_NEUTRAL;
  }
  const ageDays = Math.max(0, nowMs - time) / 86_400_000;
  return Math.max(RECENCY_FLOOR, 0.5 ** (ageDays / RECENCY_HALF_LIFE_DAYS));
}

// Source authority in (0, 1]: graph entities 0.7, curated kinds (decisions, fixes) 0.85, +0.15 when cross-validated; superseded ×0.3.
export function computeAuthority(memory: Memory): number {
  const base = CURATED_TYPES.has(memory.entity.entityType.toLowerCase()) ? 0.85 : 0.7;
  const validated = memory.crossValidated ? 0.15 : 0;
  const superseded = memory.entity.supersededBy ? 0.3 : 1;
  return Math.min(1, (base + validated) * superseded);
}

// Multiplies relevance by the factor when the memory's statements that answer mention another entity of the graph
// (the seed's Step 5).
// The text's words and runs of up to four words are looked up as names: the cost follows the results, not the graph.
export function boostCrossReferences(
  memories: readonly Memory[],
  nameOf: (candidate: string) => string | undefined,
  factor: number,
  nameHeads?: ReadonlySet<string>,
): Memory[] {
  // Results share most of their words: each run is looked up once.
  const looked = new Map<string, string | undefined>();
  return memories.map((memory) => {
    const mentioned = new Set<string>();
    // The best statements that answer (or the first few): an entity may hold hundreds, and only a few are shown.
    const answering = memory.statements.filter((entry) => entry.index >= 0).slice(0, BOOST_ANSWERING);
    const texts =
      answering.length > 0
        ? answering.map((entry) => memory.entity.observations[entry.index] ?? '')
        : memory.entity.observations.slice(0, BOOST_STATEMENTS);
    for (const observation of texts) {
      for (const run of wordRuns(observation, nameHeads)) {
        let name = looked.get(run);
        if (name === undefined && !looked.has(run)) {
          name = nameOf(run);
          looked.set(run, name);
        }
        if (name && name.length >= 3 && name !== memory.entity.name) {
          mentioned.add(name);
        }
      }
    }
    if (mentioned.size === 0) {
      return memory;
    }
    const entitiesAfter = [...memory.entities, ...[...mentioned].filter((name) => !memory.entities.includes(name))];
    return {
      ...memory,
      entities: entitiesAfter,
      relevance: memory.relevance * factor,
      breakdown: { ...memory.breakdown, boost: factor },
    };
  });
}

// Scores and orders memories (the breakdown keeps the relevance before the boost); superseded ones always fall below what superseded them.
export function rankMemories(memories: readonly Memory[], nowMs: number): Memory[] {
  // Boosted relevance above 1 is scaled back into (0, 1] over all memories (a cap at 1 would tie the best ones).
  const top = Math.max(1, ...memories.map((memory) => memory.relevance));
  const scored = memories.map((memory) => {
    const recency = computeRecency(memory.timestamp, nowMs);
    const authority = computeAuthority(memory);
    const relevance = memory.relevance / top;
    const score = recency ** RANK_WEIGHTS.recency * relevance ** RANK_WEIGHTS.relevance * authority ** RANK_WEIGHTS.authority;
    return { ...memory, relevance, score, breakdown: { ...memory.breakdown, recency, authority } };
  });
  const byName = new Map(scored.map((memory) => [memory.entity.name.toLowerCase(), memory] as const));
  for (const memory of scored) {
    const successor = memory.entity.supersededBy ? byName.get(memory.entity.supersededBy.toLowerCase()) : undefined;
    if (successor && memory.score >= successor.score) {
      memory.score = successor.score * 0.99;
    }
  }
  return scored.sort((a, b) => b.score - a.score || (a.entity.name < b.entity.name ? -1 : a.entity.name > b.entity.name ? 1 : 0));
}
