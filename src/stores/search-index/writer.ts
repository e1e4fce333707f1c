// Writes a graph's search index: the GraphView of the graph, prebuilt so that the context hook reads a few small
// files and the postings of the prompt's words instead of parsing and tokenizing the whole graph.
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalEntityKey, type KnowledgeGraph } from '../../core/graph.ts';
import {
  buildGraphView,
  buildPostings,
  type BuiltPostings,
  indexNames,
  indexRelations,
  POSTING_WIDTH,
  summarize,
} from '../../core/graph-view.ts';
import { buildNameTable } from '../../core/name-table.ts';
import { calibrateSilence } from '../../core/retrieval/calibrate.ts';
import { computeStartOrder } from '../../core/retrieval/session-start.ts';
import { compoundHead, nameHead } from '../../core/text.ts';
import { writeFileAtomic } from '../../state/atomic-write.ts';
import { INDEX_VERSION, type Pointer, pointerFile } from './format.ts';
import { loadExpansionsFor } from './load-expansions.ts';

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
    version: INDEX_VERSION,
    generation,
    sourceSize: source.size,
    sourceMtimeMs: source.mtimeMs,
    entityCount: graph.entities.length,
  };
  await writeFileAtomic(pointerFile(indexDir), `${JSON.stringify(pointer)}\n`);
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
  await write('start.json', JSON.stringify(computeStartOrder(view)));
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
  const heads = [
    ...new Set([...canonicalKeys.flatMap((key) => nameHead(key) ?? []), ...allNames.flatMap((name) => compoundHead(name) ?? [])]),
  ].sort();
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
  // The dates alone, as one text with offsets (session start reads them for every entity, and parsing
  // summaries.json for them is slow: docs/performance.md).
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
