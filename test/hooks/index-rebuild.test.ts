// A large bank whose graph file changed outside a write cycle (edited by hand, pulled from git): the context hook
// answers at once from the previous search index and a detached process rebuilds it; a file that cannot be read
// is reported once its rebuild has failed, and is never touched.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import type { KnowledgeGraph } from '../../src/core/graph.ts';
import { openSearchIndex } from '../../src/stores/search-index/reader.ts';
import { BACKGROUND_REBUILD_MIN_ENTITIES } from '../../src/stores/search-index/rebuild.ts';
import { writeSearchIndex } from '../../src/stores/search-index/writer.ts';
import { renderGraphFile } from '../../src/stores/bank/graph-file.ts';
import { CONTEXT_HOOK, SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';
import { writeTranscript } from '../helpers/bank.ts';
import { runHookProcess } from '../helpers/run-hook-process.ts';

const largeGraph = (): KnowledgeGraph => ({
  entities: [
    {
      name: 'cursor-pagination',
      entityType: 'decision',
      observations: ['We decided to use cursor pagination for the orders API because offset pagination was slow.'],
    },
    ...Array.from({ length: BACKGROUND_REBUILD_MIN_ENTITIES }, (_, index) => ({
      name: `module-${index}`,
      entityType: 'component',
      observations: [`Module ${index} renders widget ${index % 97}.`],
    })),
  ],
  relations: [],
});

async function largeBank(t: import('node:test').TestContext) {
  const project = await makeTempProject(t);
  const graphFile = path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc');
  const stateDir = path.join(project, '.memories', '.state');
  const indexDir = path.join(stateDir, 'search-index');
  await mkdir(path.dirname(graphFile), { recursive: true });
  const graph = largeGraph();
  await writeFile(graphFile, renderGraphFile(graph, '2026-11-30T00:00:00Z', 'test'));
  const info = await stat(graphFile);
  await writeSearchIndex(indexDir, graph, { size: info.size, mtimeMs: info.mtimeMs });
  return { project, graphFile, stateDir, indexDir, graph, env: hookEnv(project) };
}

const prompt = (project: string, session: string, text: string) =>
  JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: session, cwd: project, prompt: text });
const contextOf = (stdout: string): string =>
  stdout === ''
    ? ''
    : ((JSON.parse(stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '');

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (condition()) {
      return;
    }
    await sleep(100);
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('a graph file changed by hand is answered from the previous search index at once, and the search index catches up in the background', async (t) => {
  const { project, graphFile, stateDir, indexDir, graph, env } = await largeBank(t);
  const edited = {
    ...graph,
    entities: [
      ...graph.entities,
      {
        name: 'redis-sessions',
        entityType: 'decision',
        observations: ['We decided to keep user sessions in Redis because Memcached lost them on restart.'],
      },
    ],
  };
  await writeFile(graphFile, renderGraphFile(edited, '2026-11-30T01:00:00Z', 'test'));
  assert.equal(openSearchIndex(indexDir, graphFile), undefined, 'the search index is behind the file');

  const first = await runHookProcess(CONTEXT_HOOK, prompt(project, 's1', 'where do we keep user sessions, redis or memcached?'), {
    env,
    cwd: project,
  });
  assert.equal(first.exitCode, 0);
  assert.equal(first.stderr, '');
  assert.doesNotMatch(contextOf(first.stdout), /Memcached lost them/, 'answered from the previous index');
  await until(() => openSearchIndex(indexDir, graphFile) !== undefined, 'the background rebuild');
  await until(() => !existsSync(path.join(indexDir, 'rebuild.json')), 'the rebuild marker to go');
  const second = await runHookProcess(CONTEXT_HOOK, prompt(project, 's1', 'where do we keep user sessions, redis or memcached?'), {
    env,
    cwd: project,
  });
  assert.match(contextOf(second.stdout), /Memcached lost them/);
  const log = await readFile(path.join(stateDir, 'logs', 'hooks.jsonl'), 'utf8');
  assert.match(log, /"event":"Search index rebuild \(background\)"/);
});

test('a large graph file that became unreadable: the previous index answers once, then the user is told, and the file is kept', async (t) => {
  const { project, graphFile, indexDir, env } = await largeBank(t);
  await writeFile(graphFile, '{"entities": [ oops');
  const first = await runHookProcess(CONTEXT_HOOK, prompt(project, 's2', 'how do we paginate the orders endpoint?'), { env, cwd: project });
  assert.match(contextOf(first.stdout), /cursor pagination for the orders API/);
  await until(
    () =>
      /"state":"failed"/.test(
        existsSync(path.join(indexDir, 'rebuild.json')) ? readFileSync(path.join(indexDir, 'rebuild.json'), 'utf8') : '',
      ),
    'the rebuild to fail',
  );
  const second = await runHookProcess(CONTEXT_HOOK, prompt(project, 's2', 'how do we paginate the orders endpoint?'), {
    env,
    cwd: project,
  });
  const output = JSON.parse(second.stdout) as Record<string, unknown>;
  assert.deepEqual(Object.keys(output), ['systemMessage']);
  assert.match(String(output.systemMessage), /STORE_CORRUPT/);
  assert.equal(await readFile(graphFile, 'utf8'), '{"entities": [ oops');
});

test("the memory server's local file, written by someone else (Claude's own memory tools), is answered from the previous index while it is rebuilt", async (t) => {
  const project = await makeTempProject(t);
  await writeFile(
    path.join(project, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: 'memory/graph.jsonl' } },
      },
    }),
  );
  const memoryFile = path.join(project, 'memory', 'graph.jsonl');
  await mkdir(path.dirname(memoryFile), { recursive: true });
  const line = (entity: { name: string; entityType: string; observations: string[] }) =>
    `${JSON.stringify({ type: 'entity', ...entity })}\n`;
  await writeFile(memoryFile, largeGraph().entities.map(line).join(''));
  const env = hookEnv(project, { MEMORY_FABRIC_STORE: 'mcp' });
  const indexDir = path.join(project, '.memories', '.state', 'memory-server', 'search-index');
  const first = await runHookProcess(CONTEXT_HOOK, prompt(project, 's3', 'how do we paginate the orders endpoint?'), { env, cwd: project });
  assert.match(contextOf(first.stdout), /cursor pagination for the orders API/, 'the first prompt builds the search index');
  assert.ok(openSearchIndex(indexDir, memoryFile));

  await writeFile(
    memoryFile,
    `${await readFile(memoryFile, 'utf8')}${line({ name: 'redis-sessions', entityType: 'decision', observations: ['We decided to keep user sessions in Redis because Memcached lost them on restart.'] })}`,
  );
  const behind = await runHookProcess(CONTEXT_HOOK, prompt(project, 's3', 'where do we keep user sessions, redis or memcached?'), {
    env,
    cwd: project,
  });
  assert.equal(behind.stderr, '');
  assert.doesNotMatch(contextOf(behind.stdout), /Memcached lost them/, 'answered from the previous index');
  await until(() => openSearchIndex(indexDir, memoryFile) !== undefined, 'the background rebuild');
  const caughtUp = await runHookProcess(CONTEXT_HOOK, prompt(project, 's3', 'where do we keep user sessions, redis or memcached?'), {
    env,
    cwd: project,
  });
  assert.match(contextOf(caughtUp.stdout), /Memcached lost them/);
});

test('a Stop on a large bank writes the graph and leaves its search index to a detached process; prompts catch up', async (t) => {
  const { project, graphFile, stateDir, indexDir } = await largeBank(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const transcript = path.join(project, 's4.jsonl');
  await writeTranscript(transcript, ['We decided to keep user sessions in Redis because Memcached lost them on restart.']);
  const stop = await runHookProcess(
    SYNC_HOOK,
    JSON.stringify({ hook_event_name: 'Stop', session_id: 's4', cwd: project, transcript_path: transcript }),
    { env, cwd: project },
  );
  assert.equal(stop.exitCode, 0);
  assert.match(stop.stdout, /written to file bank/);
  assert.match(await readFile(graphFile, 'utf8'), /Memcached lost them/, 'the graph itself is written by the Stop');
  await until(
    () => openSearchIndex(indexDir, graphFile) !== undefined && !existsSync(path.join(indexDir, 'rebuild.json')),
    'the background rebuild',
  );
  const log = await readFile(path.join(stateDir, 'logs', 'hooks.jsonl'), 'utf8');
  assert.match(log, /"event":"Search index rebuild \(background\)"/);
  const after = await runHookProcess(CONTEXT_HOOK, prompt(project, 's4', 'where do we keep user sessions, redis or memcached?'), {
    env,
    cwd: project,
  });
  assert.match(contextOf(after.stdout), /Memcached lost them/);
});
