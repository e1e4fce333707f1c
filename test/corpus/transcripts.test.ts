// The real public transcripts under ../shared/corpus/transcripts go through the built sync hook.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { copyFile, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { SHARED_CORPUS, SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';
import { runHookProcess } from '../helpers/run-hook-process.ts';

const TRANSCRIPTS = path.join(SHARED_CORPUS, 'transcripts');
const skip = existsSync(TRANSCRIPTS)
  ? false
  : `the shared corpus is not here (${TRANSCRIPTS}); it exists only in the team's workspace and CI`;

test('every real transcript syncs through the sync hook without an error, within the deadline, and a second Stop adds nothing', {
  skip,
  timeout: 300_000,
}, async (t) => {
  const names = (await readdir(TRANSCRIPTS)).filter((name) => name.endsWith('.jsonl')).sort();
  assert.ok(names.length > 0);
  const project = await makeTempProject(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system', MEMORY_FABRIC_SYNC_DEADLINE_MS: '20000' });
  for (const name of names) {
    const transcript = path.join(project, name);
    await copyFile(path.join(TRANSCRIPTS, name), transcript);
    const payload = JSON.stringify({
      hook_event_name: 'Stop',
      session_id: name,
      transcript_path: transcript,
      cwd: project,
      stop_hook_active: false,
    });
    const first = await runHookProcess(SYNC_HOOK, payload, { env, cwd: project, timeoutMs: 60_000 });
    assert.equal(first.exitCode, 0, name);
    assert.equal(first.stderr, '', `${name}: ${first.stderr}`);
    assert.match(first.stdout, /^memory-fabric sync \(Stop/, name);
    const second = await runHookProcess(SYNC_HOOK, payload, { env, cwd: project, timeoutMs: 60_000 });
    assert.match(second.stdout, /read 0 new lines/, `${name}: ${second.stdout}`);
  }
  const index = await readFile(path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc'), 'utf8');
  assert.ok(index.includes('"graphGeneratedAtUtc"'));
});
