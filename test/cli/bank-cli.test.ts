// The bank's modes, import and export from the command line, on the public server-memory graphs when present.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { execa } from 'execa';
import { parseServerMemoryJsonl } from '../../src/core/server-memory-jsonl.ts';
import { canonicalEntityKey } from '../../src/core/graph.ts';
import { CLI, SHARED_CORPUS, hookEnv, makeTempProject } from '../helpers/temp-project.ts';

const GRAPHS = path.join(SHARED_CORPUS, 'graphs');
const cli = (args: string[], cwd: string, env: Record<string, string>) =>
  execa(process.execPath, [CLI, ...args], { cwd, env, extendEnv: false, reject: false, stdin: 'ignore' });

test('bootstrap, update, retrieve and reconcile print the Output Contract; --json gives the same as JSON', async (t) => {
  const project = await makeTempProject(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const bootstrap = await cli(['bootstrap'], project, env);
  assert.equal(bootstrap.exitCode, 0, bootstrap.stderr);
  assert.match(bootstrap.stdout, /^## Memory Operation\n- mode: bootstrap\n/);
  const update = await cli(
    [
      'update',
      '--json',
      '--decision',
      'We decided to use Redis for the session store.',
      '--error',
      'login fails after deploy',
      '--fix',
      'clear the CDN cache',
    ],
    project,
    env,
  );
  const contract = JSON.parse(update.stdout) as { memory_operation: { status: string }; graph_delta: { entities_added_count: number } };
  assert.equal(contract.memory_operation.status, 'success');
  assert.ok(contract.graph_delta.entities_added_count >= 2);
  const retrieve = await cli(['retrieve', 'why does login fail after a deploy?'], project, env);
  assert.match(
    retrieve.stdout,
    /known_failures_and_preventions: \n {2}- login-fails-deploy \(resolved\): Error: login fails after deploy Fix: clear the CDN cache/,
  );
  const reconcile = await cli(['reconcile'], project, env);
  assert.match(reconcile.stdout, /- index_synced: yes/);
  const usage = await cli(['update'], project, env);
  assert.equal(usage.exitCode, 2);
});

test('a write mode with the time source down exits 1 with a recoverable error', async (t) => {
  const project = await makeTempProject(t);
  const run = await cli(
    ['bootstrap'],
    project,
    hookEnv(project, { MEMORY_FABRIC_TIME_URL: 'http://127.0.0.1:9/', MEMORY_FABRIC_TIME_TIMEOUT_MS: '200' }),
  );
  assert.equal(run.exitCode, 1);
  assert.match(run.stdout, /- status: failed/);
  assert.match(run.stdout, /recoverable/);
});

test('the public server-memory graphs import into the bank and export back without loss', {
  skip: existsSync(GRAPHS) ? false : `the shared corpus is not here (${GRAPHS})`,
}, async (t) => {
  const files = [
    ...(await readdir(GRAPHS)).filter((name) => name.endsWith('.jsonl')).map((name) => path.join(GRAPHS, name)),
    ...(await readdir(path.join(GRAPHS, 'distractors')))
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => path.join(GRAPHS, 'distractors', name)),
  ];
  assert.ok(files.length >= 3);
  for (const file of files) {
    const project = await makeTempProject(t);
    const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
    const imported = await cli(['import', file], project, env);
    assert.equal(imported.exitCode, 0, `${file}: ${imported.stderr}`);
    const source = parseServerMemoryJsonl(await readFile(file, 'utf8')).graph;
    const exported = parseServerMemoryJsonl((await cli(['export'], project, env)).stdout).graph;
    const key = (name: string) => canonicalEntityKey(name);
    const sourceFacts = new Set(
      source.entities.flatMap((entity) => entity.observations.map((text) => `${key(entity.name)}|${text.trim()}`)),
    );
    const exportedFacts = new Set(
      exported.entities.flatMap((entity) => entity.observations.map((text) => `${key(entity.name)}|${text.trim()}`)),
    );
    for (const fact of sourceFacts) {
      assert.ok(exportedFacts.has(fact), `${path.basename(file)} lost ${fact}`);
    }
    const names = new Set(exported.entities.map((entity) => key(entity.name)));
    for (const entity of source.entities) {
      if (entity.name.trim() !== '' && !/^(data|info|temp|item|unknown)$/i.test(entity.name.trim())) {
        assert.ok(names.has(key(entity.name)), `${path.basename(file)} lost entity ${entity.name}`);
      }
    }
    const relations = new Set(
      exported.relations.map((relation) => `${key(relation.from)}|${relation.relationType.toLowerCase()}|${key(relation.to)}`),
    );
    for (const relation of source.relations) {
      if (!names.has(key(relation.from)) || !names.has(key(relation.to))) {
        continue;
      }
      assert.ok(
        relations.has(`${key(relation.from)}|${relation.relationType.toLowerCase()}|${key(relation.to)}`),
        `${path.basename(file)} lost ${relation.from} ${relation.relationType} ${relation.to}`,
      );
    }
  }
});

test('update: each --fix goes with the --error before it, and a --fix before any --error is a usage error', async (t) => {
  const project = await makeTempProject(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const update = await cli(
    ['update', '--json', '--error', 'the nightly export times out', '--error', 'login fails after deploy', '--fix', 'clear the CDN cache'],
    project,
    env,
  );
  assert.equal(update.exitCode, 0, update.stderr);
  const retrieve = await cli(['retrieve', 'why does login fail after a deploy?'], project, env);
  assert.match(retrieve.stdout, /Error: login fails after deploy Fix: clear the CDN cache/);
  assert.doesNotMatch(retrieve.stdout, /Error: the nightly export times out Fix:/);
  const misplaced = await cli(['update', '--fix', 'clear the CDN cache', '--error', 'login fails after deploy'], project, env);
  assert.equal(misplaced.exitCode, 2, misplaced.stdout);
  assert.match(misplaced.stderr, /--fix "clear the CDN cache" must follow the --error it fixes/);
});
