// The built hooks run their code from V8's code cache (src/entrypoints/code-cache.ts): the first run writes the cache,
// the next ones use it, and a cache that is corrupt, of another bundle, or cannot be written costs only
// itself: a hook answers exactly as it does with the cache turned off.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { KnowledgeGraph } from '../../src/core/graph.ts';
import { writeIndexedBank, writeTranscript } from '../helpers/bank.ts';
import { CONTEXT_HOOK, SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';
import { runHookProcess } from '../helpers/run-hook-process.ts';

const GRAPH: KnowledgeGraph = {
  entities: [
    {
      name: 'cursor-pagination',
      entityType: 'decision',
      observations: [
        'We decided to use cursor pagination for the orders API because offset pagination was slow [2026-11-02, session aaaa0001, decision]',
      ],
    },
    ...Array.from({ length: 30 }, (_, index) => ({
      name: `area-${index}`,
      entityType: 'component',
      observations: [`area ${index} note: the ${['queue', 'worker', 'page', 'form'][index % 4]} was tidied`],
    })),
  ],
  relations: [],
};

async function bank(t: import('node:test').TestContext): Promise<string> {
  const project = await makeTempProject(t);
  await writeIndexedBank(project, GRAPH);
  return project;
}

async function tempFolder(t: import('node:test').TestContext): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'mf-code-cache-'));
  t.after(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

const payload = (project: string): string =>
  JSON.stringify({
    hook_event_name: 'UserPromptSubmit',
    session_id: 's1',
    cwd: project,
    prompt: 'how do we paginate the orders endpoint?',
  });

async function ask(project: string, extra: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  const run = await runHookProcess(CONTEXT_HOOK, payload(project), { env: hookEnv(project, extra), cwd: project });
  assert.equal(run.exitCode, 0, run.stderr);
  return { stdout: run.stdout, stderr: run.stderr };
}

const cacheFiles = async (folder: string): Promise<string[]> =>
  (await readdir(folder).catch(() => [] as string[])).filter((name) => name.startsWith('context-')).sort();

test('the first run writes the code cache (owner only), the next one uses it, and both answer as the hook without it', async (t) => {
  const project = await bank(t);
  const cacheHome = await tempFolder(t);
  const folder = path.join(cacheHome, 'memory-fabric');
  const without = await ask(project, { MEMORY_FABRIC_CODE_CACHE: '0', XDG_CACHE_HOME: cacheHome });
  assert.match(without.stdout, /cursor pagination for the orders API/);
  assert.deepEqual(await cacheFiles(folder), [], 'MEMORY_FABRIC_CODE_CACHE=0 writes no cache');

  const first = await ask(project, { XDG_CACHE_HOME: cacheHome });
  assert.equal(first.stdout, without.stdout);
  const files = await cacheFiles(folder);
  assert.equal(files.length, 1, `one cache file: ${files.join(', ')}`);
  const file = path.join(folder, files[0] as string);
  // The code's hash, length and modification time, Node's version and the architecture.
  assert.match(
    files[0] as string,
    new RegExp(`^context-[0-9a-f]{16}-\\d+-\\d+-${process.version.replace(/\./g, '\\.')}-${process.arch}\\.bin$`),
  );
  assert.equal((await stat(folder)).mode & 0o777, 0o700);
  assert.equal((await stat(file)).mode & 0o777, 0o600);
  const written = await readFile(file);
  assert.ok(written.length > 10_000, `the cache holds the compiled functions (${written.length} bytes)`);

  const second = await ask(project, { XDG_CACHE_HOME: cacheHome });
  assert.equal(second.stdout, without.stdout);
  assert.ok((await readFile(file)).equals(written), 'an accepted cache is not written again');
});

test("a damaged cache is rejected and written anew, a header or a body alike; a stale cache of the hook is removed, another install's kept", async (t) => {
  const project = await bank(t);
  const cacheHome = await tempFolder(t);
  const folder = path.join(cacheHome, 'memory-fabric');
  const expected = (await ask(project, { MEMORY_FABRIC_CODE_CACHE: '0', XDG_CACHE_HOME: cacheHome })).stdout;
  await ask(project, { XDG_CACHE_HOME: cacheHome });
  const [name] = await cacheFiles(folder);
  const file = path.join(folder, name as string);
  const good = await readFile(file);
  const stale = path.join(folder, 'context-0000000000000000-1-1-v0.0.0-x64.bin');
  await writeFile(stale, 'an older build');
  const weekOld = new Date(Date.now() - 8 * 24 * 3600 * 1000);
  await utimes(stale, weekOld, weekOld);
  const otherInstall = path.join(folder, 'context-1111111111111111-2-2-v0.0.0-x64.bin');
  await writeFile(otherInstall, 'another install, used yesterday');
  // A header V8 refuses (every byte 0x5a), then a body with a few bytes flipped: V8 in a release build does not check
  // a cache's body, and ran such a cache until it crashed (exit 133, 139): the loader's CRC-32 refuses it.
  const flipped = Buffer.from(good);
  for (const at of [40, Math.floor(good.length / 3), Math.floor(good.length / 2), good.length - 100]) {
    flipped[at] = (flipped[at] as number) ^ 0xff;
  }
  for (const damaged of [Buffer.alloc(good.length, 0x5a), flipped, good.subarray(0, 1000)]) {
    await writeFile(file, damaged);
    const answered = await ask(project, { XDG_CACHE_HOME: cacheHome });
    assert.equal(answered.stdout, expected);
    const rewritten = await readFile(file);
    assert.ok(!rewritten.equals(damaged), 'the rejected cache was written anew');
    assert.equal((await ask(project, { XDG_CACHE_HOME: cacheHome })).stdout, expected);
    assert.ok((await readFile(file)).equals(rewritten), 'and the new one is used');
  }
  assert.deepEqual(await cacheFiles(folder), [path.basename(otherInstall), name].sort(), 'the stale cache was removed');
});

test("a cache folder that cannot be made or is not the user's own, a FIFO for a file, a relative path: each costs only the cache", async (t) => {
  const project = await bank(t);
  const scratch = await tempFolder(t);
  const expected = (await ask(project, { MEMORY_FABRIC_CODE_CACHE: '0', XDG_CACHE_HOME: scratch })).stdout;
  // XDG_CACHE_HOME is a file: no folder can be made under it.
  const blocker = path.join(scratch, 'not-a-folder');
  await writeFile(blocker, '');
  const blocked = await ask(project, { XDG_CACHE_HOME: blocker });
  assert.equal(blocked.stdout, expected);
  assert.equal(blocked.stderr, '');

  // A folder others may write to is not used: V8 would run what they put there.
  const shared = path.join(scratch, 'shared');
  await mkdir(path.join(shared, 'memory-fabric'), { recursive: true });
  await chmod(path.join(shared, 'memory-fabric'), 0o777);
  assert.equal((await ask(project, { XDG_CACHE_HOME: shared })).stdout, expected);
  assert.deepEqual(await cacheFiles(path.join(shared, 'memory-fabric')), []);

  // A FIFO where the cache file would be does not block the hook.
  const own = path.join(scratch, 'own');
  await ask(project, { XDG_CACHE_HOME: own });
  const [name] = await cacheFiles(path.join(own, 'memory-fabric'));
  const cacheFile = path.join(own, 'memory-fabric', name as string);
  await rm(cacheFile);
  execFileSync('mkfifo', [cacheFile]);
  const started = Date.now();
  assert.equal((await ask(project, { XDG_CACHE_HOME: own })).stdout, expected);
  assert.ok(Date.now() - started < 10_000);

  // A relative XDG_CACHE_HOME is ignored (the XDG spec): the cache goes under HOME, not under the project.
  const home = path.join(scratch, 'home');
  await mkdir(home);
  assert.equal((await ask(project, { XDG_CACHE_HOME: 'relative-cache', HOME: home })).stdout, expected);
  assert.equal((await cacheFiles(path.join(home, '.cache', 'memory-fabric'))).length, 1);
  await assert.rejects(stat(path.join(project, 'relative-cache')));

  const pluginData = path.join(scratch, 'plugin-data');
  assert.equal((await ask(project, { CLAUDE_PLUGIN_DATA: pluginData, XDG_CACHE_HOME: blocker })).stdout, expected);
  assert.equal((await cacheFiles(path.join(pluginData, 'code-cache'))).length, 1);
});

test('the sync hook runs from a cache of its own: a Stop syncs the same with and without it, the next Stop uses it, and the caches of the two hooks live side by side', async (t) => {
  const cacheHome = await tempFolder(t);
  const folder = path.join(cacheHome, 'memory-fabric');
  const syncs: string[] = [];
  for (const cache of ['0', '1']) {
    const project = await makeTempProject(t);
    const transcript = path.join(project, 'session.jsonl');
    await writeTranscript(transcript, ['We decided to use cursor pagination for the orders API because offset pagination was slow.']);
    const stop = JSON.stringify({ hook_event_name: 'Stop', session_id: 'sess-1', cwd: project, transcript_path: transcript });
    const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system', MEMORY_FABRIC_CODE_CACHE: cache, XDG_CACHE_HOME: cacheHome });
    const run = await runHookProcess(SYNC_HOOK, stop, { env, cwd: project });
    assert.equal(run.exitCode, 0, run.stderr);
    const graph = await readFile(path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc'), 'utf8');
    assert.match(graph, /cursor pagination for the orders API/);
    syncs.push(graph.replace(/"(graphGeneratedAtUtc|updatedAtUtc)": "[^"]*"/g, ''));
    const answered = await ask(project, { MEMORY_FABRIC_CODE_CACHE: cache, XDG_CACHE_HOME: cacheHome });
    assert.match(answered.stdout, /cursor pagination/);
    if (cache === '1') {
      const [syncCache] = (await readdir(folder)).filter((name) => name.startsWith('sync-'));
      const written = await readFile(path.join(folder, syncCache as string));
      const again = await runHookProcess(SYNC_HOOK, stop, { env, cwd: project });
      assert.equal(again.exitCode, 0, again.stderr);
      assert.ok((await readFile(path.join(folder, syncCache as string))).equals(written), 'the next Stop used the cache');
    }
  }
  assert.equal(syncs[1], syncs[0], 'the graph a Stop writes does not depend on the cache');
  const files = await readdir(folder);
  assert.equal(files.filter((name) => name.startsWith('sync-')).length, 1, files.join(', '));
  assert.equal(files.filter((name) => name.startsWith('context-')).length, 1, files.join(', '));
});
