// Expands the best matches through relations, up to two hops, with decaying relevance (the seed's traversal).
import { canonicalEntityKey, type GraphEntity, type GraphRelation } from './graph.ts';
import { normalizeEntity, toStep, type Memory, type RelationStep } from './memory.ts';
import { extractTerms } from './text.ts';

export const HOP_DECAY = 0.5;
// A hop through a relation the prompt asks about ("what resolved X" -> resolved_by) keeps most of its relevance.
export const ASKED_RELATION_DECAY = 0.95;

export interface TraverseOptions {
  maxHops: number;
  seeds: number;
  // The query's search terms: relation types that share one are the relations the prompt asks about.
  queryTerms?: readonly string[];
}

// Returns the seeds plus related entities not already present, each with the path that reached it.
export function traverseRelations(
  seeds: readonly Memory[],
  entities: readonly GraphEntity[],
  relations: readonly GraphRelation[],
  options: TraverseOptions = { maxHops: 2, seeds: 5 },
): Memory[] {
  // The words of the prompt that are not the name of the entity a hop starts from ask about the relation.
  const decayOf = (relationType: string, from: GraphEntity): number => {
    const own = new Set(extractTerms(from.name));
    const asked = (options.queryTerms ?? []).filter((term) => !own.has(term));
    const terms = extractTerms(relationType.replace(/[_-]+/g, ' '));
    const isAsked = terms.some((term) => asked.some((wanted) => wanted === term || (wanted.length >= 4 && term.length >= 4 && (term.startsWith(wanted) || wanted.startsWith(term)))));
    return isAsked ? ASKED_RELATION_DECAY : HOP_DECAY;
  };
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
        const relevance = memory.relevance * decayOf(relation.relationType, memory.entity);
        const existing = found.get(otherKey);
        const stepPath = [...path, toStep(relation)];
        if (existing) {
          // Reached more strongly through a relation than by its own words: the relation is why it matters.
          if (existing.relevance < relevance) found.set(otherKey, normalizeEntity(other, relevance, existing.matchedTerms, hop, stepPath));
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
