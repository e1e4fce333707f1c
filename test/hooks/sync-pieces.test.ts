// A transcript too slow to sync in one Stop is synced in pieces over several, its cursor advancing each time, and
// nothing is written twice (issue #13); a huge pasted message costs extraction only its head and tail.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { statePaths } from '../../src/state/state-layout.ts';
import { mixShapes, seededRandom } from '../helpers/pathological-shapes.ts';
import { runHookProcess } from '../helpers/run-hook-process.ts';
import { SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';

const userLine = (uuid: string, text: string): string =>
  JSON.stringify({ type: 'user', uuid, timestamp: '2026-11-30T09:00:00.000Z', message: { role: 'user', content: text } });

test('a slow transcript is synced over several Stops, the cursor advancing each time, each decision written once', async (t) => {
  const project = await makeTempProject(t);
  const transcript = path.join(project, 'big.jsonl');
  const random = seededRandom(7);
  const lines = [userLine('first', 'We decided to use Redis for the session cache because it is fast.')];
  for (let line = 0; line < 256; line += 1) {
    lines.push(userLine(`paste-${line}`, `Here is the log:\n${mixShapes(250_000, random)}`));
  }
  lines.push(userLine('last', 'We decided to use cursor pagination for the orders API because offset was slow.'));
  await writeFile(transcript, `${lines.join('\n')}\n`);
  const size = (await readFile(transcript)).length;
  // A short deadline: reading stops after 600 ms (a few pieces of 1 MB), 64 MB take several Stops (session 23: a quiet
  // machine read 28 MB in those 600 ms, and the 24 MB of before in one Stop).
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system', MEMORY_FABRIC_SYNC_DEADLINE_MS: '2000' });
  const stop = JSON.stringify({ hook_event_name: 'Stop', session_id: 'big', transcript_path: transcript, cwd: project });
  const cursorPath = statePaths.cursor(path.join(project, '.memories', '.state'), 'big', transcript);
  const offsets: number[] = [];
  for (let stopNumber = 0; stopNumber < 40 && offsets.at(-1) !== size; stopNumber += 1) {
    const run = await runHookProcess(SYNC_HOOK, stop, { env, cwd: project, timeoutMs: 15_000 });
    assert.equal(run.timedOut, false);
    assert.equal(run.exitCode, 0, run.stderr);
    const saved = await readFile(cursorPath, 'utf8').catch(() =>
      assert.fail(`Stop ${stopNumber + 1} saved no cursor: ${run.stdout} ${run.stderr}`),
    );
    const offset = (JSON.parse(saved) as { offset: number }).offset;
    assert.ok(
      offset > (offsets.at(-1) ?? 0),
      `Stop ${stopNumber + 1} must move the cursor (${offsets.join(' -> ')} -> ${offset}): ${run.stderr}`,
    );
    offsets.push(offset);
  }
  assert.equal(offsets.at(-1), size, `the whole transcript is read in the end (${offsets.join(' -> ')})`);
  assert.ok(
    offsets.length >= 2,
    `${(size / 1e6).toFixed(0)} MB in 600 ms of reading per Stop takes several Stops (${offsets.join(' -> ')})`,
  );
  const graph = await readFile(path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc'), 'utf8');
  for (const decision of ['We decided to use Redis for the session cache', 'We decided to use cursor pagination for the orders API']) {
    assert.equal(graph.split(decision).length - 1, 1, `${decision}: written once`);
  }
});
