// A sync past its deadline gives up cleanly: exit 0, one stderr line, nothing written, the cursor where it was; the
// next Stop syncs the same part once (issue #13).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { statePaths } from '../../src/state/state-layout.ts';
import { writeTranscript } from '../helpers/bank.ts';
import { runHookProcess } from '../helpers/run-hook-process.ts';
import { SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';
import { startTimeServer } from '../helpers/time-server.ts';

test('a sync whose write outlasts the deadline exits 0 with one line, writes nothing, and the next Stop syncs it once', async (t) => {
  const project = await makeTempProject(t);
  const transcript = path.join(project, 's1.jsonl');
  await writeTranscript(transcript, ['We decided to use Redis for the session cache because it is fast.']);
  const time = await startTimeServer(t, { kind: 'hang' });
  // The time source answers after the deadline: the write waits for it longer than the hook may run.
  const env = hookEnv(project, {
    MEMORY_FABRIC_TIME_URL: time.url,
    MEMORY_FABRIC_TIME_TIMEOUT_MS: '10000',
    MEMORY_FABRIC_SYNC_DEADLINE_MS: '1000',
  });
  const stop = JSON.stringify({ hook_event_name: 'Stop', session_id: 's1', transcript_path: transcript, cwd: project });
  const late = await runHookProcess(SYNC_HOOK, stop, { env, cwd: project, timeoutMs: 8_000 });
  assert.equal(late.timedOut, false, 'ends on its own, before the time source answers');
  assert.equal(late.exitCode, 0);
  assert.match(late.stderr, /DEADLINE_EXCEEDED/);
  assert.equal(late.stderr.trim().split('\n').length, 1, 'one stderr line');
  const cursorPath = statePaths.cursor(path.join(project, '.memories', '.state'), 's1', transcript);
  assert.equal(existsSync(cursorPath), false, 'the cursor did not move');
  const graphFile = path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc');
  const before = existsSync(graphFile) ? await readFile(graphFile, 'utf8') : '';
  assert.doesNotMatch(before, /Redis/, 'nothing was written');

  time.behaviour = { kind: 'ok', utcDateTime: '2026-11-30T10:00:00.000000+00:00' };
  const next = await runHookProcess(SYNC_HOOK, stop, { env, cwd: project, timeoutMs: 15_000 });
  assert.equal(next.exitCode, 0);
  assert.doesNotMatch(next.stderr, /DEADLINE_EXCEEDED/, next.stderr);
  const graph = await readFile(graphFile, 'utf8');
  assert.equal(graph.split('We decided to use Redis for the session cache').length - 1, 1, 'written once');
  assert.ok(existsSync(cursorPath), 'the cursor moved');
});
