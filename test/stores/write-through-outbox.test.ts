// Both stores share one write path: an expected failure waits in the outbox as "not written yet"; a bug is said to
// be one, and its delta waits in the outbox all the same (nothing is lost).
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { GraphDelta } from '../../src/core/graph.ts';
import { MemoryFabricError } from '../../src/errors.ts';
import { BankStore } from '../../src/stores/bank/bank-store.ts';
import type { WriteTime } from '../../src/state/time-source.ts';
import type { GraphStore } from '../../src/stores/graph-store.ts';
import { McpStore } from '../../src/stores/mcp/mcp-store.ts';
import { deferFailedWrite } from '../../src/stores/write-through-outbox.ts';
import { makeTempProject } from '../helpers/temp-project.ts';

const DELTA: GraphDelta = {
  entities: [{ name: 'orders-api', entityType: 'component', observations: ['Serves GET /orders.'] }],
  relations: [],
};
const TIME_DOWN = async (): Promise<WriteTime> => {
  throw new MemoryFabricError('TIME_SOURCE_UNAVAILABLE', 'the time source did not answer');
};
const BUG = async (): Promise<WriteTime> => {
  throw new TypeError("Cannot read properties of undefined (reading 'utcDateTime')");
};

const STORES: Array<{ name: string; open: (project: string, writeTime: () => Promise<WriteTime>) => GraphStore; outbox: string }> = [
  {
    name: 'bank',
    open: (project, writeTime) =>
      new BankStore({ bankDir: path.join(project, '.memories'), stateDir: path.join(project, 'state'), writeTime }),
    outbox: 'state/outbox',
  },
  {
    name: 'mcp',
    open: (project, writeTime) =>
      new McpStore({
        server: { kind: 'http', url: 'http://127.0.0.1:9/mcp', description: 'memory server at 127.0.0.1:9' },
        stateDir: path.join(project, 'state'),
        callTimeoutMs: 500,
        writeTime,
      }),
    outbox: 'state/outbox',
  },
];

for (const store of STORES) {
  test(`${store.name}: a time source that is down leaves the delta in the outbox as "not written yet"`, async (t) => {
    const project = await makeTempProject(t);
    const report = await store.open(project, TIME_DOWN).writeDelta(DELTA, { sessionId: 's1' });
    assert.equal(report.written, false);
    assert.equal(report.unexpectedError, undefined);
    assert.match(report.deferredBecause ?? '', /time source did not answer/);
    assert.equal((await readdir(path.join(project, store.outbox))).length, 1);
  });

  test(`${store.name}: a bug in the write path is reported as unexpected, and its delta still waits in the outbox`, async (t) => {
    const project = await makeTempProject(t);
    const report = await store.open(project, BUG).writeDelta(DELTA, { sessionId: 's1' });
    assert.equal(report.written, false);
    assert.match(report.unexpectedError ?? '', /^UNEXPECTED: Cannot read properties/);
    assert.match(report.deferredBecause ?? '', /unexpected error, a bug to report/);
    assert.equal((await readdir(path.join(project, store.outbox))).length, 1);
  });

  test(`${store.name}: an empty write with an empty outbox writes nothing and needs no time`, async (t) => {
    const project = await makeTempProject(t);
    const report = await store.open(project, BUG).writeDelta({ entities: [], relations: [] });
    assert.deepEqual(
      { written: report.written, pending: report.outboxPending, unexpected: report.unexpectedError },
      { written: false, pending: 0, unexpected: undefined },
    );
  });
}

test('a failure before the store is even open (the memory server store) splits expected from unexpected the same way', async (t) => {
  const project = await makeTempProject(t);
  const outbox = path.join(project, 'state', 'outbox');
  const expected = await deferFailedWrite(outbox, DELTA, new MemoryFabricError('STORE_UNREADABLE', 'no .mcp.json'));
  assert.equal(expected.unexpectedError, undefined);
  assert.match(expected.deferredBecause ?? '', /no \.mcp\.json/);
  const bug = await deferFailedWrite(outbox, DELTA, new TypeError('mcp.connect is not a function'));
  assert.match(bug.unexpectedError ?? '', /mcp\.connect is not a function/);
  assert.match(bug.deferredBecause ?? '', /a bug to report/);
  assert.equal(bug.outboxPending, 2, 'both deltas wait in the outbox');
});
