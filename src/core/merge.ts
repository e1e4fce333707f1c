// Merges a delta into a graph with the memory-bank seed's first-seen canonical dedup and stable sort.
import {
  canonicalEntityKey,
  canonicalObservationKey,
  canonicalRelationKey,
  validateName,
  type GraphDelta,
  type GraphEntity,
  type KnowledgeGraph,
} from './graph.ts';

export interface MergeCounts {
  entitiesAddedCount: number;
  relationsAddedCount: number;
  observationsAddedCount: number;
  supersededRecordsCount: number;
}

export interface MergeOutcome {
  graph: KnowledgeGraph;
  counts: MergeCounts;
  // Records of the delta that were refused, each with its reason.
  rejected: string[];
}

// Adds what is new in the delta to the graph; the input graph is not changed.
export function mergeDelta(graph: KnowledgeGraph, delta: GraphDelta, writeTimeUtc: string): MergeOutcome {
  const counts: MergeCounts = { entitiesAddedCount: 0, relationsAddedCount: 0, observationsAddedCount: 0, supersededRecordsCount: 0 };
  const rejected: string[] = [];
  const entities = new Map<string, GraphEntity>();
  const observationKeys = new Set<string>();
  for (const entity of graph.entities) {
    const key = canonicalEntityKey(entity.name);
    if (entities.has(key)) continue;
    entities.set(key, { ...entity, observations: [...entity.observations] });
    for (const observation of entity.observations) observationKeys.add(canonicalObservationKey(entity.name, observation));
  }

  for (const incoming of delta.entities) {
    const nameProblem = validateName(incoming.name) ?? validateName(incoming.entityType);
    if (nameProblem) {
      rejected.push(`entity ${JSON.stringify(incoming.name)}: ${nameProblem}`);
      continue;
    }
    const key = canonicalEntityKey(incoming.name);
    let target = entities.get(key);
    if (!target) {
      target = { name: incoming.name.trim(), entityType: incoming.entityType.trim(), observations: [], updatedAt: writeTimeUtc };
      entities.set(key, target);
      counts.entitiesAddedCount += 1;
    }
    let changed = false;
    for (const observation of incoming.observations) {
      const text = observation.trim();
      const observationKey = canonicalObservationKey(target.name, text);
      if (text === '' || observationKeys.has(observationKey)) continue;
      observationKeys.add(observationKey);
      target.observations.push(text);
      counts.observationsAddedCount += 1;
      changed = true;
    }
    if (incoming.supersededBy && !target.supersededBy) {
      target.supersededBy = incoming.supersededBy;
      counts.supersededRecordsCount += 1;
      changed = true;
    }
    if (changed) target.updatedAt = writeTimeUtc;
  }

  const relations = new Map(graph.relations.map((relation) => [canonicalRelationKey(relation), relation] as const));
  for (const relation of delta.relations) {
    const problem = validateName(relation.from) ?? validateName(relation.to) ?? validateName(relation.relationType);
    if (problem) {
      rejected.push(`relation ${JSON.stringify(`${relation.from} ${relation.relationType} ${relation.to}`)}: ${problem}`);
      continue;
    }
    if (!entities.has(canonicalEntityKey(relation.from)) || !entities.has(canonicalEntityKey(relation.to))) {
      rejected.push(`relation ${JSON.stringify(`${relation.from} ${relation.relationType} ${relation.to}`)}: an endpoint is not in the graph`);
      continue;
    }
    const key = canonicalRelationKey(relation);
    if (relations.has(key)) continue;
    relations.set(key, { from: relation.from.trim(), to: relation.to.trim(), relationType: relation.relationType.trim() });
    counts.relationsAddedCount += 1;
  }

  return { graph: sortGraph({ entities: [...entities.values()], relations: [...relations.values()] }), counts, rejected };
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
