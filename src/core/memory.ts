// One memory in the seed's normalized result format, with the reasons for its score.
import type { GraphEntity } from './graph.ts';
import type { StatementScore } from './retrieval/score-statements.ts';

// One hop of the path that reached a memory through relations, by entity names (rendered and reported).
export interface RelationStep {
  from: string;
  relation: string;
  to: string;
}

// The factors of a memory's score (rank.ts multiplies them), printed by `search --json` and the context hook's log.
export interface ScoreBreakdown {
  relevance: number;
  recency: number;
  authority: number;
  boost: number;
  hops: number;
  // The entity's raw BM25 score (0 for memories not scored against a prompt).
  raw: number;
}

// Where a session-start memory belongs (see retrieval/session-start.ts).
export type MemorySection = 'preferences' | 'conventions' | 'stack' | 'sessions' | 'recent';

// A retrieved entity in the seed's result format (`search --json` prints it) with what render.ts needs to show it.
export interface Memory {
  id: string;
  // The entity's position in the GraphView it came from.
  ref: number;
  text: string;
  source: 'graph';
  timestamp?: string;
  relevance: number;
  score: number;
  entities: string[];
  entity: GraphEntity;
  graphRelations: RelationStep[];
  matchedTerms: string[];
  crossValidated: boolean;
  mergedIds: string[];
  breakdown: ScoreBreakdown;
  // The sources (stores) that hold it, the one it was ranked from first, and that source's position in the
  // retrieval (ref is an id in that source's GraphView).
  stores: string[];
  origin: number;
  // The statements that answer the prompt, best first (index into entity.observations; -1 is the name).
  statements: StatementScore[];
  section?: MemorySection;
  // Named by the prompt (its name, or a session placed in time): shown with its status beside what answers.
  named?: boolean;
}

// The text a memory is compared (dedupe) and reported by: the entity's name, type and the statements that answer
// (its first few when none do). Not every observation: an entity may hold hundreds.
export function describeEntity(entity: GraphEntity, statements: readonly StatementScore[] = []): string {
  const chosen = statements.filter((entry) => entry.index >= 0).slice(0, DESCRIBED_STATEMENTS);
  const texts =
    chosen.length > 0 ? chosen.map((entry) => entity.observations[entry.index] ?? '') : entity.observations.slice(0, DESCRIBED_STATEMENTS);
  return `${entity.name} (${entity.entityType})${texts.length > 0 ? `: ${texts.join('; ')}` : ''}`;
}
const DESCRIBED_STATEMENTS = 5;

// Normalizes a scored entity to a memory (the seed's Step 3).
export function normalizeEntity(
  ref: number,
  entity: GraphEntity,
  relevance: number,
  matchedTerms: string[],
  hops = 0,
  path: RelationStep[] = [],
  statements: StatementScore[] = [],
  raw = 0,
): Memory {
  return {
    id: `graph:${entity.name}`,
    ref,
    text: describeEntity(entity, statements),
    source: 'graph',
    ...(entity.updatedAt ? { timestamp: entity.updatedAt } : {}),
    relevance,
    score: 0,
    entities: [entity.name, ...path.flatMap((step) => [step.from, step.to]).filter((name) => name !== entity.name)].filter(
      (name, position, names) => names.indexOf(name) === position,
    ),
    entity,
    graphRelations: path,
    matchedTerms,
    crossValidated: false,
    mergedIds: [],
    breakdown: { relevance, recency: 1, authority: 1, boost: 1, hops, raw },
    stores: ['graph'],
    origin: 0,
    statements,
  };
}
