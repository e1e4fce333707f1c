// A graph as retrieval reads it: an inverted index of word stems, entities loaded by id, relations by id.
// Built in memory from a graph (buildGraphView), or loaded from the bank's search index files (stores/bank/search-index-files.ts):
// retrieval is the same code on both, so every store ranks the same graph the same way.
import { canonicalEntityKey, type GraphEntity, type KnowledgeGraph } from './graph.ts';
import { extractTerms, nameHead } from './text.ts';

// Postings say where a stem occurs: in entity id's name (field 0), type (-1), or observation k (field k + 1).
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
  names(): readonly string[];
  // The first words of the names that have several words (see wordRuns).
  nameHeads(): ReadonlySet<string>;
  // Only the session-start selection needs every summary; retrieval asks this.
  isSuperseded(id: number): boolean;
  summaries(): readonly EntitySummary[];
  relationsOf(id: number): readonly IndexedRelation[];
  // Every indexed stem that contains the needle.
  stemsContaining(needle: string): readonly string[];
  // Where a stem occurs, flat: [id, field, id, field, ...] (no object per posting: common words have thousands).
  postings(stem: string): Int32Array;
}

const EMPTY = new Int32Array(0);

export const NAME_FIELD = 0;
export const TYPE_FIELD = -1;

// The stems of each field of an entity: [field, stems] pairs (name, type, then each observation).
export function entityFields(entity: GraphEntity): Array<[number, string[]]> {
  return [
    [NAME_FIELD, extractTerms(entity.name)],
    [TYPE_FIELD, extractTerms(entity.entityType)],
    ...entity.observations.map((text, index): [number, string[]] => [index + 1, extractTerms(text)]),
  ];
}

// The postings of a whole graph: stem -> flat [id, field, ...] pairs, each pair once.
export function buildPostings(entities: readonly GraphEntity[]): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  entities.forEach((entity, id) => {
    for (const [field, stems] of entityFields(entity)) {
      for (const stem of new Set(stems)) {
        const list = lists.get(stem);
        if (list) list.push(id, field);
        else lists.set(stem, [id, field]);
      }
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
export function indexNames(names: readonly string[]): { ids: Map<string, number>; heads: Set<string> } {
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
    names: () => names,
    nameHeads: () => heads,
    isSuperseded: (id) => summaries[id]?.superseded === true,
    summaries: () => summaries,
    relationsOf: (id) => relations[id] ?? [],
    stemsContaining: (needle) => stems.filter((stem) => stem.includes(needle)),
    postings: (stem) => postings.get(stem) ?? EMPTY,
  };
}
