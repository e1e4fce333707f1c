// Opens a search index written by writer.ts: a GraphView that reads from the files only what a query needs.
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { canonicalEntityKey, type GraphEntity } from '../../core/graph.ts';
import type { GraphView, IndexedRelation, IndexStats, SilenceCalibration, StartOrder } from '../../core/graph-view.ts';
import { lookupName } from '../../core/name-table.ts';
import { findEntry, findExpansions, findStems } from './dictionary.ts';
import { INDEX_VERSION, type Pointer, POSTING_BYTES, pointerFile } from './format.ts';

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

// The last index written, whatever version of the graph file it was built from (the caller knows it may be behind).
export function openLastSearchIndex(indexDir: string): GraphView | undefined {
  const pointer = readPointer(indexDir);
  return pointer ? loadPointed(indexDir, pointer) : undefined;
}

// The current generation's pointer, when it is of this index version.
function readPointer(indexDir: string): Pointer | undefined {
  try {
    const pointer = JSON.parse(readFileSync(pointerFile(indexDir), 'utf8')) as Pointer;
    return pointer.version === INDEX_VERSION ? pointer : undefined;
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
  let startOrder: StartOrder | undefined;
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
    startOrder: () => (startOrder ??= JSON.parse(read('start.json').toString('utf8')) as StartOrder),
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
