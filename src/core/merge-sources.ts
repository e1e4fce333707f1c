// Merging what several sources (the bank and a memory server) found for one prompt: each memory tagged with its
// source, the same entity found in two sources made one cross-validated memory, results capped per source, and the
// relations between memories shown together added. (core/merge.ts merges deltas into a graph; this merges results.)
import type { GraphView } from './graph-view.ts';
import { canonicalEntityKey, stripProvenance } from './graph.ts';
import { describeEntity, type Memory, type RelationStep } from './memory.ts';

// One source of memories: a store's graph as retrieval reads it, and the store's name for reports.
export interface SourceView {
  source: string;
  view: GraphView;
}

// A memory of one source, tagged with the source's name and its place in the list of sources.
export const tagSource = (memory: Memory, source: string, origin: number): Memory => ({ ...memory, stores: [source], origin });

// The same entity (by canonical name) found in several sources becomes one memory: the more relevant copy, with
// the observations only the other holds, the later date, both sources, and marked cross-validated (two stores
// agreeing is the strongest validation a memory can get).
export function mergeSameEntities(memories: readonly Memory[], sourceOrder: (source: string) => number): Memory[] {
  if (!memories.some((memory, index) => index > 0 && memory.origin !== memories[0]?.origin)) {
    return [...memories];
  }
  const byKey = new Map<string, Memory>();
  for (const memory of memories) {
    const key = canonicalEntityKey(memory.entity.name);
    const held = byKey.get(key);
    if (!held) {
      byKey.set(key, memory);
      continue;
    }
    const [keep, other] = memory.relevance > held.relevance ? [memory, held] : [held, memory];
    // An observation both hold is one, whatever its provenance tag says (the same fact synced in two sessions).
    const known = new Set(keep.entity.observations.map((text) => stripProvenance(text).trim()));
    const observations = [
      ...keep.entity.observations,
      ...other.entity.observations.filter((text) => !known.has(stripProvenance(text).trim())),
    ];
    const updatedAt = [keep.entity.updatedAt, other.entity.updatedAt]
      .filter((time): time is string => !!time)
      .sort()
      .pop();
    const entity = { ...keep.entity, observations, ...(updatedAt ? { updatedAt } : {}) };
    byKey.set(key, {
      ...keep,
      entity,
      text: describeEntity(entity),
      ...(updatedAt ? { timestamp: updatedAt } : {}),
      stores: [...new Set([...keep.stores, ...other.stores])].sort((a, b) => sourceOrder(a) - sourceOrder(b)),
      crossValidated: keep.crossValidated || keep.origin !== other.origin || other.crossValidated,
      entities: [...new Set([...keep.entities, ...other.entities])],
      graphRelations: [
        ...keep.graphRelations,
        ...other.graphRelations.filter((step) => !keep.graphRelations.some((known) => sameStep(known, step))),
      ],
    });
  }
  return [...byKey.values()];
}

// At most max memories whose first source is each source (the seed: MEMORY_FABRIC_MAX_RESULTS per source).
export function capPerSource(memories: readonly Memory[], max: number): Memory[] {
  const taken = new Map<string, number>();
  return memories.filter((memory) => {
    const source = memory.stores[0] ?? memory.source;
    const count = taken.get(source) ?? 0;
    taken.set(source, count + 1);
    return count < max;
  });
}

const sameStep = (a: RelationStep, b: RelationStep): boolean =>
  `${a.from}|${a.relation}|${a.to}`.toLowerCase() === `${b.from}|${b.relation}|${b.to}`.toLowerCase();

// Adds to each memory the relations that tie it to other memories shown with it (in the memory's own source), so
// the context shows the links.
export function linkResults(memories: Memory[], sources: readonly SourceView[]): Memory[] {
  const shown = new Set(memories.map((memory) => `${memory.origin}:${memory.ref}`));
  return memories.map((memory) => {
    const view = sources[memory.origin]?.view;
    if (!view) {
      return memory;
    }
    const links: RelationStep[] = view
      .relationsOf(memory.ref)
      .filter((relation) => relation.from === memory.ref && shown.has(`${memory.origin}:${relation.to}`))
      .map((relation) => ({ from: view.name(relation.from), relation: relation.relationType, to: view.name(relation.to) }))
      .filter((step) => !memory.graphRelations.some((known) => sameStep(known, step)));
    return links.length === 0 ? memory : { ...memory, graphRelations: [...memory.graphRelations, ...links] };
  });
}
