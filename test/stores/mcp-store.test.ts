// The memory MCP server as a store: the real @modelcontextprotocol/server-memory over stdio, a Streamable HTTP server
// on loopback, and in-process doubles for the failure modes.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { buildGraphView } from '../../src/core/graph-view.ts';
import { calibrateSilence } from '../../src/core/retrieval/calibrate.ts';
import { loadExpansionsFor } from '../../src/stores/search-index/load-expansions.ts';
import { retrieveFromView } from '../../src/core/retrieve.ts';
import { dedupeGraph } from '../../src/core/merge.ts';
import { parseServerMemoryJsonl } from '../../src/core/server-memory-jsonl.ts';
import { connectTransport } from '../../src/stores/mcp/mcp-connection.ts';
import { McpStore } from '../../src/stores/mcp/mcp-store.ts';
import { resolveServer } from '../../src/stores/mcp/server-config.ts';
import { PACKAGE_ROOT, SHARED_CORPUS, makeTempProject } from '../helpers/temp-project.ts';
import { bankAt, fixedTime } from '../helpers/bank.ts';
import { createMemoryServerDouble, type Behaviour } from '../helpers/memory-server-double.ts';

const TIME = '2026-11-30T09:15:42.123456+00:00';
const OPTIONS = {
  nowMs: Date.parse('2026-12-01T00:00:00Z'),
  maxResults: 20,
  dedupThreshold: 0.85,
  boostFactor: 1.2,
  includeSuperseded: false,
};

// A store on the project's real server whose writes are stamped with the given time.
function storeAt(project: string, utcDateTime = TIME): McpStore {
  const server = resolveServer({
    projectRoot: project,
    entryName: 'memory',
    searchFrom: [PACKAGE_ROOT],
    searchPath: process.env.PATH ?? '',
  });
  return new McpStore({
    server,
    stateDir: path.join(project, 'state'),
    callTimeoutMs: 10_000,
    writeTime: async () => fixedTime(utcDateTime),
  });
}

async function projectWithServer(t: import('node:test').TestContext): Promise<{ project: string; store: McpStore; memoryFile: string }> {
  const project = await makeTempProject(t);
  await writeFile(
    path.join(project, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: 'memory/graph.jsonl' } },
      },
    }),
  );
  return { project, store: storeAt(project), memoryFile: path.join(project, 'memory', 'graph.jsonl') };
}

test('the .mcp.json entry runs the installed server with node, MEMORY_FILE_PATH made absolute and its folder created', async (t) => {
  const { project, memoryFile } = await projectWithServer(t);
  const server = resolveServer({
    projectRoot: project,
    entryName: 'memory',
    searchFrom: [PACKAGE_ROOT],
    searchPath: process.env.PATH ?? '',
  });
  assert.ok(
    server.kind === 'stdio' &&
      server.command === process.execPath &&
      server.args[0]?.endsWith(path.join('server-memory', 'dist', 'index.js')),
  );
  assert.ok(server.kind === 'stdio' && server.env.MEMORY_FILE_PATH === memoryFile);
  assert.ok(existsSync(path.dirname(memoryFile)));
  assert.throws(() => resolveServer({ projectRoot: project, entryName: 'other', searchFrom: [], searchPath: '' }), /has no "other" server/);
});

test('writes through the real server: new entities, observations on existing ones, relations after their endpoints, dates and supersession as tags', async (t) => {
  const { project, store, memoryFile } = await projectWithServer(t);
  const first = await store.writeDelta({
    entities: [
      { name: 'offset-pagination', entityType: 'decision', observations: ['We decided to use offset pagination for the orders API.'] },
      { name: 'orders-api', entityType: 'component', observations: [] },
    ],
    relations: [{ from: 'orders-api', to: 'offset-pagination', relationType: 'uses' }],
  });
  assert.equal(first.written, true);
  assert.equal(first.counts.entitiesAddedCount, 2);
  const later = storeAt(project, '2026-12-05T00:00:00+00:00');
  const second = await later.writeDelta({
    entities: [
      {
        name: 'cursor-pagination',
        entityType: 'decision',
        observations: ['We decided to use cursor pagination for the orders API because offset pagination was slow.'],
      },
      { name: 'orders-api', entityType: 'component', observations: ['Serves GET /orders.'] },
    ],
    relations: [{ from: 'orders-api', to: 'cursor-pagination', relationType: 'uses' }],
  });
  assert.equal(second.written, true);
  assert.equal(second.counts.supersededRecordsCount, 1);
  const graph = await later.readGraph();
  const byName = new Map(graph.entities.map((entity) => [entity.name, entity]));
  assert.deepEqual(
    byName.get('orders-api')?.observations,
    ['Serves GET /orders.'],
    'an existing entity got its observation (create_entities would have skipped it)',
  );
  assert.equal(byName.get('offset-pagination')?.supersededBy, 'cursor-pagination');
  assert.equal(byName.get('cursor-pagination')?.updatedAt, '2026-12-05T00:00:00+00:00');
  assert.equal(graph.relations.length, 2);
  const file = await readFile(memoryFile, 'utf8');
  assert.match(file, /memory-fabric: superseded by cursor-pagination/);
  assert.equal((file.match(/memory-fabric: updated/g) ?? []).length, 3, 'one date tag per entity: the old one is replaced');
  const again = await later.writeDelta({
    entities: [{ name: 'orders-api', entityType: 'component', observations: ['Serves GET /orders.'] }],
    relations: [],
  });
  assert.deepEqual(again.counts, { entitiesAddedCount: 0, relationsAddedCount: 0, observationsAddedCount: 0, supersededRecordsCount: 0 });
});

const PUBLIC_GRAPHS = ['HankofallTrades__STRATOS.jsonl', 'sm-moshi__dmetrics-go.jsonl', 'omriwen__PRISM.jsonl'];
const publicGraphsHere = PUBLIC_GRAPHS.every((name) => existsSync(path.join(SHARED_CORPUS, 'graphs', name)));

test('the same graph in the bank and in the real server gives the same ranking for every benchmark prompt', {
  timeout: 180_000,
  skip: publicGraphsHere ? false : `the public graphs of the shared corpus are not here (${path.join(SHARED_CORPUS, 'graphs')})`,
}, async (t) => {
  const graphs = await Promise.all(
    PUBLIC_GRAPHS.map(
      async (name) => dedupeGraph(parseServerMemoryJsonl(await readFile(path.join(SHARED_CORPUS, 'graphs', name), 'utf8')).graph).graph,
    ),
  );
  const queries = JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'bench', 'retrieval', 'queries.json'), 'utf8')) as {
    queries: Array<{ prompt: string }>;
  };
  for (const graph of graphs) {
    const { project, store } = await projectWithServer(t);
    const bank = bankAt(project, TIME);
    assert.equal((await bank.writeDelta(graph)).written, true);
    assert.equal((await store.writeDelta(graph)).written, true);
    const bankView = await bank.openView();
    // Read back from the server itself, not from the index our write left behind.
    const mcpView = buildGraphView(await store.readGraph(), { expand: await loadExpansionsFor(), calibrate: calibrateSilence });
    for (const prompt of ['', ...new Set(queries.queries.map((query) => query.prompt))]) {
      const ids = (view: typeof bankView) => retrieveFromView(view, prompt, OPTIONS).memories.map((memory) => memory.id);
      assert.deepEqual(ids(mcpView), ids(bankView), prompt);
    }
  }
});

async function doubleStore(t: import('node:test').TestContext, behaviour: { current: Behaviour }, timeoutMs = 500) {
  const project = await makeTempProject(t);
  let serverSide: InMemoryTransport | undefined;
  const store = new McpStore({
    server: { kind: 'http', url: 'http://in-memory', description: 'memory double' },
    stateDir: path.join(project, 'state'),
    callTimeoutMs: timeoutMs,
    writeTime: async () => fixedTime(TIME),
    connect: async () => {
      const { server } = createMemoryServerDouble({ current: behaviour.current, onDie: () => void serverSide?.close() });
      const [clientSide, other] = InMemoryTransport.createLinkedPair();
      serverSide = other;
      await server.connect(other);
      return connectTransport(clientSide, 'memory double', timeoutMs);
    },
  });
  return { store, project };
}

test('a server that answers only with text is read through the text copy', async (t) => {
  const behaviour = { current: 'text-only' as Behaviour };
  const { store } = await doubleStore(t, behaviour);
  const written = await store.writeDelta({
    entities: [{ name: 'redis-cache', entityType: 'decision', observations: ['Use Redis.'] }],
    relations: [],
  });
  assert.equal(written.written, true);
});

test('isError, garbage, a hang and a death mid-call become clear errors within the deadline; writes wait in the outbox', async (t) => {
  for (const mode of ['is-error', 'garbage', 'hang', 'die'] as const) {
    const behaviour = { current: mode as Behaviour };
    const { store, project } = await doubleStore(t, behaviour, 400);
    const started = Date.now();
    await assert.rejects(
      store.readGraph(),
      (error: Error & { code?: string }) => ['STORE_WRITE_FAILED', 'STORE_CORRUPT', 'STORE_UNREADABLE'].includes(error.code ?? ''),
      mode,
    );
    assert.ok(Date.now() - started < 3000, `${mode} ended in time`);
    const report = await store.writeDelta({
      entities: [{ name: 'kafka-events', entityType: 'decision', observations: ['Use Kafka.'] }],
      relations: [],
    });
    assert.equal(report.written, false, mode);
    assert.equal(report.outboxPending, 1);
    assert.ok(existsSync(path.join(project, 'state', 'outbox')));
  }
});

test('a Streamable HTTP memory server on loopback works as the store', async (t) => {
  // Stateless Streamable HTTP: a server and a transport per request, all on one graph.
  const graph = { entities: [], relations: [] };
  const httpServer = http.createServer(async (request, response) => {
    const { server } = createMemoryServerDouble({ current: 'normal' }, graph);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  );
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`;
  const project = await makeTempProject(t);
  const store = new McpStore({
    server: resolveServer({ projectRoot: project, entryName: 'memory', url, searchFrom: [], searchPath: '' }),
    stateDir: path.join(project, 'state'),
    callTimeoutMs: 5000,
    writeTime: async () => fixedTime(TIME),
  });
  const report = await store.writeDelta({
    entities: [{ name: 'cursor-pagination', entityType: 'decision', observations: ['We decided to use cursor pagination.'] }],
    relations: [],
  });
  assert.equal(report.written, true, report.deferredBecause);
  assert.equal(graph.entities.length, 1);
  const memories = retrieveFromView(await store.openView(), 'how do we paginate?', OPTIONS).memories;
  assert.equal(memories[0]?.id, 'graph:cursor-pagination');
  assert.equal(buildGraphView(await store.readGraph()).size, 1);
});
