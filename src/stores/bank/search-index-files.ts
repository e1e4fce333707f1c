// The bank's search index on disk (in the state folder): the GraphView of the graph index, prebuilt so that the
// context hook reads a few small files and the postings of the prompt's words instead of parsing and tokenizing
// the whole graph. Rebuilt after every write cycle, and by a reader that finds it missing or stale.
// Layout: search-index/current.json names a generation folder; each generation is written whole, then switched to.
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalEntityKey, type GraphEntity, type KnowledgeGraph } from '../../core/graph.ts';
import { buildNameTable, lookupName } from '../../core/name-table.ts';
import { nameHead } from '../../core/text.ts';
import {
  buildGraphView,
  buildPostings,
  type BuiltPostings,
  type Expansion,
  POSTING_WIDTH,
  indexNames,
  indexRelations,
  summarize,
  type GraphView,
  type IndexedRelation,
  type IndexStats,
  type SilenceCalibration,
} from '../../core/graph-view.ts';
import { calibrateSilence } from '../../core/retrieval/calibrate.ts';
import { describeError, MemoryFabricError } from '../../errors.ts';
import { writeFileAtomic } from '../../state/atomic-write.ts';
import { statePaths } from '../../state/state-layout.ts';
import { loadExpansionsFor } from './load-expansions.ts';
import { GRAPH_INDEX } from './layout.ts';

// 5: postings per statement (BM25), slot bases, corpus statistics, silence calibration, expansions.
const VERSION = 5;
const POSTING_BYTES = POSTING_WIDTH * 4;

interface Pointer {
  version: number;
  generation: string;
  sourceSize: number;
  sourceMtimeMs: number;
  entityCount: number;
}

// Writes the index of a graph whose JSONC file has the given size and mtime.
export async function writeSearchIndex(indexDir: string, graph: KnowledgeGraph, source: { size: number; mtimeMs: number }): Promise<void> {
  const generation = `${Date.now().toString(36)}-${process.pid}`;
  const folder = path.join(indexDir, generation);
  await mkdir(folder, { recursive: true });

  // In stages, each written before the next is built: what a stage allocates can be collected while the next
  // runs (a prompt that finds the index stale rebuilds it, and must stay light).
  const write = (name: string, data: string | Uint8Array): Promise<void> => writeFile(path.join(folder, name), data);
  const built = buildPostings(graph.entities);
  await writeStatistics(write, graph, built);
  await writePostings(write, built);
  await writeNames(write, graph);
  await writeRelations(write, graph);
  await writeEntities(write, graph);
  const pointer: Pointer = {
    version: VERSION,
    generation,
    sourceSize: source.size,
    sourceMtimeMs: source.mtimeMs,
    entityCount: graph.entities.length,
  };
  await writeFileAtomic(path.join(indexDir, 'current.json'), `${JSON.stringify(pointer)}\n`);
  // Older generations go, except the one just replaced (a reader may still be on it).
  const keep = new Set([generation]);
  const others = (await readdir(indexDir, { withFileTypes: true })).filter((entry) => entry.isDirectory() && !keep.has(entry.name));
  const byAge = await Promise.all(
    others.map(async (entry) => ({ name: entry.name, mtime: (await stat(path.join(indexDir, entry.name))).mtimeMs })),
  );
  for (const old of byAge.sort((a, b) => b.mtime - a.mtime).slice(1)) {
    await rm(path.join(indexDir, old.name), { recursive: true, force: true });
  }
}

type WriteIndexFile = (name: string, data: string | Uint8Array) => Promise<void>;

// What BM25 and silence need beside the postings: each entity's first slot, the corpus statistics, the expansions
// of query stems to the bank's stems (so the context hook never loads the lexicon), and the silence calibration
// (generic prompts scored on this very bank, with its expansions).
async function writeStatistics(write: WriteIndexFile, graph: KnowledgeGraph, built: BuiltPostings): Promise<void> {
  // Loaded here only, from its own bundle: the lexicon stays out of the hooks' start-up.
  const expansionsFor = await loadExpansionsFor();
  const expansions = expansionsFor([...built.postings.keys()]);
  const view = buildGraphView(graph, { built, expansions });
  const calibration = calibrateSilence(view);
  await write('slots.idx', new Uint8Array(built.bases.buffer, built.bases.byteOffset, built.bases.byteLength));
  await write('stats.json', JSON.stringify(built.stats));
  await write('calibration.json', JSON.stringify(calibration));
  const lines = [...expansions.entries()]
    .filter(([, list]) => list.length > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([stem, list]) => `${stem}\t${list.map(([related, weight]) => `${related}:${Math.round(weight * 100) / 100}`).join(',')}`);
  await write('expansions.txt', lines.length > 0 ? `\n${lines.join('\n')}\n` : '');
}

// The inverted index: a dictionary of stems (stem, first posting, posting count) and the postings in stem order.
async function writePostings(write: WriteIndexFile, built: BuiltPostings): Promise<void> {
  const postings = built.postings;
  const stems = [...postings.keys()].sort();
  let total = 0;
  for (const list of postings.values()) {
    total += list.length;
  }
  const postingInts = new Int32Array(total);
  const dictionary: string[] = [];
  let cursor = 0;
  for (const stem of stems) {
    const list = postings.get(stem) ?? new Int32Array(0);
    dictionary.push(`${stem}\t${cursor / POSTING_WIDTH}\t${list.length / POSTING_WIDTH}`);
    postingInts.set(list, cursor);
    cursor += list.length;
  }
  await write('dictionary.txt', `${dictionary.join('\n')}\n`);
  await write('postings.bin', new Uint8Array(postingInts.buffer));
}

// Names as one text with offsets (no array of 10,000 strings for a reader to parse), a hash table of their
// canonical keys, and the heads of the names of several words.
async function writeNames(write: WriteIndexFile, graph: KnowledgeGraph): Promise<void> {
  const allNames = graph.entities.map((entity) => entity.name);
  const nameOffsets = new Int32Array(allNames.length + 1);
  allNames.forEach((name, id) => {
    nameOffsets[id + 1] = (nameOffsets[id] as number) + name.length;
  });
  const canonicalKeys = allNames.map(canonicalEntityKey);
  const heads = [...new Set(canonicalKeys.flatMap((key) => nameHead(key) ?? []))].sort();
  await write('names.txt', allNames.join(''));
  await write('names.idx', new Uint8Array(nameOffsets.buffer));
  await write('names.hash', new Uint8Array(buildNameTable(canonicalKeys).buffer));
  await write('name-heads.json', JSON.stringify(heads));
  // Types: the distinct types, and each entity's as a 16-bit index into them.
  const types = [...new Set(graph.entities.map((entity) => entity.entityType))];
  const typeIndex = new Map(types.map((type, index) => [type, index] as const));
  const typeOfEntity = new Uint16Array(graph.entities.length);
  graph.entities.forEach((entity, id) => {
    typeOfEntity[id] = Math.min(0xffff, typeIndex.get(entity.entityType) ?? 0);
  });
  await write('types.json', JSON.stringify(types));
  await write('types.idx', new Uint8Array(typeOfEntity.buffer));
}

// Relations in compressed rows (for entity id, triples (from, to, type) in adjacency[rows[id] .. rows[id + 1])),
// and the per-entity summaries.
async function writeRelations(write: WriteIndexFile, graph: KnowledgeGraph): Promise<void> {
  const { ids } = indexNames(graph.entities.map((entity) => entity.name));
  const relationsById = indexRelations(graph, (name) => ids.get(canonicalEntityKey(name)));
  const relationTypes = [...new Set(graph.relations.map((relation) => relation.relationType))];
  const typeIndex = new Map(relationTypes.map((type, index) => [type, index] as const));
  const rows = new Int32Array(graph.entities.length + 1);
  const adjacency: number[] = [];
  relationsById.forEach((list, id) => {
    rows[id] = adjacency.length / 3;
    for (const relation of list) {
      adjacency.push(relation.from, relation.to, typeIndex.get(relation.relationType) ?? 0);
    }
  });
  rows[graph.entities.length] = adjacency.length / 3;
  const summaries = summarize(graph, relationsById);
  await write('summaries.json', JSON.stringify(summaries));
  // The dates alone, as one text with offsets (session start reads them for every entity; parsing summaries.json
  // cost it ~40 ms at 50,000 entities).
  const dates = graph.entities.map((entity) => entity.updatedAt ?? '');
  const dateOffsets = new Int32Array(dates.length + 1);
  dates.forEach((date, id) => {
    dateOffsets[id + 1] = (dateOffsets[id] as number) + date.length;
  });
  await write('updated.txt', dates.join(''));
  await write('updated.idx', new Uint8Array(dateOffsets.buffer));
  await write('superseded.json', JSON.stringify(summaries.flatMap((summary, id) => (summary.superseded ? [id] : []))));
  await write('adjacency.bin', new Uint8Array(new Int32Array(adjacency).buffer));
  await write('adjacency.idx', new Uint8Array(rows.buffer));
  await write('relation-types.json', JSON.stringify(relationTypes));
}

// The entities as JSON lines, with the byte offset and length of each.
async function writeEntities(write: WriteIndexFile, graph: KnowledgeGraph): Promise<void> {
  const offsets = new Int32Array(graph.entities.length * 2);
  let offset = 0;
  const lines = graph.entities
    .map((entity, id) => {
      const line = `${JSON.stringify(entity)}\n`;
      const length = Buffer.byteLength(line);
      offsets[id * 2] = offset;
      offsets[id * 2 + 1] = length;
      offset += length;
      return line;
    })
    .join('');
  await write('entities.jsonl', lines);
  await write('entities.idx', new Uint8Array(offsets.buffer));
}

// The index of the graph file, or undefined when there is none or it was built from another version of the file.
export function openSearchIndex(indexDir: string, graphFile: string): GraphView | undefined {
  const pointer = readPointer(indexDir);
  let source;
  try {
    source = statSync(graphFile);
  } catch {
    return undefined;
  }
  if (!pointer || pointer.sourceSize !== source.size || pointer.sourceMtimeMs !== source.mtimeMs) {
    return undefined;
  }
  return loadPointed(indexDir, pointer);
}

// The view of a graph read from graphFile when it had the given version (size and mtime, taken before the read:
// an index must never claim a newer version than the graph it holds): its index written and opened, or, when
// that fails, built in memory.
export async function indexedView(
  indexDir: string,
  graphFile: string,
  version: { size: number; mtimeMs: number } | undefined,
  graph: KnowledgeGraph,
): Promise<GraphView> {
  if (version) {
    await writeSearchIndex(indexDir, graph, { size: version.size, mtimeMs: version.mtimeMs }).catch(() => undefined);
    const built = openSearchIndex(indexDir, graphFile);
    if (built) {
      return built;
    }
  }
  // Measured as the index build measures (expansions and calibration): the same graph ranks the same either way.
  return buildGraphView(graph, { expand: await loadExpansionsFor(), calibrate: calibrateSilence });
}

// The last index written, whatever version of the graph file it was built from (the caller knows it may be behind).
function openLastSearchIndex(indexDir: string): GraphView | undefined {
  const pointer = readPointer(indexDir);
  return pointer ? loadPointed(indexDir, pointer) : undefined;
}

// The current generation's pointer, when it is of this index version.
function readPointer(indexDir: string): Pointer | undefined {
  try {
    const pointer = JSON.parse(readFileSync(path.join(indexDir, 'current.json'), 'utf8')) as Pointer;
    return pointer.version === VERSION ? pointer : undefined;
  } catch {
    return undefined;
  }
}

function loadPointed(indexDir: string, pointer: Pointer): GraphView | undefined {
  try {
    return loadGeneration(path.join(indexDir, pointer.generation), pointer.entityCount);
  } catch {
    return undefined;
  }
}

// A rebuild of the index in a detached process, for one version of the graph file (its size and mtime): running,
// or failed (then readers stop serving the old index for that version and read the file themselves, which reports
// what is wrong with it).
interface RebuildMarker {
  state: 'running' | 'failed';
  pid: number;
  atMs: number;
  sourceSize: number;
  sourceMtimeMs: number;
  error?: string;
}

const rebuildMarkerFile = (indexDir: string): string => path.join(indexDir, 'rebuild.json');
// A running rebuild older than this is presumed dead (a rebuild at 10,000 entities takes about half a second).
const REBUILD_STALE_MS = 60_000;

function readRebuildMarker(indexDir: string): RebuildMarker | undefined {
  try {
    return JSON.parse(readFileSync(rebuildMarkerFile(indexDir), 'utf8')) as RebuildMarker;
  } catch {
    return undefined;
  }
}

// What readers should do about an index that is behind the graph file: start a rebuild, wait for the one running,
// or read the file themselves (a rebuild of this very version failed).
function rebuildDecision(indexDir: string, graphFile: string, nowMs: number): 'start' | 'running' | 'failed' {
  const marker = readRebuildMarker(indexDir);
  if (!marker) {
    return 'start';
  }
  let source;
  try {
    source = statSync(graphFile);
  } catch {
    return 'failed';
  }
  const sameVersion = marker.sourceSize === source.size && marker.sourceMtimeMs === source.mtimeMs;
  if (marker.state === 'failed') {
    return sameVersion ? 'failed' : 'start';
  }
  return nowMs - marker.atMs < REBUILD_STALE_MS ? 'running' : 'start';
}

// Records that a rebuild of the graph file as it is now is running (pid), or failed (error); clears the record.
export async function markRebuild(
  indexDir: string,
  graphFile: string,
  state: RebuildMarker['state'],
  pid: number,
  error?: string,
): Promise<void> {
  const source = await stat(graphFile).catch(() => ({ size: -1, mtimeMs: -1 }));
  const marker: RebuildMarker = {
    state,
    pid,
    atMs: Date.now(),
    sourceSize: source.size,
    sourceMtimeMs: source.mtimeMs,
    ...(error ? { error } : {}),
  };
  await mkdir(indexDir, { recursive: true });
  await writeFileAtomic(rebuildMarkerFile(indexDir), `${JSON.stringify(marker)}\n`);
}

async function clearRebuildMarker(indexDir: string): Promise<void> {
  await rm(rebuildMarkerFile(indexDir), { force: true });
}

// With no index of this version at all (the first prompt ever, or after an upgrade changed the index format), a
// graph file this large is indexed in the background and the prompt answered from nothing: an inline build at 50,000
// entities takes longer than the hook's deadline, and every prompt would start it again.
const BACKGROUND_REBUILD_MIN_BYTES = 2_000_000;
const EMPTY_VIEW: GraphView = buildGraphView({ entities: [], relations: [] });
function isLargeGraphFile(graphFile: string): boolean {
  try {
    return statSync(graphFile).size >= BACKGROUND_REBUILD_MIN_BYTES;
  } catch {
    return false;
  }
}

// From this size a reader that can rebuild in the background serves an index that is behind its graph file rather
// than rebuild it inline (below it an inline rebuild takes under ~100 ms).
export const BACKGROUND_REBUILD_MIN_ENTITIES = 2000;

// The previous index of a graph file that changed, when it is large, a rebuild is running or can be started (start,
// after this marks it running; a reader without start serves it only while another process rebuilds), and the last
// rebuild of this version of the file did not fail (then the caller reads the file itself, and reports what is
// wrong with it).
export async function openBehindIndex(
  indexDir: string,
  graphFile: string,
  start: (() => Promise<void>) | undefined,
): Promise<GraphView | undefined> {
  if (!existsSync(graphFile)) {
    return undefined;
  }
  const last = openLastSearchIndex(indexDir) ?? (isLargeGraphFile(graphFile) ? EMPTY_VIEW : undefined);
  if (!last || (last !== EMPTY_VIEW && last.size < BACKGROUND_REBUILD_MIN_ENTITIES)) {
    return undefined;
  }
  const decision = rebuildDecision(indexDir, graphFile, Date.now());
  if (decision === 'failed' || (decision === 'start' && !start)) {
    return undefined;
  }
  if (decision === 'start' && start) {
    try {
      await markRebuild(indexDir, graphFile, 'running', process.pid);
      await start();
    } catch {
      return undefined;
    }
  }
  return { ...last, behind: true };
}

// The detached rebuild: build (the reader's own inline path) must leave a fresh index; when it does not, the old
// index is no longer served and the failure is recorded for this version of the file.
export async function rebuildIndexNow(indexDir: string, graphFile: string, build: () => Promise<GraphView>): Promise<string> {
  try {
    const view = await build();
    if (!openSearchIndex(indexDir, graphFile)) {
      await rm(path.join(indexDir, 'current.json'), { force: true });
      throw new MemoryFabricError('STORE_WRITE_FAILED', `no search index for the ${view.size} entities of ${graphFile}`);
    }
    await clearRebuildMarker(indexDir);
    return `search index of ${graphFile} rebuilt: ${view.size} entities`;
  } catch (error) {
    await markRebuild(indexDir, graphFile, 'failed', process.pid, describeError(error)).catch(() => undefined);
    throw error;
  }
}

function loadGeneration(folder: string, size: number): GraphView {
  const read = (name: string): Buffer => readFileSync(path.join(folder, name));
  const dictionary = read('dictionary.txt').toString('utf8');
  const postingFile = path.join(folder, 'postings.bin');
  const namesText = read('names.txt').toString('utf8');
  const superseded = new Set(JSON.parse(read('superseded.json').toString('utf8')) as number[]);
  const relationTypes = JSON.parse(read('relation-types.json').toString('utf8')) as string[];
  const ints = (name: string): Int32Array => {
    const buffer = read(name);
    return new Int32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
  };
  // The relations are read when first asked for (a prompt that finds nothing never needs them).
  let adjacency: Int32Array | undefined;
  if (!existsSync(path.join(folder, 'adjacency.bin')) || !existsSync(path.join(folder, 'updated.txt'))) {
    throw new Error('search index is incomplete');
  }
  const rows = ints('adjacency.idx');
  const nameOffsets = ints('names.idx');
  const nameTable = ints('names.hash');
  const offsetBuffer = read('entities.idx');
  const offsets = new Int32Array(offsetBuffer.buffer, offsetBuffer.byteOffset, offsetBuffer.byteLength / 4);
  const bases = ints('slots.idx');
  const stats = JSON.parse(read('stats.json').toString('utf8')) as IndexStats;
  const calibration = JSON.parse(read('calibration.json').toString('utf8')) as SilenceCalibration;
  let expansionText: string | undefined;
  let dates: { text: string; offsets: Int32Array } | undefined;
  const typeBuffer = read('types.idx');
  const typeTable = {
    names: JSON.parse(read('types.json').toString('utf8')) as string[],
    ids: new Uint16Array(typeBuffer.buffer, typeBuffer.byteOffset, typeBuffer.byteLength / 2),
  };
  if (
    nameOffsets.length !== size + 1 ||
    nameOffsets[size] !== namesText.length ||
    offsets.length !== size * 2 ||
    bases.length !== size + 1
  ) {
    throw new Error('search index is incomplete');
  }
  const name = (id: number): string => (id >= 0 && id < size ? namesText.slice(nameOffsets[id], nameOffsets[id + 1]) : '');

  const relationsOf = (id: number): readonly IndexedRelation[] => {
    adjacency ??= ints('adjacency.bin');
    const relations: IndexedRelation[] = [];
    for (let row = rows[id] ?? 0; row < (rows[id + 1] ?? 0); row += 1) {
      relations.push({
        from: adjacency[row * 3] as number,
        to: adjacency[row * 3 + 1] as number,
        relationType: relationTypes[adjacency[row * 3 + 2] as number] ?? '',
      });
    }
    return relations;
  };
  let summaries: ReturnType<GraphView['summaries']> | undefined;
  let heads: ReadonlySet<string> | undefined;
  // Dictionary lines already found (null: the stem is not in the dictionary).
  const entries = new Map<string, { start: number; count: number } | null>();
  const entities = new Map<number, GraphEntity>();
  const entityFile = path.join(folder, 'entities.jsonl');
  return {
    size,
    name,
    slotBases: () => bases,
    typeOf: (id) => typeTable.names[typeTable.ids[id] ?? 0] ?? '',
    stats: () => stats,
    calibration: () => calibration,
    expansions: (stem) => findExpansions((expansionText ??= read('expansions.txt').toString('utf8')), stem),
    isSuperseded: (id) => superseded.has(id),
    updatedAt: (id) => {
      dates ??= { text: read('updated.txt').toString('utf8'), offsets: ints('updated.idx') };
      const date = dates.text.slice(dates.offsets[id], dates.offsets[id + 1]);
      return date === '' ? undefined : date;
    },
    degree: (id) => (rows[id + 1] ?? 0) - (rows[id] ?? 0),
    summaries: () => (summaries ??= JSON.parse(read('summaries.json').toString('utf8')) as ReturnType<GraphView['summaries']>),
    relationsOf,
    idOf: (wanted) => lookupName(nameTable, canonicalEntityKey(wanted), (id) => canonicalEntityKey(name(id))),
    nameHeads: () => (heads ??= new Set(JSON.parse(read('name-heads.json').toString('utf8')) as string[])),
    entity: (id) => {
      const cached = entities.get(id);
      if (cached) {
        return cached;
      }
      const entity = JSON.parse(readBytes(entityFile, offsets[id * 2] ?? 0, offsets[id * 2 + 1] ?? 0).toString('utf8')) as GraphEntity;
      entities.set(id, entity);
      return entity;
    },
    stemsContaining: (needle) => {
      const found = findStems(dictionary, needle);
      for (const [stem, entry] of found) {
        entries.set(stem, entry);
      }
      return found.map(([stem]) => stem);
    },
    postings: (stem) => {
      let entry = entries.get(stem);
      if (entry === undefined) {
        entry = findEntry(dictionary, stem) ?? null;
        entries.set(stem, entry);
      }
      return entry ? readInts(postingFile, entry.start * POSTING_BYTES, entry.count * POSTING_BYTES) : new Int32Array(0);
    },
  };
}

// The dictionary lines whose stem (first column) contains the needle, parsed.
function findStems(dictionary: string, needle: string): Array<[string, { start: number; count: number }]> {
  const found: Array<[string, { start: number; count: number }]> = [];
  if (needle === '') {
    return found;
  }
  for (let hit = dictionary.indexOf(needle); hit >= 0; ) {
    const lineStart = dictionary.lastIndexOf('\n', hit) + 1;
    const tab = dictionary.indexOf('\t', lineStart);
    const lineEnd = dictionary.indexOf('\n', lineStart);
    if (hit + needle.length <= tab) {
      const [stem = '', start, count] = dictionary.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).split('\t');
      found.push([stem, { start: Number(start), count: Number(count) }]);
    }
    if (lineEnd < 0) {
      break;
    }
    hit = dictionary.indexOf(needle, lineEnd + 1);
  }
  return found;
}

// The expansions of one stem in the expansions file ("\nstem\trelated:weight,related:weight").
function findExpansions(text: string, stem: string): Expansion[] {
  const at = text.indexOf(`\n${stem}\t`);
  if (at < 0) {
    return [];
  }
  const start = at + stem.length + 2;
  const end = text.indexOf('\n', start);
  return text
    .slice(start, end < 0 ? undefined : end)
    .split(',')
    .map((pair): Expansion => {
      const colon = pair.lastIndexOf(':');
      return [pair.slice(0, colon), Number(pair.slice(colon + 1))];
    })
    .filter(([related, weight]) => related !== '' && weight > 0);
}

// The dictionary line of one stem.
function findEntry(dictionary: string, stem: string): { start: number; count: number } | undefined {
  const at = dictionary.startsWith(`${stem}\t`) ? 0 : dictionary.indexOf(`\n${stem}\t`);
  if (at < 0) {
    return undefined;
  }
  const lineStart = at === 0 ? 0 : at + 1;
  const lineEnd = dictionary.indexOf('\n', lineStart);
  const [, start, count] = dictionary.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).split('\t');
  return { start: Number(start), count: Number(count) };
}

// Rebuilds the search index for the graph file as it is now on disk; a failure only costs readers some speed.
export async function refreshSearchIndex(paths: { root: string; stateDir: string }, graph: KnowledgeGraph): Promise<void> {
  try {
    const source = await stat(path.join(paths.root, GRAPH_INDEX));
    await writeSearchIndex(statePaths.bankSearchIndex(paths.stateDir), graph, { size: source.size, mtimeMs: source.mtimeMs });
  } catch {
    // the next reader builds it
  }
}

// Reads length bytes at position (only the parts a query needs: the whole files would cost start-up time).
function readBytes(file: string, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const handle = openSync(file, 'r');
  try {
    readSync(handle, buffer, 0, length, position);
  } finally {
    closeSync(handle);
  }
  return buffer;
}

function readInts(file: string, position: number, length: number): Int32Array {
  const buffer = readBytes(file, position, length);
  return new Int32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
}
