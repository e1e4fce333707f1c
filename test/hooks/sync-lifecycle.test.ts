// SessionEnd hands its flush to a detached process; SessionStart sweeps sessions whose end was never seen.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { appendFile, readdir, readFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { CONTEXT_HOOK, SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';
import { runHookProcess } from '../helpers/run-hook-process.ts';
import { writeTranscript } from '../helpers/bank.ts';

const indexOf = (project: string) => path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc');

async function waitFor(check: () => Promise<boolean>, label: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`timed out waiting for: ${label}`);
}

const indexHas = (project: string, text: string) => async () =>
  existsSync(indexOf(project)) && (await readFile(indexOf(project), 'utf8')).includes(text);
// The detached process logs its line last, just before it exits: after that it writes nothing more.
const backgroundDone = (project: string, event: string) => async () =>
  (await readFile(path.join(project, '.memories', '.state', 'logs', 'hooks.jsonl'), 'utf8').catch(() => '')).includes(event);

test('SessionEnd returns at once and a detached process writes the final part of the transcript', async (t) => {
  const project = await makeTempProject(t);
  const transcript = path.join(project, 's1.jsonl');
  await writeTranscript(transcript, ['We decided to use Redis for the session cache because it is fast.']);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const run = await runHookProcess(
    SYNC_HOOK,
    JSON.stringify({ hook_event_name: 'SessionEnd', session_id: 's1', transcript_path: transcript, cwd: project, reason: 'other' }),
    { env, cwd: project },
  );
  assert.equal(run.exitCode, 0);
  assert.match(run.stdout, /final flush handed to a background process \(pid \d+\)/);
  await waitFor(indexHas(project, 'We decided to use Redis for the session cache'), 'the background flush');
  await waitFor(
    async () => (await readdir(path.join(project, '.memories', '.state', 'flush')).catch(() => ['x'])).length === 0,
    'the flush request to be removed',
  );
  await waitFor(backgroundDone(project, 'SessionEnd (background flush)'), 'the flusher to finish');
});

test('SessionStart hands sessions whose end was never seen to a background sweep', async (t) => {
  const project = await makeTempProject(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const transcript = path.join(project, 'old.jsonl');
  await writeTranscript(transcript, ['We decided to use Kafka for order events because of ordering.']);
  const stop = await runHookProcess(
    SYNC_HOOK,
    JSON.stringify({ hook_event_name: 'Stop', session_id: 'old', transcript_path: transcript, cwd: project }),
    { env, cwd: project },
  );
  assert.match(stop.stdout, /\+\d+ entities/);
  // The session went on, then ended without Stop or SessionEnd reaching us (a crash, Ctrl-C).
  await appendFile(
    transcript,
    `${JSON.stringify({ type: 'user', uuid: 'late-1', message: { role: 'user', content: 'We decided to use Avro for the event schemas.' } })}\n`,
  );
  const past = new Date(Date.now() - 10 * 60_000);
  await utimes(transcript, past, past);

  const start = await runHookProcess(
    CONTEXT_HOOK,
    JSON.stringify({
      hook_event_name: 'SessionStart',
      session_id: 'new',
      transcript_path: path.join(project, 'new.jsonl'),
      cwd: project,
      source: 'startup',
    }),
    { env, cwd: project },
  );
  assert.equal(start.exitCode, 0);
  assert.match(JSON.parse(start.stdout).hookSpecificOutput.additionalContext, /Kafka/);
  await waitFor(indexHas(project, 'We decided to use Avro for the event schemas.'), 'the background sweep');
  await waitFor(backgroundDone(project, 'Sweep (background)'), 'the sweeper to finish');
});
