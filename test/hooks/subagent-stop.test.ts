// SubagentStop syncs the subagent's own transcript: what it found is a source, filed under the parent session.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { runHookProcess } from '../helpers/run-hook-process.ts';
import { SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';

test('a SubagentStop syncs the agent transcript once, its findings kept under the parent session', async (t) => {
  const project = await makeTempProject(t);
  const agentTranscript = path.join(project, 'agent-a1.jsonl');
  const finding = 'The availability cache lives in `app/cache.py` and is keyed by marina and date.';
  await writeFile(
    agentTranscript,
    `${[
      {
        type: 'user',
        uuid: 'g1',
        isSidechain: true,
        timestamp: '2026-11-30T10:00:00Z',
        message: { role: 'user', content: 'Find the cache.' },
      },
      {
        type: 'assistant',
        uuid: 'g2',
        isSidechain: true,
        timestamp: '2026-11-30T10:01:00Z',
        message: { role: 'assistant', content: [{ type: 'text', text: `Let me search the code. ${finding}` }] },
      },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n')}\n`,
  );
  const payload = JSON.stringify({
    hook_event_name: 'SubagentStop',
    session_id: 'parent-session-1',
    transcript_path: path.join(project, 'parent.jsonl'),
    agent_transcript_path: agentTranscript,
    agent_id: 'a1',
    agent_type: 'Explore',
    cwd: project,
    stop_hook_active: false,
  });
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const first = await runHookProcess(SYNC_HOOK, payload, { env, cwd: project });
  assert.equal(first.exitCode, 0);
  assert.match(first.stdout, /SubagentStop, session parent-s/);
  const graph = await readFile(path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc'), 'utf8');
  assert.ok(graph.includes('The availability cache lives in `app/cache.py`'), graph);
  assert.ok(graph.includes('session parent-s'), 'filed under the parent session');
  assert.ok(!graph.includes('Let me search the code'), 'narration is not kept');
  const again = await runHookProcess(SYNC_HOOK, payload, { env, cwd: project });
  assert.match(again.stdout, /read 0 new lines/);
});

test("a compaction agent's transcript is not synced: it retells the session, private parts included", async (t) => {
  const project = await makeTempProject(t);
  const lines = (secret: string): string =>
    `${[
      {
        type: 'user',
        uuid: 'c1',
        isSidechain: true,
        timestamp: '2026-11-30T10:00:00Z',
        message: { role: 'user', content: 'Your task is to create a detailed summary of the conversation so far.' },
      },
      {
        type: 'assistant',
        uuid: 'c2',
        isSidechain: true,
        timestamp: '2026-11-30T10:01:00Z',
        message: { role: 'assistant', content: [{ type: 'text', text: `Key decision: ${secret} is stored in the vault config file.` }] },
      },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n')}\n`;
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const sync = async (name: string, secret: string) => {
    const agentTranscript = path.join(project, name);
    await writeFile(agentTranscript, lines(secret));
    const payload = JSON.stringify({
      hook_event_name: 'SubagentStop',
      session_id: 'parent-session-2',
      transcript_path: path.join(project, 'parent.jsonl'),
      agent_transcript_path: agentTranscript,
      cwd: project,
      stop_hook_active: false,
    });
    const run = await runHookProcess(SYNC_HOOK, payload, { env, cwd: project });
    assert.equal(run.exitCode, 0, run.stderr);
  };
  // The same lines in an ordinary agent's transcript are kept: the file's name is what skips the other.
  await sync('agent-a2.jsonl', 'The staging password');
  await sync('agent-acompact-7f3e2a.jsonl', 'The production password');
  const graph = await readFile(path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc'), 'utf8');
  assert.ok(graph.includes('The staging password is stored in the vault config file'), graph);
  assert.ok(!graph.includes('production password'), graph);
});
