import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { bootstrapBank } from '../../src/stores/bank/commands/bootstrap.ts';
import { reconcileBank } from '../../src/stores/bank/commands/reconcile.ts';
import { retrieveFromBank } from '../../src/stores/bank/commands/retrieval-packet.ts';
import { updateBank } from '../../src/stores/bank/commands/update.ts';
import { renderContractMarkdown, renderContractJson } from '../../src/stores/bank/commands/contract.ts';
import { buildManualDelta } from '../../src/core/manual-delta.ts';
import { listRecords } from '../../src/stores/bank/records.ts';
import { BankStore } from '../../src/stores/bank/bank-store.ts';
import { makeTempProject } from '../helpers/temp-project.ts';
import { assertGolden } from '../helpers/golden.ts';
import { bankAt } from '../helpers/bank.ts';

const SETTINGS = { nowMs: Date.parse('2026-12-01T00:00:00Z'), maxResults: 20, dedupThreshold: 0.85, boostFactor: 1.2 };
const read = (project: string, relative: string) => readFile(path.join(project, '.memories', relative), 'utf8');

test('bootstrap creates the seed layout once; a second bootstrap creates nothing', async (t) => {
  const project = await makeTempProject(t);
  const bank = bankAt(project);
  const first = await bootstrapBank(bank, 'demo');
  assert.equal(first.status, 'success');
  for (const folder of ['context', 'sessions', 'plans', 'executions', 'errors', 'architecture/decisions']) {
    assert.ok(existsSync(path.join(project, '.memories', folder)), folder);
  }
  assert.deepEqual(first.artifacts.map((artifact) => artifact.path).sort(), [
    'context/knowledge-graph.index.jsonc',
    'context/project.md',
    'index.md',
    'sessions/2026-11-30T09-15-42Z__session-timeline.md',
  ]);
  await assertGolden('bank-index.md', await read(project, 'index.md'));
  assert.match(await read(project, 'sessions/2026-11-30T09-15-42Z__session-timeline.md'), /bootstrap: memory bank initialized/);
  const second = await bootstrapBank(bankAt(project, '2026-12-01T00:00:00+00:00'), 'demo');
  assert.match(second.artifacts[0]?.why ?? '', /already bootstrapped/);
  assert.match(await read(project, 'index.md'), /created_at: '2026-11-30T09:15:42.123456\+00:00'/);
});

test('update writes decision, error and plan records with the seed frontmatter and lists them in index.md', async (t) => {
  const project = await makeTempProject(t);
  const delta = buildManualDelta({
    decisions: ['We decided to use cursor pagination for the orders API because offset pagination was slow.'],
    errors: [{ text: 'npm test fails with EADDRINUSE on port 3000', fix: 'stop the dev server first' }],
    plans: ['Move the orders API to cursor pagination'],
  });
  const contract = await updateBank(bankAt(project), 'demo', delta, 'session-1');
  assert.equal(contract.status, 'success');
  assert.equal(contract.memoryWriteTimestampUtc, '2026-11-30T09:15:42.123456+00:00');
  await assertGolden('record-decision.md', await read(project, 'architecture/decisions/2026-11-30T09-15-42Z__cursor-pagination.md'));
  await assertGolden('record-error.md', await read(project, 'errors/2026-11-30T09-15-42Z__npm-test-fails-eaddrinuse.md'));
  const index = await read(project, 'index.md');
  const { records } = await listRecords(path.join(project, '.memories'));
  for (const record of records) {
    assert.ok(index.includes(`](${record.relativePath})`), record.relativePath);
  }
  await assertGolden('contract-update.md', renderContractMarkdown(contract));
  assert.equal(JSON.parse(renderContractJson(contract)).graph_delta.entities_added_count, contract.graphDelta.entitiesAddedCount);
});

test('a later update keeps created_at and the file name, refreshes updated_at', async (t) => {
  const project = await makeTempProject(t);
  await updateBank(bankAt(project), 'demo', buildManualDelta({ decisions: ['We decided to use Redis for the cache.'], errors: [] }));
  await updateBank(bankAt(project, '2026-12-02T08:00:00+00:00'), 'demo', {
    entities: [{ name: 'redis', entityType: 'decision', observations: ['Redis runs with persistence off.'] }],
    relations: [],
  });
  const files = await readdir(path.join(project, '.memories', 'architecture', 'decisions'));
  assert.deepEqual(files, ['2026-11-30T09-15-42Z__redis.md']);
  const text = await read(project, `architecture/decisions/${files[0]}`);
  assert.match(text, /created_at: '2026-11-30T09:15:42.123456\+00:00'/);
  assert.match(text, /updated_at: '2026-12-02T08:00:00\+00:00'/);
  assert.match(text, /utc_datetime_prefix: 2026-11-30T09-15-42Z/);
  assert.match(text, /Redis runs with persistence off/);
});

test('a newer decision on the same subject supersedes the older one; retrieve shows only the live one', async (t) => {
  const project = await makeTempProject(t);
  await updateBank(
    bankAt(project, '2026-11-01T00:00:00+00:00'),
    'demo',
    buildManualDelta({ decisions: ['We decided to use offset pagination for the orders API.'], errors: [] }),
  );
  const second = await updateBank(
    bankAt(project, '2026-11-20T00:00:00+00:00'),
    'demo',
    buildManualDelta({
      decisions: ['We decided to use cursor pagination for the orders API because offset pagination was slow.'],
      errors: [],
    }),
  );
  assert.equal(second.graphDelta.supersededRecordsCount, 1);
  assert.match(
    await read(project, 'architecture/decisions/2026-11-01T00-00-00Z__offset-pagination.md'),
    /status: superseded\nsuperseded_by: cursor-pagination/,
  );
  const packet = await retrieveFromBank(bankAt(project), 'demo', 'how do we paginate orders?', SETTINGS);
  assert.deepEqual(packet.planning.priorDecisions, [
    'cursor-pagination: We decided to use cursor pagination for the orders API because offset pagination was slow.',
  ]);
});

test('retrieve reads constraints, decisions and failures, and writes nothing', async (t) => {
  const project = await makeTempProject(t);
  const bank = bankAt(project);
  await bootstrapBank(bank, 'demo');
  const projectMd = path.join(project, '.memories', 'context', 'project.md');
  await writeFile(projectMd, `${await readFile(projectMd, 'utf8')}- Node 20 only\n- No network on the prompt path\n`);
  await updateBank(bank, 'demo', buildManualDelta({ decisions: [], errors: [{ text: 'The orders export times out on large accounts' }] }));
  const before = await read(project, 'index.md');
  const packet = await retrieveFromBank(
    new BankStore({ bankDir: path.join(project, '.memories'), stateDir: path.join(project, '.memories', '.state') }),
    'demo',
    'orders export',
    SETTINGS,
  );
  assert.deepEqual(packet.planning.constraints, ['Node 20 only', 'No network on the prompt path']);
  assert.equal(packet.planning.knownFailuresAndPreventions.length, 1);
  assert.match(packet.planning.knownFailuresAndPreventions[0] ?? '', /unresolved/);
  assert.equal(packet.health.recordListSynced, true);
  assert.equal(await read(project, 'index.md'), before);
});

test('reconcile resolves a git merge conflict in the graph file as the union of both sides and keeps the original', async (t) => {
  const project = await makeTempProject(t);
  const bank = bankAt(project);
  await bootstrapBank(bank, 'demo');
  const entity = (name: string) => `{ "entityName": "${name}", "entityType": "technology", "observations": ["${name} is used."] }`;
  const conflicted = `{
  "graphGeneratedAtUtc": "2026-11-30T09:00:00Z",
  "entities": [
<<<<<<< HEAD
    ${entity('Redis')},
=======
    ${entity('Kafka')},
>>>>>>> feature
    ${entity('PostgreSQL')}
  ],
  "relations": []
}`;
  await writeFile(path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc'), conflicted);
  await assert.rejects(bank.readGraph(), /STORE_CORRUPT|invalid JSONC/);
  const contract = await reconcileBank(bankAt(project, '2026-12-01T00:00:00+00:00'), 'demo');
  assert.ok(contract.health.consistencyWarnings.some((warning) => warning.includes('git merge conflict')));
  assert.deepEqual(
    (await bank.readGraph()).entities.map((candidate) => candidate.name),
    ['Kafka', 'PostgreSQL', 'Redis'],
  );
  assert.equal(await read(project, 'context/knowledge-graph.index.corrupt-2026-12-01T00-00-00Z.jsonc'), conflicted);
});

test('reconcile salvages a damaged graph file, removes duplicates and restores entities from records', async (t) => {
  const project = await makeTempProject(t);
  await updateBank(bankAt(project), 'demo', buildManualDelta({ decisions: ['We decided to use Zod for request validation.'], errors: [] }));
  const graphFile = path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc');
  await writeFile(
    graphFile,
    '{"graphGeneratedAtUtc":"x","entities":[{"entityName":"Vite","entityType":"technology","observations":["a"]},{"entityName":"vite","entityType":"technology","observations":["b"]},{"entityName":"trunc',
  );
  const contract = await reconcileBank(bankAt(project, '2026-12-01T00:00:00+00:00'), 'demo');
  const graph = await bankAt(project).readGraph();
  assert.deepEqual(graph.entities.map((entity) => entity.name).sort(), ['Vite', 'zod']);
  assert.deepEqual(graph.entities.find((entity) => entity.name === 'Vite')?.observations, ['a', 'b']);
  assert.ok(contract.health.consistencyWarnings.some((warning) => warning.includes('restored zod')));
  assert.ok(contract.health.consistencyWarnings.some((warning) => warning.includes('duplicate')));
});

test('bank commands without a time source fail recoverably and write nothing', async (t) => {
  const project = await makeTempProject(t);
  const down = new BankStore({
    bankDir: path.join(project, '.memories'),
    stateDir: path.join(project, '.memories', '.state'),
    writeTime: async () => {
      throw new Error('time source http://127.0.0.1:9/ did not answer');
    },
  });
  const contract = await bootstrapBank(down, 'demo');
  assert.equal(contract.status, 'failed');
  assert.match(contract.error ?? '', /recoverable/);
  assert.equal(existsSync(path.join(project, '.memories', 'index.md')), false);
  const update = await updateBank(down, 'demo', buildManualDelta({ decisions: ['We decided to use Redis for the cache.'], errors: [] }));
  assert.equal(update.status, 'failed');
  assert.match(update.error ?? '', /waits in the outbox, 1 pending/);
});
