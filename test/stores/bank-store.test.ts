import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { BankStore } from '../../src/stores/bank/bank-store.ts';
import { parseGraphFile } from '../../src/stores/bank/graph-file.ts';
import { fetchWriteTime, toUtcPrefix } from '../../src/state/time-source.ts';
import type { GraphDelta } from '../../src/core/graph.ts';
import { makeTempProject } from '../helpers/temp-project.ts';
import { startTimeServer } from '../helpers/time-server.ts';
import { assertGolden } from '../helpers/golden.ts';

const UTC = '2026-11-30T09:15:42.123456+00:00';
const DELTA: GraphDelta = {
  entities: [
    { name: 'orders-api', entityType: 'component', observations: ['Serves GET /orders.'] },
    {
      name: 'cursor-pagination',
      entityType: 'decision',
      observations: ['We decided to use cursor pagination for the orders API because offset pagination was slow.'],
    },
  ],
  relations: [{ from: 'orders-api', to: 'cursor-pagination', relationType: 'uses' }],
};

async function openBank(project: string, url: string, timeoutMs = 500): Promise<BankStore> {
  const bankDir = path.join(project, '.memories');
  return new BankStore({
    bankDir,
    stateDir: path.join(bankDir, '.state'),
    writeTime: () => fetchWriteTime({ kind: 'worldtimeapi', url, timeoutMs }),
  });
}

test('a write lands in a sorted, commented JSONC graph file stamped with the time source', async (t) => {
  const project = await makeTempProject(t);
  const time = await startTimeServer(t, { kind: 'ok', utcDateTime: UTC });
  const bank = await openBank(project, time.url);
  const report = await bank.writeDelta(DELTA);
  assert.equal(report.written, true);
  assert.deepEqual(report.counts, { entitiesAddedCount: 2, relationsAddedCount: 1, observationsAddedCount: 2, supersededRecordsCount: 0 });
  const text = await readFile(bank.graphFile, 'utf8');
  await assertGolden('knowledge-graph.index.jsonc', text.replace(time.url, 'http://time.test/api/timezone/UTC'));
  assert.deepEqual(
    (await bank.readGraph()).entities.map((entity) => entity.name),
    ['cursor-pagination', 'orders-api'],
  );
  assert.equal(await readFile(path.join(project, '.memories', '.gitignore'), 'utf8'), '.state/\n');
});

test('a second identical write adds nothing and leaves the file byte for byte as it was', async (t) => {
  const project = await makeTempProject(t);
  const time = await startTimeServer(t, { kind: 'ok', utcDateTime: UTC });
  const bank = await openBank(project, time.url);
  await bank.writeDelta(DELTA);
  const before = await readFile(bank.graphFile, 'utf8');
  time.behaviour = { kind: 'ok', utcDateTime: '2026-12-01T00:00:00+00:00' };
  const report = await bank.writeDelta(DELTA);
  assert.deepEqual(report.counts, { entitiesAddedCount: 0, relationsAddedCount: 0, observationsAddedCount: 0, supersededRecordsCount: 0 });
  assert.equal(await readFile(bank.graphFile, 'utf8'), before);
});

test('when the time source is down, slow or answers garbage the delta waits in the outbox, then drains once', async (t) => {
  for (const behaviour of [{ kind: 'status', status: 500 }, { kind: 'garbage' }, { kind: 'hang' }] as const) {
    const project = await makeTempProject(t);
    const time = await startTimeServer(t, behaviour);
    const bank = await openBank(project, time.url, 300);
    const deferred = await bank.writeDelta(DELTA);
    assert.equal(deferred.written, false, behaviour.kind);
    assert.equal(deferred.outboxPending, 1);
    assert.match(deferred.deferredBecause ?? '', /time source/);
    assert.deepEqual((await bank.readGraph()).entities, [], 'nothing written with a local timestamp');

    time.behaviour = { kind: 'ok', utcDateTime: UTC };
    const drained = await bank.writeDelta({ entities: [], relations: [] });
    assert.equal(drained.written, true);
    assert.equal(drained.outboxDrained, 1);
    assert.equal(drained.counts.entitiesAddedCount, 2);
    assert.deepEqual(await readdir(bank.outboxDir), []);
    const again = await bank.writeDelta(DELTA);
    assert.equal(again.counts.observationsAddedCount, 0, 'no duplicates after draining');
  }
});

test('a refused connection also defers the write', async (t) => {
  const project = await makeTempProject(t);
  const bank = await openBank(project, 'http://127.0.0.1:9/api/timezone/UTC');
  const report = await bank.writeDelta(DELTA);
  assert.equal(report.written, false);
  assert.equal(report.outboxPending, 1);
});

test('a corrupt graph file is reported with the file and the problem, left untouched, and the delta kept', async (t) => {
  const project = await makeTempProject(t);
  const time = await startTimeServer(t, { kind: 'ok', utcDateTime: UTC });
  const bank = await openBank(project, time.url);
  const cases = ['{"entities": [', '{"entities": [], "relations": []}', '[]'];
  for (const corrupt of cases) {
    await mkdir(path.dirname(bank.graphFile), { recursive: true });
    await writeFile(bank.graphFile, corrupt);
    await assert.rejects(
      bank.readGraph(),
      (error: Error & { code?: string }) => error.code === 'STORE_CORRUPT' && error.message.includes(bank.graphFile),
    );
    await assert.rejects(bank.writeDelta(DELTA), (error: Error & { code?: string }) => error.code === 'STORE_CORRUPT');
    assert.equal(await readFile(bank.graphFile, 'utf8'), corrupt);
  }
  assert.equal((await readdir(bank.outboxDir)).length, cases.length);
});

test('the graph file accepts comments and trailing commas, and reports placeholder names without dropping them', () => {
  const parsed = parseGraphFile(
    `// hand-edited
    { "graphGeneratedAtUtc": "${UTC}", "entities": [ { "entityName": "temp", "entityType": "x", "observations": [], }, ], "relations": [], }`,
    'index.jsonc',
  );
  assert.equal(parsed.graph.entities.length, 1);
  assert.match(parsed.warnings[0] ?? '', /placeholder/);
});

test('utc_datetime is normalized to the seed file-name prefix', () => {
  assert.equal(toUtcPrefix('2026-03-24T22:40:05.123456+00:00'), '2026-03-24T22-40-05Z');
  assert.equal(toUtcPrefix('2026-03-24T22:40:05Z'), '2026-03-24T22-40-05Z');
  assert.throws(() => toUtcPrefix('2026-03-24 22:40'), /not a UTC date-time/);
});
