// A graph as retrieval reads it: an inverted index of word stems, entities loaded by id, relations by id.
// Built in memory from a graph (buildGraphView), or loaded from the bank's search index files (stores/bank/search-index-files.ts):
// retrieval is the same code on both, so every store ranks the same graph the same way.
import { canonicalEntityKey, type GraphEntity, type KnowledgeGraph } from './graph.ts';
import { extractTerms, nameHead } from './text.ts';

export interface IndexedRelation {
  from: number;
  to: number;
  relationType: string;
}

// Per entity: what recency and the session-start selection need without loading the entity.
export interface EntitySummary {
  updatedAt?: string;
  superseded: boolean;
  degree: number;
}

export interface GraphView {
  readonly size: number;
  // True when this is an index of an older version of the graph, served while the index is rebuilt.
  readonly behind?: boolean;
  entity(id: number): GraphEntity;
  idOf(name: string): number | undefined;
  // The name of entity id (as the graph spells it).
  name(id: number): string;
  // The first words of the names that have several words (see wordRuns).
  nameHeads(): ReadonlySet<string>;
  // Only the session-start selection needs every summary; retrieval asks this.
  isSuperseded(id: number): boolean;
  summaries(): readonly EntitySummary[];
  relationsOf(id: number): readonly IndexedRelation[];
  // Every indexed stem that contains the needle.
  stemsContaining(needle: string): readonly string[];
  // Where a stem occurs: one posting per entity, flat (no object per posting: common words have thousands).
  // See POSTING_WIDTH.
  postings(stem: string): Int32Array;
}

const EMPTY = new Int32Array(0);

export const NAME_FIELD = 0;
export const TYPE_FIELD = -1;

// A posting is three ints: the entity id; flags (bit 0: in the name, bit 1: in the type, bits 2 and up: how many
// observations hold the stem); and a bitmask of which of the first 32 observations hold it. One posting per
// entity, not per field: a word common in the graph has far fewer of them, and scoring a prompt reads them all.
export const POSTING_WIDTH = 3;
export const IN_NAME = 1;
export const IN_TYPE = 2;
export const COUNT_SHIFT = 2;

// The stems of each field of an entity: [field, stems] pairs (name, type, then each observation).
export function entityFields(entity: GraphEntity): Array<[number, string[]]> {
  return [
    [NAME_FIELD, extractTerms(entity.name)],
    [TYPE_FIELD, extractTerms(entity.entityType)],
    ...entity.observations.map((text, index): [number, string[]] => [index + 1, extractTerms(text)]),
  ];
}

// The postings of a whole graph: stem -> flat postings (see POSTING_WIDTH), in id order. Every posting goes into
// one growing typed array with its stem's number, then they are grouped by stem with a counting sort: a reader that
// finds the index stale rebuilds it inside a prompt, and at 10,000 entities arrays of numbers per stem (and an
// object per posting) took that prompt's memory far over 150 MB.
export function buildPostings(entities: readonly GraphEntity[]): Map<string, Int32Array> {
  const stemIds = new Map<string, number>();
  const perStem: number[] = [];
  const QUAD = POSTING_WIDTH + 1;
  let all = new Int32Array(1 << 16);
  let used = 0;
  // This entity's postings, by stem number: a slot in flags/bits (reused from entity to entity).
  const slots = new Map<number, number>();
  const flags: number[] = [];
  const bits: number[] = [];
  entities.forEach((entity, id) => {
    slots.clear();
    for (const [field, stems] of entityFields(entity)) {
      for (const stem of new Set(stems)) {
        let stemId = stemIds.get(stem);
        if (stemId === undefined) {
          stemId = stemIds.size;
          stemIds.set(stem, stemId);
          perStem.push(0);
        }
        let slot = slots.get(stemId);
        if (slot === undefined) {
          slot = slots.size;
          slots.set(stemId, slot);
          flags[slot] = 0;
          bits[slot] = 0;
        }
        if (field === NAME_FIELD) {
          flags[slot] = (flags[slot] as number) | IN_NAME;
        } else if (field === TYPE_FIELD) {
          flags[slot] = (flags[slot] as number) | IN_TYPE;
        } else {
          flags[slot] = (flags[slot] as number) + (1 << COUNT_SHIFT);
          if (field <= 32) {
            bits[slot] = (bits[slot] as number) | (1 << (field - 1));
          }
        }
      }
    }
    if (used + slots.size * QUAD > all.length) {
      const grown = new Int32Array(Math.max(all.length * 2, used + slots.size * QUAD));
      grown.set(all.subarray(0, used));
      all = grown;
    }
    for (const [stemId, slot] of slots) {
      all[used] = stemId;
      all[used + 1] = id;
      all[used + 2] = flags[slot] as number;
      all[used + 3] = bits[slot] as number;
      used += QUAD;
      perStem[stemId] = (perStem[stemId] as number) + 1;
    }
  });
  // Counting sort by stem; within a stem the postings stay in id order.
  const starts = new Int32Array(perStem.length + 1);
  for (let stemId = 0; stemId < perStem.length; stemId += 1) {
    starts[stemId + 1] = (starts[stemId] as number) + (perStem[stemId] as number) * POSTING_WIDTH;
  }
  const grouped = new Int32Array(starts[perStem.length] as number);
  const next = starts.slice(0, perStem.length);
  for (let at = 0; at < used; at += QUAD) {
    const stemId = all[at] as number;
    const to = next[stemId] as number;
    grouped[to] = all[at + 1] as number;
    grouped[to + 1] = all[at + 2] as number;
    grouped[to + 2] = all[at + 3] as number;
    next[stemId] = to + POSTING_WIDTH;
  }
  const postings = new Map<string, Int32Array>();
  for (const [stem, stemId] of stemIds) {
    postings.set(stem, grouped.subarray(starts[stemId], starts[stemId + 1]));
  }
  return postings;
}

// Relations by entity id (both ends), dropping those whose ends are not entities of the graph.
export function indexRelations(graph: KnowledgeGraph, idOf: (name: string) => number | undefined): IndexedRelation[][] {
  const byId: IndexedRelation[][] = graph.entities.map(() => []);
  for (const relation of graph.relations) {
    const from = idOf(relation.from);
    const to = idOf(relation.to);
    if (from === undefined || to === undefined) {
      continue;
    }
    const indexed = { from, to, relationType: relation.relationType };
    byId[from]?.push(indexed);
    if (to !== from) {
      byId[to]?.push(indexed);
    }
  }
  return byId;
}

export function summarize(graph: KnowledgeGraph, relationsById: readonly IndexedRelation[][]): EntitySummary[] {
  return graph.entities.map((entity, id) => ({
    ...(entity.updatedAt ? { updatedAt: entity.updatedAt } : {}),
    superseded: !!entity.supersededBy,
    degree: relationsById[id]?.length ?? 0,
  }));
}

// Canonical name -> id (the first entity of a name wins), and the heads of names of several words.
export function indexNames(names: readonly string[]): { ids: Map<string, number>; heads: Set<string> } {
  const ids = new Map<string, number>();
  const heads = new Set<string>();
  for (let id = names.length - 1; id >= 0; id -= 1) {
    const key = canonicalEntityKey(names[id] as string);
    ids.set(key, id);
    const head = nameHead(key);
    if (head !== undefined) {
      heads.add(head);
    }
  }
  return { ids, heads };
}

// A view of a graph held in memory (tokenizes every entity: fine for small graphs and tests; the bank keeps
// a prebuilt index on disk for large ones).
export function buildGraphView(graph: KnowledgeGraph): GraphView {
  const { ids, heads } = indexNames(graph.entities.map((entity) => entity.name));
  const idOf = (name: string): number | undefined => ids.get(canonicalEntityKey(name));
  const postings = buildPostings(graph.entities);
  const stems = [...postings.keys()];
  const relations = indexRelations(graph, idOf);
  const summaries = summarize(graph, relations);
  const names = graph.entities.map((entity) => entity.name);
  return {
    size: graph.entities.length,
    entity: (id) => graph.entities[id] as GraphEntity,
    idOf,
    name: (id) => names[id] ?? '',
    nameHeads: () => heads,
    isSuperseded: (id) => summaries[id]?.superseded === true,
    summaries: () => summaries,
    relationsOf: (id) => relations[id] ?? [],
    stemsContaining: (needle) => stems.filter((stem) => stem.includes(needle)),
    postings: (stem) => postings.get(stem) ?? EMPTY,
  };
}
