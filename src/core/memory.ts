// One memory in the seed's normalized result format, with the reasons for its score.
import type { GraphEntity, GraphRelation } from './graph.ts';

export interface RelationStep {
  from: string;
  relation: string;
  to: string;
}

export interface ScoreBreakdown {
  relevance: number;
  recency: number;
  authority: number;
  boost: number;
  hops: number;
}

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
}

// The text a memory is compared and shown by: the entity's name, type and observations.
export function describeEntity(entity: GraphEntity): string {
  const observations = entity.observations.length > 0 ? `: ${entity.observations.join('; ')}` : '';
  return `${entity.name} (${entity.entityType})${observations}`;
}

// Normalizes a scored entity to a memory (the seed's Step 3).
export function normalizeEntity(
  ref: number,
  entity: GraphEntity,
  relevance: number,
  matchedTerms: string[],
  hops = 0,
  path: RelationStep[] = [],
): Memory {
  return {
    id: `graph:${entity.name}`,
    ref,
    text: describeEntity(entity),
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
    breakdown: { relevance, recency: 1, authority: 1, boost: 1, hops },
    stores: ['graph'],
    origin: 0,
  };
}

export const toStep = (relation: GraphRelation): RelationStep => ({
  from: relation.from,
  relation: relation.relationType,
  to: relation.to,
});
