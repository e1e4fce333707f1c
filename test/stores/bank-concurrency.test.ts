// Several real sync hook processes writing one bank, and a writer killed in the middle of a write cycle.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { execa } from 'execa';
import { parseGraphFile } from '../../src/stores/bank/graph-file.ts';
import { SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';
import { writeTranscript } from '../helpers/bank.ts';

const TECHNOLOGIES = ['Redis', 'Kafka', 'PostgreSQL', 'SQLite', 'GraphQL', 'Vitest', 'Playwright', 'Prisma'];
const graphFileOf = (project: string) => path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc');

function syncPayload(project: string, transcript: string, sessionId: string): string {
  return JSON.stringify({
    hook_event_name: 'Stop',
    session_id: sessionId,
    transcript_path: transcript,
    cwd: project,
    stop_hook_active: false,
  });
}

test('eight sync hooks writing one bank at once all land; the graph file re-parses and the counters add up', {
  timeout: 120_000,
}, async (t) => {
  const project = await makeTempProject(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const runs = await Promise.all(
    TECHNOLOGIES.map(async (technology, position) => {
      const transcript = path.join(project, `session-${position}.jsonl`);
      await writeTranscript(transcript, [
        `We decided to use ${technology} for the service-${position} component because it fits.`,
        `Always document service-${position} in its README.`,
      ]);
      return execa(process.execPath, [SYNC_HOOK], {
        input: syncPayload(project, transcript, `session-${position}`),
        env,
        extendEnv: false,
        cwd: project,
        reject: false,
      });
    }),
  );
  let entitiesAdded = 0;
  for (const run of runs) {
    assert.equal(run.exitCode, 0);
    assert.equal(run.stderr, '');
    const added = run.stdout.match(/\+(\d+) entities/);
    assert.ok(added, run.stdout);
    entitiesAdded += Number(added[1]);
  }
  const graph = parseGraphFile(await readFile(graphFileOf(project), 'utf8'), 'index').graph;
  for (const technology of TECHNOLOGIES) {
    assert.ok(
      graph.entities.some((entity) => entity.name === technology.toLowerCase()),
      technology,
    );
  }
  assert.equal(entitiesAdded, graph.entities.length, 'every entity was counted exactly once');
  const conventions = graph.entities.find((entity) => entity.name === 'project-conventions');
  assert.equal(conventions?.observations.length, 8);
});

test('a writer killed with SIGKILL mid-cycle leaves the previous index intact, and the next cycle completes', {
  timeout: 120_000,
}, async (t) => {
  const project = await makeTempProject(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const first = path.join(project, 'first.jsonl');
  await writeTranscript(first, ['We decided to use Redis for the cache because it is fast.']);
  await execa(process.execPath, [SYNC_HOOK], { input: syncPayload(project, first, 'first'), env, extendEnv: false, cwd: project });
  const baseline = await readFile(graphFileOf(project), 'utf8');

  // A big transcript makes a long write cycle (hundreds of records) to kill at different moments.
  const big = path.join(project, 'big.jsonl');
  await writeTranscript(
    big,
    Array.from(
      { length: 400 },
      (_, position) => `We decided to use approach-${position} for the module-${position} component because of load.`,
    ),
  );
  for (const delayMs of [40, 80, 120, 160, 220]) {
    const child = execa(process.execPath, [SYNC_HOOK], {
      input: syncPayload(project, big, 'big'),
      env,
      extendEnv: false,
      cwd: project,
      reject: false,
    });
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    child.kill('SIGKILL');
    await child;
    const text = await readFile(graphFileOf(project), 'utf8');
    const graph = parseGraphFile(text, 'index').graph;
    assert.ok(
      graph.entities.some((entity) => entity.name === 'redis'),
      `after a kill at ${delayMs} ms the earlier memory is still there`,
    );
  }
  const finished = await execa(process.execPath, [SYNC_HOOK], {
    input: syncPayload(project, big, 'big'),
    env,
    extendEnv: false,
    cwd: project,
    reject: false,
  });
  assert.equal(finished.exitCode, 0);
  assert.equal(finished.stderr, '', 'the lock left by the killed writer was recovered');
  const graph = parseGraphFile(await readFile(graphFileOf(project), 'utf8'), 'index').graph;
  assert.ok(graph.entities.some((entity) => entity.name === 'approach-399'));
  assert.ok(graph.entities.some((entity) => entity.name === 'redis'));
  assert.notEqual(await readFile(graphFileOf(project), 'utf8'), baseline);
  const stray = (await readdir(path.join(project, '.memories', 'context'))).filter((name) => name.endsWith('.tmp'));
  assert.ok(stray.length <= 5, `at most one temp file per killed writer is left behind (${stray.length})`);
});
