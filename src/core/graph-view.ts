// A graph as retrieval reads it: an inverted index of word stems over statements, entities loaded by id, relations
// by id, and what the index build measured on this bank (silence calibration, paraphrase expansions). Built in memory
// from a graph (buildGraphView), or loaded from the bank's search index files (stores/search-index/):
// retrieval is the same code on both, so every store ranks the same graph the same way.
import { DURATION_STEM, holdsDuration } from './retrieval/answer-types.ts';
import { canonicalEntityKey, type GraphEntity, type KnowledgeGraph } from './graph.ts';
import { parseStatement } from './statement.ts';
import { compoundHead, extractTerms, nameHead } from './text.ts';

// A relation with its ends as entity ids of the view (relationsOf), as the search index stores it.
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

// Corpus statistics BM25 needs: how many slots (names, types, statements) and their mean lengths in stems.
export interface IndexStats {
  slots: number;
  meanNameLength: number;
  meanStatementLength: number;
}

// What the index build measured about silence on this bank (see retrieval/calibrate.ts).
export interface SilenceCalibration {
  // The best score generic prompts reach on this bank with an entity that matched two of their terms or more, per
  // bucket of query length (terms): thresholds[bucket]; and with an entity that matched one term (any length).
  thresholds: number[];
  // The same with coverage (retrieval/score-statements.ts): what a question whose words a memory's statements hold
  // together must beat (retrieve.ts). Absent in an index of version 11.
  coveredThresholds?: number[];
  singleThreshold: number;
  // A term at least this rare (IDF) is specific to this bank.
  specificIdf: number;
  // The most of a generic prompt's specific terms that one statement of its first matches held (calibrate.ts).
  statementTerms: number;
}

// A related stem of the bank a query stem expands to, and how much it counts (below 1: less than the word itself).
export type Expansion = [stem: string, weight: number];

// All retrieval reads of a graph: built in memory (buildGraphView) or read from the search index files.
export interface GraphView {
  readonly size: number;
  // True when this is an index of an older version of the graph, served while the index is rebuilt.
  readonly behind?: boolean;
  entity(id: number): GraphEntity;
  idOf(name: string): number | undefined;
  // The name of entity id (as the graph spells it), and its type (without loading it).
  name(id: number): string;
  typeOf(id: number): string;
  // The first words of the names that have several words (see wordRuns).
  nameHeads(): ReadonlySet<string>;
  // Only the session-start selection needs these for every entity; retrieval asks isSuperseded.
  isSuperseded(id: number): boolean;
  updatedAt(id: number): string | undefined;
  degree(id: number): number;
  summaries(): readonly EntitySummary[];
  relationsOf(id: number): readonly IndexedRelation[];
  // Every indexed stem that contains the needle.
  stemsContaining(needle: string): readonly string[];
  // Where a stem occurs: one posting per slot (name, type, statement) that holds it, flat. See POSTING_WIDTH.
  postings(stem: string): Int32Array;
  // bases[id] is the first global slot of entity id (+ 0 is its name, + 1 its type, + 2 + k its statement k);
  // bases[size] the number of slots.
  slotBases(): Int32Array;
  stats(): IndexStats;
  // Bank-related stems of a query stem (computed when the index was built; empty when none).
  expansions(stem: string): readonly Expansion[];
  // Undefined until measured (a view built in memory measures on first use: see retrieval/calibrate.ts).
  calibration(): SilenceCalibration | undefined;
  // The newest and the best-connected entities, computed when the index was built (retrieval/session-start.ts);
  // a view built in memory has none, and session start scans every entity instead.
  startOrder?(): StartOrder | undefined;
}

// Entity ids, newest first and best connected first (ties: the lower id), superseded ones included: at most
// START_ORDER_LENGTH of each.
export interface StartOrder {
  newest: number[];
  connected: number[];
}

const EMPTY = new Int32Array(0);

// A posting is three ints: the entity id; the slot in the entity (NAME_SLOT, TYPE_SLOT, or STATEMENT_SLOT + k for
// observation k); and the stem's count in that slot (bits 0-7) with the slot's length in stems (bits 8-15), both
// capped at 255. BM25 needs nothing else, so scoring reads only the postings of the prompt's words.
export const POSTING_WIDTH = 3;
// The slot of an entity's name.
export const NAME_SLOT = 0;
// The slot of its type.
export const TYPE_SLOT = 1;
// The slot of its first observation (observation k is STATEMENT_SLOT + k).
export const STATEMENT_SLOT = 2;
// Bit 16: the statement was superseded (kept as history: it counts less, and is shown only as "previously").
export const SUPERSEDED_BIT = 1 << 16;
// A posting's third int: the count and the length, each capped at 255, and the superseded bit.
export const packCount = (count: number, length: number, superseded = false): number =>
  Math.min(255, count) | (Math.min(255, length) << 8) | (superseded ? SUPERSEDED_BIT : 0);
// The stem's count in the slot (BM25's term frequency).
export const countOf = (packed: number): number => packed & 0xff;
// The slot's length in stems (BM25's length normalization).
export const lengthOf = (packed: number): number => (packed >>> 8) & 0xff;
// Whether the posting's statement was superseded (it then scores at SUPERSEDED_FACTOR).
export const isSupersededPosting = (packed: number): boolean => (packed & SUPERSEDED_BIT) !== 0;

// The stems of each slot of an entity, in slot order: name, type, then each observation (tags carry no words), and
// which observations were superseded.
export function entitySlots(entity: GraphEntity): { stems: string[][]; superseded: boolean[] } {
  const stems = [extractTerms(entity.name), extractTerms(entity.entityType)];
  const superseded = [false, false];
  for (const observation of entity.observations) {
    const statement = parseStatement(observation);
    const terms = extractTerms(statement.text);
    // A statement that holds a duration also answers "how long" (retrieval/answer-types.ts).
    if (holdsDuration(statement.text)) {
      terms.push(DURATION_STEM);
    }
    stems.push(terms);
    superseded.push(statement.supersededOn !== undefined);
  }
  return { stems, superseded };
}

// A graph's postings and slot statistics, built once: the index writer passes them to the view and the files.
export interface BuiltPostings {
  postings: Map<string, Int32Array>;
  // bases[id] is entity id's first global slot; bases[size] the number of slots.
  bases: Int32Array;
  stats: IndexStats;
}

// The postings of a whole graph: stem -> flat postings (see POSTING_WIDTH), in (id, slot) order. Every posting goes
// into one growing typed array with its stem's number, then they are grouped by stem with a counting sort: a reader
// that finds the index stale rebuilds it inside a prompt, and must stay light.
export function buildPostings(entities: readonly GraphEntity[]): BuiltPostings {
  const stemIds = new Map<string, number>();
  const perStem: number[] = [];
  const QUAD = POSTING_WIDTH + 1;
  let all = new Int32Array(1 << 16);
  let used = 0;
  const bases = new Int32Array(entities.length + 1);
  let slotTotal = 0;
  let nameLengths = 0;
  let statementLengths = 0;
  let statementCount = 0;
  const counts = new Map<number, number>();
  for (let id = 0; id < entities.length; id += 1) {
    bases[id] = slotTotal;
    const { stems: slots, superseded } = entitySlots(entities[id] as GraphEntity);
    slotTotal += slots.length;
    for (let slot = 0; slot < slots.length; slot += 1) {
      const stems = slots[slot] as string[];
      if (slot === NAME_SLOT) {
        nameLengths += stems.length;
      } else if (slot >= STATEMENT_SLOT) {
        statementLengths += stems.length;
        statementCount += 1;
      }
      counts.clear();
      for (const stem of stems) {
        let stemId = stemIds.get(stem);
        if (stemId === undefined) {
          stemId = stemIds.size;
          stemIds.set(stem, stemId);
          perStem.push(0);
        }
        counts.set(stemId, (counts.get(stemId) ?? 0) + 1);
      }
      if (used + counts.size * QUAD > all.length) {
        const grown = new Int32Array(Math.max(all.length * 2, used + counts.size * QUAD));
        grown.set(all.subarray(0, used));
        all = grown;
      }
      for (const [stemId, count] of counts) {
        all[used] = stemId;
        all[used + 1] = id;
        all[used + 2] = slot;
        all[used + 3] = packCount(count, stems.length, superseded[slot] === true);
        used += QUAD;
        perStem[stemId] = (perStem[stemId] as number) + 1;
      }
    }
  }
  bases[entities.length] = slotTotal;
  // Counting sort by stem; within a stem the postings stay in (id, slot) order.
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
  const stats: IndexStats = {
    slots: slotTotal,
    meanNameLength: entities.length > 0 ? Math.max(1, nameLengths / entities.length) : 1,
    meanStatementLength: statementCount > 0 ? Math.max(1, statementLengths / statementCount) : 1,
  };
  return { postings, bases, stats };
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

// Per entity its date, supersession and degree: the in-memory view serves these and the index writer stores them.
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
    for (const head of [nameHead(key), compoundHead(names[id] as string)]) {
      if (head !== undefined) {
        heads.add(head);
      }
    }
  }
  return { ids, heads };
}

// The stems of a dictionary text ("\nstem\nstem\n") that contain the needle.
function stemsIn(dictionary: string, needle: string): string[] {
  const found: string[] = [];
  if (needle === '' || needle.includes('\n')) {
    return found;
  }
  for (let hit = dictionary.indexOf(needle); hit >= 0; ) {
    const start = dictionary.lastIndexOf('\n', hit) + 1;
    const end = dictionary.indexOf('\n', hit);
    found.push(dictionary.slice(start, end));
    hit = dictionary.indexOf(needle, end);
  }
  return found;
}

// What an index build may add: expansions of query stems to the bank's stems (a lexicon), and the calibration
// (measured by retrieval/calibrate.ts on the view itself; the in-memory view measures it on first use).
export interface ViewExtras {
  expansions?: ReadonlyMap<string, readonly Expansion[]>;
  // Or computes them from the bank's vocabulary on first use.
  expand?: (vocabulary: readonly string[]) => ReadonlyMap<string, readonly Expansion[]>;
  calibrate?: (view: GraphView) => SilenceCalibration;
  // The graph's postings when the caller built them already (the index writer).
  built?: BuiltPostings;
}

// A view of a graph held in memory (tokenizes every entity: fine for small graphs and tests; the bank keeps
// a prebuilt index on disk for large ones).
export function buildGraphView(graph: KnowledgeGraph, extras: ViewExtras = {}): GraphView {
  const { ids, heads } = indexNames(graph.entities.map((entity) => entity.name));
  const idOf = (name: string): number | undefined => ids.get(canonicalEntityKey(name));
  const { postings, bases, stats } = extras.built ?? buildPostings(graph.entities);
  const stems = [...postings.keys()];
  // One text of every stem, one a line, to find the stems containing a needle with indexOf (as the index on disk does).
  const dictionary = `\n${stems.join('\n')}\n`;
  const relations = indexRelations(graph, idOf);
  const summaries = summarize(graph, relations);
  const names = graph.entities.map((entity) => entity.name);
  let calibration: SilenceCalibration | undefined;
  let expansions = extras.expansions;
  let calibrating = false;
  const view: GraphView = {
    size: graph.entities.length,
    entity: (id) => graph.entities[id] as GraphEntity,
    idOf,
    name: (id) => names[id] ?? '',
    typeOf: (id) => graph.entities[id]?.entityType ?? '',
    nameHeads: () => heads,
    isSuperseded: (id) => summaries[id]?.superseded === true,
    updatedAt: (id) => summaries[id]?.updatedAt,
    degree: (id) => summaries[id]?.degree ?? 0,
    summaries: () => summaries,
    relationsOf: (id) => relations[id] ?? [],
    stemsContaining: (needle) => stemsIn(dictionary, needle),
    postings: (stem) => postings.get(stem) ?? EMPTY,
    slotBases: () => bases,
    stats: () => stats,
    expansions: (stem) => {
      expansions ??= extras.expand?.(stems) ?? new Map();
      return expansions.get(stem) ?? [];
    },
    calibration: () => {
      // Calibrating scores prompts on this very view: while it runs, the view answers uncalibrated.
      if (!calibration && extras.calibrate && !calibrating) {
        calibrating = true;
        calibration = extras.calibrate(view);
        calibrating = false;
      }
      return calibration;
    },
  };
  return view;
}
