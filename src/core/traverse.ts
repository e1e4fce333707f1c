// Expands the best matches through relations, up to two hops, with decaying relevance (the seed's traversal).
import { canonicalEntityKey, type GraphEntity, type GraphRelation } from './graph.ts';
import { normalizeEntity, toStep, type Memory, type RelationStep } from './memory.ts';

export const HOP_DECAY = 0.5;

export interface TraverseOptions {
  maxHops: number;
  seeds: number;
}

// Returns the seeds plus related entities not already present, each with the path that reached it.
export function traverseRelations(
  seeds: readonly Memory[],
  entities: readonly GraphEntity[],
  relations: readonly GraphRelation[],
  options: TraverseOptions = { maxHops: 2, seeds: 5 },
): Memory[] {
  const byKey = new Map(entities.map((entity) => [canonicalEntityKey(entity.name), entity] as const));
  const adjacency = new Map<string, GraphRelation[]>();
  for (const relation of relations) {
    for (const end of [relation.from, relation.to]) {
      const key = canonicalEntityKey(end);
      const list = adjacency.get(key) ?? [];
      list.push(relation);
      adjacency.set(key, list);
    }
  }
  const found = new Map(seeds.map((memory) => [canonicalEntityKey(memory.entity.name), memory] as const));
  let frontier = seeds.slice(0, options.seeds).map((memory) => ({ memory, path: [] as RelationStep[] }));
  for (let hop = 1; hop <= options.maxHops; hop += 1) {
    const next: typeof frontier = [];
    for (const { memory, path } of frontier) {
      for (const relation of adjacency.get(canonicalEntityKey(memory.entity.name)) ?? []) {
        const otherName = canonicalEntityKey(relation.from) === canonicalEntityKey(memory.entity.name) ? relation.to : relation.from;
        const otherKey = canonicalEntityKey(otherName);
        const other = byKey.get(otherKey);
        if (!other) continue;
        const relevance = memory.relevance * HOP_DECAY;
        const existing = found.get(otherKey);
        const stepPath = [...path, toStep(relation)];
        if (existing) {
          if (existing.breakdown.hops > 0 && existing.relevance < relevance) found.set(otherKey, normalizeEntity(other, relevance, [], hop, stepPath));
          continue;
        }
        const reached = normalizeEntity(other, relevance, [], hop, stepPath);
        found.set(otherKey, reached);
        next.push({ memory: reached, path: stepPath });
      }
    }
    frontier = next;
  }
  return [...found.values()];
}
