// The bank's on-disk search index gives exactly what the in-memory view gives, and is never used when stale.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { buildGraphView } from '../../src/core/graph-view.ts';
import { calibrateSilence } from '../../src/core/retrieval/calibrate.ts';
import { expansionsFor } from '../../src/core/retrieval/expansions.ts';
import type { KnowledgeGraph } from '../../src/core/graph.ts';
import { dedupeGraph } from '../../src/core/merge.ts';
import { retrieveFromView } from '../../src/core/retrieve.ts';
import { parseServerMemoryJsonl } from '../../src/core/server-memory-jsonl.ts';
import { openSearchIndex } from '../../src/stores/search-index/reader.ts';
import { writeSearchIndex } from '../../src/stores/search-index/writer.ts';
import { renderGraphFile } from '../../src/stores/bank/graph-file.ts';
import { PAGINATION_GRAPH } from '../helpers/graph-fixtures.ts';
import { PACKAGE_ROOT, SHARED_CORPUS, makeTempProject } from '../helpers/temp-project.ts';
import { bankAt } from '../helpers/bank.ts';

const OPTIONS = {
  nowMs: Date.parse('2026-12-01T00:00:00Z'),
  maxResults: 20,
  dedupThreshold: 0.85,
  boostFactor: 1.2,
  includeSuperseded: false,
};

const PUBLIC_GRAPHS = ['HankofallTrades__STRATOS.jsonl', 'sm-moshi__dmetrics-go.jsonl', 'omriwen__PRISM.jsonl'];
const publicGraphsHere = PUBLIC_GRAPHS.every((name) => existsSync(path.join(SHARED_CORPUS, 'graphs', name)));

async function indexOnDisk(t: import('node:test').TestContext, graph: KnowledgeGraph) {
  const project = await makeTempProject(t);
  const graphFile = path.join(project, 'graph.jsonc');
  await writeFile(graphFile, renderGraphFile(graph, '2026-11-30T00:00:00Z', 'test'));
  const indexDir = path.join(project, 'state', 'search-index');
  const { stat } = await import('node:fs/promises');
  const info = await stat(graphFile);
  await writeSearchIndex(indexDir, graph, { size: info.size, mtimeMs: info.mtimeMs });
  return { graphFile, indexDir };
}

// Every benchmark prompt ranked through the index written to disk and through the view built in memory.
async function assertSameRanking(t: import('node:test').TestContext, label: string, graph: KnowledgeGraph): Promise<void> {
  const queries = JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'bench', 'retrieval', 'queries.json'), 'utf8')) as {
    queries: Array<{ prompt: string }>;
  };
  const prompts = [
    ...new Set([
      'how do we paginate the orders endpoint?',
      'what did database-engineer recommend?',
      '',
      ...queries.queries.map((query) => query.prompt),
    ]),
  ];
  const { graphFile, indexDir } = await indexOnDisk(t, graph);
  const onDisk = openSearchIndex(indexDir, graphFile);
  assert.ok(onDisk, label);
  const inMemory = buildGraphView(graph, { calibrate: calibrateSilence, expand: expansionsFor });
  for (const prompt of prompts) {
    const describe = (view: typeof inMemory) =>
      retrieveFromView(view, prompt, OPTIONS).memories.map(
        (memory) => `${memory.id} ${memory.score.toFixed(6)} ${JSON.stringify(memory.graphRelations)}`,
      );
    assert.deepEqual(describe(onDisk), describe(inMemory), `${label}: "${prompt}"`);
  }
}

test('the search index on disk ranks every benchmark prompt exactly as the in-memory view does', async (t) => {
  await assertSameRanking(t, 'pagination fixture', PAGINATION_GRAPH);
});

test('on the public graphs too, the search index on disk ranks every benchmark prompt as the in-memory view does', {
  skip: publicGraphsHere ? false : `the public graphs of the shared corpus are not here (${path.join(SHARED_CORPUS, 'graphs')})`,
}, async (t) => {
  for (const name of PUBLIC_GRAPHS) {
    const text = await readFile(path.join(SHARED_CORPUS, 'graphs', name), 'utf8');
    await assertSameRanking(t, name, dedupeGraph(parseServerMemoryJsonl(text).graph).graph);
  }
});

test('session start on a large graph without sessions picks the same recent entities from the index as from every entity', async (t) => {
  // 1,500 entities (more than the index keeps of each order), dates and degrees spread; then most of the newest and
  // best connected superseded, so that the orders the index kept run short and session start scans every entity.
  const entities = Array.from({ length: 1500 }, (_, index) => ({
    name: `part-${index}`,
    entityType: 'component',
    observations: [`part ${index} holds the ledger of slot ${index % 37}`],
    updatedAt: new Date(Date.parse('2026-01-01T00:00:00Z') + ((index * 7919) % 1500) * 3_600_000).toISOString(),
  }));
  const relations = Array.from({ length: 3000 }, (_, index) => ({
    from: `part-${(index * 31) % 1500}`,
    to: `part-${(index * 17 + (index % 5) * 211) % 1500}`,
    relationType: `uses-${index % 3}`,
  }));
  const sessionStart = (view: ReturnType<typeof buildGraphView>): string[] =>
    retrieveFromView(view, '', OPTIONS).memories.map((memory) => `${memory.entity.name} ${memory.score.toFixed(6)}`);
  const plain: KnowledgeGraph = { entities, relations };
  const { graphFile, indexDir } = await indexOnDisk(t, plain);
  const onDisk = openSearchIndex(indexDir, graphFile);
  assert.ok(onDisk);
  assert.ok(onDisk.startOrder?.(), 'the index holds the orders');
  const expected = sessionStart(buildGraphView(plain));
  assert.equal(expected.length, 8);
  assert.deepEqual(sessionStart(onDisk), expected);
  // The orders the index holds are what session start reads: given others, it shows others.
  const inMemory = buildGraphView(plain);
  const given = Array.from({ length: 10 }, (_, id) => id);
  const steered = sessionStart({ ...inMemory, startOrder: () => ({ newest: given, connected: given }) });
  assert.ok(
    steered.every((line) => given.includes(Number(/^part-(\d+) /.exec(line)?.[1]))),
    steered.join('; '),
  );
  const newestFirst = [...entities].sort((a, b) => (b.updatedAt < a.updatedAt ? -1 : 1));
  const retired = new Set(newestFirst.slice(0, 500).map((entity) => entity.name));
  const mostlyRetired: KnowledgeGraph = {
    entities: entities.map((entity) => (retired.has(entity.name) ? { ...entity, supersededBy: 'part-0' } : entity)),
    relations,
  };
  const second = await indexOnDisk(t, mostlyRetired);
  const retiredOnDisk = openSearchIndex(second.indexDir, second.graphFile);
  assert.ok(retiredOnDisk);
  const retiredExpected = sessionStart(buildGraphView(mostlyRetired));
  assert.ok(
    retiredExpected.every((line) => !retired.has(line.split(' ')[0] as string)),
    retiredExpected.join('; '),
  );
  assert.deepEqual(sessionStart(retiredOnDisk), retiredExpected);
});

test('a stale or damaged search index is not used', async (t) => {
  const { graphFile, indexDir } = await indexOnDisk(t, PAGINATION_GRAPH);
  assert.ok(openSearchIndex(indexDir, graphFile));
  await writeFile(graphFile, `${await readFile(graphFile, 'utf8')}\n`);
  assert.equal(openSearchIndex(indexDir, graphFile), undefined, 'the graph file changed');
  const again = await indexOnDisk(t, PAGINATION_GRAPH);
  const pointer = JSON.parse(await readFile(path.join(again.indexDir, 'current.json'), 'utf8')) as { generation: string };
  await rm(path.join(again.indexDir, pointer.generation, 'names.txt'));
  assert.equal(openSearchIndex(again.indexDir, again.graphFile), undefined, 'a file of the index is missing');
});

test('a write cycle refreshes the search index; a reader of a bank without one builds it', async (t) => {
  const project = await makeTempProject(t);
  const bank = bankAt(project);
  const entities = Array.from({ length: 250 }, (_, index) => ({
    name: `service-${index}`,
    entityType: 'component',
    observations: [`Service ${index} handles billing retries.`],
  }));
  await bank.writeDelta({ entities, relations: [] });
  assert.ok(openSearchIndex(bank.searchIndexDir, bank.graphFile), 'written with the graph');
  await rm(bank.searchIndexDir, { recursive: true });
  const view = await bank.openView();
  assert.equal(view.size, 250);
  assert.ok(openSearchIndex(bank.searchIndexDir, bank.graphFile), 'rebuilt by the reader');
});

test('names of any spelling come back whole and are found by any case, with more than 32 observations scored', async (t) => {
  const names = ['Straße-Cache', 'emoji 🚀 launcher', 'line\nbreak', 'Ünïcode Names Team', 'plain'];
  const graph: KnowledgeGraph = {
    entities: names.map((name, index) => ({
      name,
      entityType: 'component',
      observations:
        index === 4
          ? Array.from({ length: 40 }, (_, k) => (k >= 38 ? `rocket launcher note ${k}` : `filler ${k}`))
          : [`note about ${name}`],
    })),
    relations: [],
  };
  const { graphFile, indexDir } = await indexOnDisk(t, graph);
  const view = openSearchIndex(indexDir, graphFile);
  assert.ok(view);
  names.forEach((name, id) => {
    assert.equal(view.name(id), name);
    assert.equal(view.idOf(` ${name.toLowerCase()} `), id, name);
  });
  assert.equal(view.idOf('PLAIN'), 4);
  assert.equal(view.idOf('absent'), undefined);
  assert.ok(view.nameHeads().has('ünïcode'));
  const describe = (prompt: string, target: typeof view) =>
    retrieveFromView(target, prompt, OPTIONS).memories.map((memory) => `${memory.id} ${memory.score.toFixed(6)}`);
  for (const prompt of ['rocket launcher', 'ask the ünïcode names team', 'strasse cache']) {
    assert.deepEqual(
      describe(prompt, view),
      describe(prompt, buildGraphView(graph, { calibrate: calibrateSilence, expand: expansionsFor })),
      prompt,
    );
  }
  assert.ok(describe('rocket launcher', view).some((line) => line.startsWith('graph:plain ')));
});
