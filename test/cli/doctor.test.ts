// memory-fabric doctor on a healthy setup, on setups broken one check at a time, and on a fresh clone.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { appendFile, chmod, cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { execa } from 'execa';
import { runDoctor, type Check } from '../../src/cli/doctor.ts';
import { CLI, PACKAGE_ROOT, SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';
import { runHookProcess } from '../helpers/run-hook-process.ts';
import { writeTranscript } from '../helpers/bank.ts';

async function doctor(
  project: string,
  env: Record<string, string>,
  packageRoot = PACKAGE_ROOT,
): Promise<{ code: number; checks: Map<string, Check> }> {
  let out = '';
  const code = await runDoctor(
    true,
    { stdout: (text) => void (out += text), stderr: () => undefined, env, cwd: project, nowMs: Date.now },
    packageRoot,
  );
  const checks = (JSON.parse(out) as { checks: Check[] }).checks;
  return { code, checks: new Map(checks.map((check) => [check.name, check])) };
}

async function healthyProject(t: import('node:test').TestContext): Promise<{ project: string; env: Record<string, string> }> {
  const project = await makeTempProject(t);
  const env = hookEnv(project, { HOME: path.join(project, 'home'), MEMORY_FABRIC_TIME_SOURCE: 'system' });
  delete env.CLAUDE_PROJECT_DIR;
  const install = await execa(
    path.join(PACKAGE_ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(PACKAGE_ROOT, 'install.ts'), '--project', project],
    { cwd: project, env, extendEnv: false },
  );
  assert.equal(install.exitCode, 0);
  const transcript = path.join(project, 's.jsonl');
  await writeTranscript(transcript, ['We decided to use Redis for the cache.']);
  await runHookProcess(
    SYNC_HOOK,
    JSON.stringify({ hook_event_name: 'Stop', session_id: 's1', transcript_path: transcript, cwd: project }),
    { env, cwd: project },
  );
  return { project, env };
}

test('a healthy setup passes every check', async (t) => {
  const { project, env } = await healthyProject(t);
  const { code, checks } = await doctor(project, env);
  assert.equal(code, 0);
  for (const name of [
    'node',
    'hooks',
    'entrypoints',
    'store',
    'bank health',
    'time source',
    'outbox',
    'last syncs',
    'hook timings',
    'code cache',
  ]) {
    assert.equal(checks.get(name)?.status, 'pass', `${name}: ${checks.get(name)?.detail}`);
  }
});

test("doctor says where the hooks' code cache is, and warns when the hooks cannot use it", async (t) => {
  const { project, env } = await healthyProject(t);
  const cacheHome = path.join(project, 'cache-home');
  const folder = path.join(cacheHome, 'memory-fabric');
  const withCache = { ...env, XDG_CACHE_HOME: cacheHome };
  assert.match((await doctor(project, withCache)).checks.get('code cache')?.detail ?? '', /written after the hooks' first run/);
  const stop = JSON.stringify({ hook_event_name: 'Stop', session_id: 's1', transcript_path: path.join(project, 's.jsonl'), cwd: project });
  assert.equal((await runHookProcess(SYNC_HOOK, stop, { env: withCache, cwd: project })).exitCode, 0);
  const used = (await doctor(project, withCache)).checks.get('code cache');
  assert.equal(used?.status, 'pass');
  assert.match(used?.detail ?? '', new RegExp(`^${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: 1 cache, \\d+ KB$`));
  await chmod(folder, 0o777);
  const shared = (await doctor(project, withCache)).checks.get('code cache');
  assert.equal(shared?.status, 'warn');
  assert.match(shared?.fix ?? '', /chmod 700/);
  assert.equal(
    (await doctor(project, { ...withCache, MEMORY_FABRIC_CODE_CACHE: '0' })).checks.get('code cache')?.detail.startsWith('off'),
    true,
  );
});

test('each broken part fails its own check, with a fix', async (t) => {
  const cases: Array<{
    check: string;
    breakIt: (project: string, env: Record<string, string>) => Promise<Record<string, string>>;
    detail: RegExp;
  }> = [
    {
      check: 'hooks',
      detail: /run twice/,
      breakIt: async (project, env) => {
        await writeFile(path.join(project, '.claude', 'settings.local.json'), '{ "enabledPlugins": { "memory-fabric@market": true } }');
        return env;
      },
    },
    {
      check: 'store',
      detail: /STORE_CORRUPT/,
      breakIt: async (project, env) => {
        await appendFile(path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc'), '<<<<<<< HEAD');
        return env;
      },
    },
    {
      check: 'time source',
      detail: /did not answer/,
      breakIt: async (_project, env) => ({
        ...env,
        MEMORY_FABRIC_TIME_SOURCE: 'worldtimeapi',
        MEMORY_FABRIC_TIME_URL: 'http://127.0.0.1:9/',
        MEMORY_FABRIC_TIME_TIMEOUT_MS: '200',
      }),
    },
    {
      check: 'outbox',
      detail: /unreadable/,
      breakIt: async (project, env) => {
        await mkdir(path.join(project, '.memories', '.state', 'outbox'), { recursive: true });
        await writeFile(path.join(project, '.memories', '.state', 'outbox', '000-broken.json'), '{ not json');
        return env;
      },
    },
    {
      check: 'store',
      detail: /not writable/,
      breakIt: async (project, env) => {
        const blocker = path.join(project, 'not-a-folder');
        await writeFile(blocker, 'a file where the state folder should be');
        return { ...env, MEMORY_FABRIC_STATE_DIR: blocker };
      },
    },
  ];
  for (const { check, breakIt, detail } of cases) {
    const { project, env } = await healthyProject(t);
    const { code, checks } = await doctor(project, await breakIt(project, env));
    assert.equal(code, 1, check);
    assert.equal(checks.get(check)?.status, 'fail', `${check}: ${JSON.stringify(checks.get(check))}`);
    assert.match(checks.get(check)?.detail ?? '', detail);
    assert.ok((checks.get(check)?.fix ?? '').length > 0, `${check} has a fix`);
  }
});

test('stale entrypoints are detected against the sources', async (t) => {
  const copy = await makeTempProject(t);
  await cp(path.join(PACKAGE_ROOT, 'src'), path.join(copy, 'src'), { recursive: true });
  await cp(path.join(PACKAGE_ROOT, 'hooks'), path.join(copy, 'hooks'), { recursive: true });
  const { project, env } = await healthyProject(t);
  assert.equal((await doctor(project, env, copy)).checks.get('entrypoints')?.status, 'pass');
  await appendFile(path.join(copy, 'src', 'config.ts'), '\n// changed\n');
  const { checks } = await doctor(project, env, copy);
  assert.equal(checks.get('entrypoints')?.status, 'fail');
  assert.equal(checks.get('entrypoints')?.fix, 'npm run build');
});

test('on a fresh clone with nothing set up, doctor explains what to do and exits 0', async (t) => {
  const project = await makeTempProject(t);
  const run = await execa(process.execPath, [CLI, 'doctor'], {
    cwd: project,
    env: { ...hookEnv(project, { HOME: path.join(project, 'home'), MEMORY_FABRIC_TIME_SOURCE: 'system' }) },
    extendEnv: false,
    reject: false,
  });
  assert.equal(run.exitCode, 0, run.stdout);
  assert.match(run.stdout, /warn {2}hooks: no memory-fabric hooks/);
  assert.match(run.stdout, /fix: npx tsx install\.ts --project/);
  assert.match(run.stdout, /no bank yet/);
});

test('memory-fabric log shows the recent runs and p50/p95 per hook', async (t) => {
  const { project, env } = await healthyProject(t);
  const run = await execa(process.execPath, [CLI, 'log'], { cwd: project, env, extendEnv: false });
  assert.match(run.stdout, /Hook log: 1 runs/);
  assert.match(run.stdout, /sync +Stop .* ms/);
  assert.match(run.stdout, /sync Stop +1 runs +p50 +\d+ ms +p95 +\d+ ms/);
});

test('long commands show progress on a terminal only: piped, stderr stays empty', async (t) => {
  const project = await makeTempProject(t);
  const graph = path.join(project, 'g.jsonl');
  await writeFile(
    graph,
    `${JSON.stringify({ type: 'entity', name: 'orders-api', entityType: 'component', observations: ['Serves orders.'] })}\n`,
  );
  const run = await execa(process.execPath, [CLI, 'import', graph], {
    cwd: project,
    env: hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' }),
    extendEnv: false,
  });
  assert.equal(run.stderr, '');
  assert.match(run.stdout, /entities_added_count: 1/);
});

test('on the MCP store, doctor checks that the memory server starts and answers', async (t) => {
  const project = await makeTempProject(t);
  const env = hookEnv(project, { HOME: path.join(project, 'home'), MEMORY_FABRIC_TIME_SOURCE: 'system', MEMORY_FABRIC_STORE: 'mcp' });
  const missing = await doctor(project, env);
  assert.equal(missing.checks.get('store')?.status, 'fail');
  assert.match(missing.checks.get('store')?.fix ?? '', /install\.ts --store mcp/);
  await writeFile(
    path.join(project, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: 'memory/graph.jsonl' } },
      },
    }),
  );
  const working = await doctor(project, env);
  assert.equal(working.checks.get('store')?.status, 'pass', working.checks.get('store')?.detail);
  assert.match(working.checks.get('store')?.detail ?? '', /answered: 0 entities/);
});

test('a store searched besides the written one (MEMORY_FABRIC_SOURCES) is checked too: unreadable is a warning, not a failure', async (t) => {
  const project = await makeTempProject(t);
  const env = hookEnv(project, {
    HOME: path.join(project, 'home'),
    MEMORY_FABRIC_TIME_SOURCE: 'system',
    MEMORY_FABRIC_SOURCES: 'bank,mcp',
  });
  const missing = await doctor(project, env);
  assert.equal(missing.checks.get('search source mcp')?.status, 'warn');
  assert.match(missing.checks.get('search source mcp')?.detail ?? '', /cannot be read: .*prompts get memories from bank only/);
  assert.match(missing.checks.get('search source mcp')?.fix ?? '', /MEMORY_FABRIC_SOURCES/);
  assert.equal(existsSync(path.join(project, '.memories')), false, 'doctor creates nothing');
  await writeFile(
    path.join(project, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: 'memory/graph.jsonl' } },
      },
    }),
  );
  const working = await doctor(project, env);
  assert.equal(working.checks.get('search source mcp')?.status, 'pass', working.checks.get('search source mcp')?.detail);
  assert.equal(working.checks.get('store')?.status, missing.checks.get('store')?.status, 'the written store is checked as before');
});
