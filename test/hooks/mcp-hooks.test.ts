// Both hooks on the MCP store, through the built bundles: the memory works; a missing, crashing or hanging server
// costs nothing but a notice (once), no hang, no leftover process; several syncs at once lose nothing.
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { execa } from 'execa';
import { CLI, CONTEXT_HOOK, SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';
import { runHookProcess } from '../helpers/run-hook-process.ts';
import { writeTranscript } from '../helpers/bank.ts';

const REAL_SERVER = {
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-memory'],
  env: { MEMORY_FILE_PATH: 'memory/graph.jsonl' },
};

async function mcpProject(t: import('node:test').TestContext, server: object | undefined) {
  const project = await makeTempProject(t);
  if (server) {
    await writeFile(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { memory: server } }));
  }
  const env = hookEnv(project, { MEMORY_FABRIC_STORE: 'mcp', MEMORY_FABRIC_TIME_SOURCE: 'system', MEMORY_FABRIC_MCP_TIMEOUT_MS: '1500' });
  return { project, env };
}

const prompt = (project: string, session: string, text: string) =>
  JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: session, cwd: project, prompt: text });
const stop = (project: string, session: string, transcript: string) =>
  JSON.stringify({ hook_event_name: 'Stop', session_id: session, cwd: project, transcript_path: transcript });

test('with the real server: the sync hook writes the decision, the context hook injects it', { timeout: 60_000 }, async (t) => {
  const { project, env } = await mcpProject(t, REAL_SERVER);
  const transcript = path.join(project, 's1.jsonl');
  await writeTranscript(transcript, ['We decided to use cursor pagination for the orders API because offset pagination was slow.']);
  const synced = await runHookProcess(SYNC_HOOK, stop(project, 's1', transcript), { env, cwd: project });
  assert.equal(synced.stderr, '');
  assert.match(synced.stdout, /\+2 entities, \+1 relations.*written to memory server/);
  assert.match(await readFile(path.join(project, 'memory', 'graph.jsonl'), 'utf8'), /cursor pagination for the orders API/);
  const injected = await runHookProcess(CONTEXT_HOOK, prompt(project, 's2', 'how do we paginate the orders endpoint?'), {
    env,
    cwd: project,
  });
  assert.equal(injected.exitCode, 0, injected.stderr);
  assert.match(JSON.parse(injected.stdout).hookSpecificOutput.additionalContext, /cursor pagination for the orders API/);
  // The sync left a search index of the server's file: while the file is unchanged, prompts never start the server.
  await writeFile(
    path.join(project, '.mcp.json'),
    JSON.stringify({ mcpServers: { memory: { ...REAL_SERVER, command: process.execPath, args: ['-e', 'process.exit(1)'] } } }),
  );
  const offline = await runHookProcess(CONTEXT_HOOK, prompt(project, 's3', 'how do we paginate the orders endpoint?'), {
    env,
    cwd: project,
  });
  assert.equal(offline.stderr, '');
  assert.match(JSON.parse(offline.stdout).hookSpecificOutput.additionalContext, /cursor pagination/);
});

test('a missing, crashing or hanging server: the context hook injects nothing and says why once; the sync keeps the delta; no process is left', {
  timeout: 90_000,
}, async (t) => {
  const cases: Array<[string, object | undefined, RegExp]> = [
    ['no server configured', undefined, /no .*\.mcp\.json/],
    ['a server that crashes at start', { command: process.execPath, args: ['-e', 'process.exit(3)'] }, /cannot connect|Connection closed/],
    [
      'a server that never answers',
      { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000) // mf-hang-marker'] },
      /took longer than|cannot connect/,
    ],
  ];
  for (const [label, server, reason] of cases) {
    const { project, env } = await mcpProject(t, server);
    const first = await runHookProcess(CONTEXT_HOOK, prompt(project, 's1', 'how do we paginate?'), {
      env,
      cwd: project,
      timeoutMs: 15_000,
    });
    assert.equal(first.exitCode, 0, label);
    assert.equal(first.timedOut, false, label);
    assert.match(first.stderr, reason, label);
    assert.match(JSON.parse(first.stdout).systemMessage, /no memories were injected/, label);
    const second = await runHookProcess(CONTEXT_HOOK, prompt(project, 's1', 'and the cursor?'), { env, cwd: project, timeoutMs: 15_000 });
    assert.equal(second.stdout, '', `${label}: said once per session`);
    const transcript = path.join(project, 's1.jsonl');
    await writeTranscript(transcript, ['We decided to use Redis for the cache.']);
    const synced = await runHookProcess(SYNC_HOOK, stop(project, 's1', transcript), { env, cwd: project, timeoutMs: 15_000 });
    assert.match(synced.stdout, /not written yet .* 1 deltas wait in the outbox/, label);
    assert.equal((await readdir(path.join(project, '.memories', '.state', 'outbox'))).length, 1);
  }
  const leftovers = await execa('pgrep', ['-f', 'mf-hang-marker'], { reject: false });
  assert.equal(leftovers.stdout.trim(), '', 'the hanging server was reaped');
});

test('four sync hooks writing through the real server at once lose nothing', { timeout: 90_000 }, async (t) => {
  const { project, env } = await mcpProject(t, REAL_SERVER);
  const technologies = ['Redis', 'Kafka', 'PostgreSQL', 'GraphQL'];
  const runs = await Promise.all(
    technologies.map(async (technology, index) => {
      const transcript = path.join(project, `s${index}.jsonl`);
      await writeTranscript(transcript, [`We decided to use ${technology} for the part-${index} component.`]);
      return runHookProcess(SYNC_HOOK, stop(project, `s${index}`, transcript), { env, cwd: project, timeoutMs: 60_000 });
    }),
  );
  for (const run of runs) {
    assert.match(run.stdout, /written to memory server/, run.stdout + run.stderr);
  }
  const file = await readFile(path.join(project, 'memory', 'graph.jsonl'), 'utf8');
  for (const technology of technologies) {
    assert.ok(file.includes(`"name":"${technology.toLowerCase()}"`), technology);
  }
});

test('MEMORY_FABRIC_SOURCES=bank,mcp: the bank and the real server are searched together; a server that fails costs only its memories, said once', {
  timeout: 90_000,
}, async (t) => {
  const { project, env } = await mcpProject(t, REAL_SERVER);
  // The same decision recorded in both stores (two transcripts of it: the sync never syncs a message twice).
  const statement = 'We decided to use cursor pagination for the orders API because offset pagination was slow.';
  const shared = path.join(project, 'shared.jsonl');
  await writeTranscript(shared, [statement]);
  const sharedAgain = path.join(project, 'shared-again.jsonl');
  await writeTranscript(sharedAgain, [statement]);
  const teamOnly = path.join(project, 'team.jsonl');
  await writeTranscript(teamOnly, ['We decided to use Redis for the session cache because Memcached lost sessions on restart.']);
  const bankEnv = { ...env, MEMORY_FABRIC_STORE: 'bank' };
  assert.match(
    (await runHookProcess(SYNC_HOOK, stop(project, 's1', shared), { env: bankEnv, cwd: project })).stdout,
    /written to file bank/,
  );
  assert.match(
    (await runHookProcess(SYNC_HOOK, stop(project, 's1b', sharedAgain), { env, cwd: project })).stdout,
    /written to memory server/,
  );
  assert.match((await runHookProcess(SYNC_HOOK, stop(project, 's2', teamOnly), { env, cwd: project })).stdout, /written to memory server/);

  const both = { ...env, MEMORY_FABRIC_SOURCES: 'bank,mcp' };
  const searched = await execa(
    process.execPath,
    [CLI, 'search', '--json', 'why cursor pagination for orders, and why redis for the session cache?'],
    { env: both, cwd: project },
  );
  const result = JSON.parse(searched.stdout) as {
    dispatch: Array<{ store: string; status: string; results: number }>;
    results: Array<{ id: string; text: string; stores: string[]; score_breakdown: { cross_validated: boolean } }>;
  };
  assert.deepEqual(
    result.dispatch.map((source) => [source.store, source.status]),
    [
      ['bank', 'ok'],
      ['mcp', 'ok'],
    ],
  );
  const decision = result.results.find((memory) => memory.id === 'graph:cursor-pagination');
  assert.deepEqual(decision?.stores, ['bank', 'mcp']);
  assert.equal(decision?.score_breakdown.cross_validated, true);
  assert.equal((decision?.text.match(/offset pagination was slow/g) ?? []).length, 1, 'the fact both stores hold is shown once');
  assert.ok(
    result.results.some((memory) => /Memcached lost sessions/.test(memory.text) && memory.stores.join() === 'mcp'),
    JSON.stringify(result.results.map((memory) => [memory.text, memory.stores])),
  );

  const injected = await runHookProcess(
    CONTEXT_HOOK,
    prompt(project, 's3', 'why cursor pagination for orders, and why redis for the session cache?'),
    { env: both, cwd: project },
  );
  assert.equal(injected.stderr, '');
  const context = JSON.parse(injected.stdout).hookSpecificOutput.additionalContext as string;
  assert.match(context, /offset pagination was slow/);
  assert.match(context, /Memcached lost sessions/);

  // The server breaks (its file gone, its command crashing): the bank's memories still come, and the user is told once.
  await writeFile(
    path.join(project, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        memory: { command: process.execPath, args: ['-e', 'process.exit(3)'], env: { MEMORY_FILE_PATH: 'memory/gone.jsonl' } },
      },
    }),
  );
  const first = await runHookProcess(CONTEXT_HOOK, prompt(project, 's4', 'why cursor pagination for orders?'), {
    env: both,
    cwd: project,
    timeoutMs: 15_000,
  });
  assert.equal(first.exitCode, 0);
  const firstOutput = JSON.parse(first.stdout) as { systemMessage?: string; hookSpecificOutput: { additionalContext: string } };
  assert.match(firstOutput.hookSpecificOutput.additionalContext, /offset pagination was slow/);
  assert.match(firstOutput.systemMessage ?? '', /memory server .* could not be searched .* memories came from the other store only/);
  assert.match(first.stderr, /could not be searched/);
  const second = await runHookProcess(CONTEXT_HOOK, prompt(project, 's4', 'and the cursor tokens?'), {
    env: both,
    cwd: project,
    timeoutMs: 15_000,
  });
  const secondOutput = JSON.parse(second.stdout) as { systemMessage?: string; hookSpecificOutput: { additionalContext: string } };
  assert.equal(secondOutput.systemMessage, undefined, 'said once per session');
  assert.match(secondOutput.hookSpecificOutput.additionalContext, /cursor pagination/);
});
