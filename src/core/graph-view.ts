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

// The postings of a whole graph: stem -> flat postings (see POSTING_WIDTH), in id order.
export function buildPostings(entities: readonly GraphEntity[]): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  entities.forEach((entity, id) => {
    // This entity's posting of each stem: [flags, bits].
    const own = new Map<string, [number, number]>();
    for (const [field, stems] of entityFields(entity)) {
      for (const stem of new Set(stems)) {
        const posting = own.get(stem) ?? [0, 0];
        if (field === NAME_FIELD) posting[0] |= IN_NAME;
        else if (field === TYPE_FIELD) posting[0] |= IN_TYPE;
        else {
          posting[0] += 1 << COUNT_SHIFT;
          if (field <= 32) posting[1] |= 1 << (field - 1);
        }
        own.set(stem, posting);
      }
    }
    for (const [stem, [flags, bits]] of own) {
      const list = lists.get(stem);
      if (list) list.push(id, flags, bits);
      else lists.set(stem, [id, flags, bits]);
    }
  });
  return new Map([...lists].map(([stem, list]) => [stem, Int32Array.from(list)] as const));
}

// Relations by entity id (both ends), dropping those whose ends are not entities of the graph.
export function indexRelations(graph: KnowledgeGraph, idOf: (name: string) => number | undefined): IndexedRelation[][] {
  const byId: IndexedRelation[][] = graph.entities.map(() => []);
  for (const relation of graph.relations) {
    const from = idOf(relation.from);
    const to = idOf(relation.to);
    if (from === undefined || to === undefined) continue;
    const indexed = { from, to, relationType: relation.relationType };
    byId[from]?.push(indexed);
    if (to !== from) byId[to]?.push(indexed);
  }
  return byId;
}

export function summarize(graph: KnowledgeGraph, relationsById: readonly IndexedRelation[][]): EntitySummary[] {
  return graph.entities.map((entity, id) => ({ ...(entity.updatedAt ? { updatedAt: entity.updatedAt } : {}), superseded: !!entity.supersededBy, degree: relationsById[id]?.length ?? 0 }));
}

// Canonical name -> id (the first entity of a name wins), and the heads of names of several words.
function indexNames(names: readonly string[]): { ids: Map<string, number>; heads: Set<string> } {
  const ids = new Map<string, number>();
  const heads = new Set<string>();
  for (let id = names.length - 1; id >= 0; id -= 1) {
    const key = canonicalEntityKey(names[id] as string);
    ids.set(key, id);
    const head = nameHead(key);
    if (head !== undefined) heads.add(head);
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
