// Planted secrets and <private> blocks never reach any file the package writes: bank, records, outbox, cursors, logs.
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';
import { runHookProcess } from '../helpers/run-hook-process.ts';
import { PLANTED_SECRETS } from '../helpers/secrets.ts';

const PRIVATE_FACT = 'the acquisition closes on March 3';

async function allFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

test('secrets in prose, tool inputs and tool output, and private blocks, are in no file written, outbox included', async (t) => {
  const project = await makeTempProject(t);
  const transcript = path.join(project, 'leaky.jsonl');
  const [anthropic, openai, github, , aws, slack, stripe, google, jwt, password, bearer, , dbPassword] = PLANTED_SECRETS;
  const lines = [
    {
      type: 'user',
      uuid: 'u1',
      timestamp: '2026-11-30T10:00:00Z',
      message: {
        role: 'user',
        content: `We decided to use Stripe for billing because ${stripe} works. <private>${PRIVATE_FACT}</private> Always keep ANTHROPIC_API_KEY=${anthropic} out of git.`,
      },
    },
    {
      type: 'assistant',
      uuid: 'a1',
      message: {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 't1',
            name: 'Bash',
            input: { command: `OPENAI_API_KEY=${openai} npm test && curl -H "Authorization: Bearer ${bearer}" https://api.example.com` },
          },
        ],
      },
    },
    {
      type: 'user',
      uuid: 'u2',
      message: {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 't1',
            is_error: true,
            content: `Error: token ${github} rejected; aws ${aws}; slack ${slack}; key ${google}; jwt ${jwt}`,
          },
        ],
      },
    },
    {
      type: 'assistant',
      uuid: 'a2',
      message: { role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'Bash', input: { command: 'npm install stripe' } }] },
    },
    {
      type: 'assistant',
      uuid: 'a3',
      message: { role: 'assistant', content: [{ type: 'tool_use', id: 't3', name: 'Bash', input: { command: 'npm test' } }] },
    },
    {
      type: 'user',
      uuid: 'u3',
      message: {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 't3',
            is_error: false,
            content: `ok; connected to postgres://app:${dbPassword}@db/orders with password=${password}`,
          },
        ],
      },
    },
    { type: 'user', uuid: 'u4', message: { role: 'user', content: `We decided to use Sentry for errors. DB_PASSWORD=${password}` } },
  ];
  await writeFile(transcript, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  const payload = JSON.stringify({
    hook_event_name: 'Stop',
    session_id: 'leaky',
    transcript_path: transcript,
    cwd: project,
    last_assistant_message: `Done, the key ${anthropic} is set.`,
  });

  // First with the time source down (the delta goes to the outbox), then up (the outbox drains into the bank).
  const down = await runHookProcess(SYNC_HOOK, payload, {
    env: hookEnv(project, { MEMORY_FABRIC_TIME_URL: 'http://127.0.0.1:9/', MEMORY_FABRIC_TIME_TIMEOUT_MS: '200' }),
    cwd: project,
  });
  assert.match(down.stdout, /secrets redacted.*deltas wait in the outbox/);
  const outboxFiles = (await allFiles(path.join(project, '.memories', '.state', 'outbox'))).length;
  assert.equal(outboxFiles, 1);
  const outboxText = await readFile((await allFiles(path.join(project, '.memories', '.state', 'outbox')))[0] ?? '', 'utf8');
  for (const secret of PLANTED_SECRETS) {
    assert.ok(!outboxText.includes(secret), `outbox holds ${secret}`);
  }

  const writer = path.join(project, 'writer.jsonl');
  await writeFile(
    writer,
    `${JSON.stringify({ type: 'user', uuid: 'w1', message: { role: 'user', content: 'We decided to use Vite for the admin app.' } })}\n`,
  );
  const up = await runHookProcess(
    SYNC_HOOK,
    JSON.stringify({ hook_event_name: 'Stop', session_id: 'writer', transcript_path: writer, cwd: project }),
    { env: hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' }), cwd: project },
  );
  assert.match(up.stdout, /1 outbox deltas written/);

  const files = await allFiles(path.join(project, '.memories'));
  assert.ok(files.length >= 5, files.join('\n'));
  const everything = (await Promise.all(files.map((file) => readFile(file, 'utf8')))).join('\n');
  assert.ok(everything.includes('We decided to use Stripe for billing'), 'the memory itself was kept');
  assert.ok(everything.includes('[REDACTED'), 'secrets were replaced, not dropped with their sentence');
  for (const secret of PLANTED_SECRETS) {
    assert.ok(!everything.includes(secret), `a written file holds ${secret}`);
  }
  assert.ok(!everything.includes(PRIVATE_FACT), 'a private block reached a file');
});

test('secrets in every source capture reads (compaction summary, commit message, pr body, plan, todo list, subagent report) are in no file written', async (t) => {
  const project = await makeTempProject(t);
  const transcript = path.join(project, 'sources.jsonl');
  const [anthropic, openai, github, pat, aws, slack, stripe, google, , password] = PLANTED_SECRETS;
  const filler = 'The report goes on about the cache layer. '.repeat(30);
  const lines = [
    {
      type: 'user',
      uuid: 's1',
      isCompactSummary: true,
      timestamp: '2026-11-30T10:00:00Z',
      message: { role: 'user', content: `Summary: the deploy uses Redis and the token ${anthropic}. <private>${PRIVATE_FACT}</private>` },
    },
    {
      type: 'assistant',
      uuid: 'a1',
      timestamp: '2026-11-30T10:01:00Z',
      message: {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'c1',
            name: 'Bash',
            input: { command: `git commit -m "$(cat <<'EOF'\nfeat: add Redis cache with key ${openai}\nEOF\n)"` },
          },
          {
            type: 'tool_use',
            id: 'c2',
            name: 'Bash',
            input: { command: `gh pr create --title "Cache" --body "Uses Redis; token ${github}"` },
          },
          {
            type: 'tool_use',
            id: 'c3',
            name: 'ExitPlanMode',
            input: { plan: `## Plan\n- Store ${pat} in the vault for \`app/cache.py\`` },
          },
          {
            type: 'tool_use',
            id: 'c4',
            name: 'TodoWrite',
            input: { todos: [{ content: `Rotate ${aws} in Redis config`, status: 'pending' }] },
          },
          { type: 'tool_use', id: 'c5', name: 'Task', input: { subagent_type: 'Explore', description: 'find cache', prompt: '...' } },
        ],
      },
    },
    {
      type: 'user',
      uuid: 'u2',
      timestamp: '2026-11-30T10:02:00Z',
      message: {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'c5',
            content: `${filler} The cache in \`app/cache.py\` uses Redis with ${slack} and ${stripe} and ${google}; password=${password}.`,
          },
        ],
      },
    },
  ];
  await writeFile(transcript, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  const run = await runHookProcess(
    SYNC_HOOK,
    JSON.stringify({ hook_event_name: 'Stop', session_id: 'sources', transcript_path: transcript, cwd: project }),
    { env: hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' }), cwd: project },
  );
  assert.equal(run.exitCode, 0);
  const files = await allFiles(path.join(project, '.memories'));
  const everything = (await Promise.all(files.map((file) => readFile(file, 'utf8')))).join('\n');
  for (const kept of ['feat: add Redis cache', 'Rotate', 'app/cache.py']) {
    assert.ok(everything.includes(kept), `the statement "${kept}" was kept`);
  }
  for (const secret of PLANTED_SECRETS) {
    assert.ok(!everything.includes(secret), `a written file holds ${secret}`);
  }
  assert.ok(!everything.includes(PRIVATE_FACT), 'a private block reached a file');
});
