// Both built hooks on a megabyte of each pathological shape (a pasted data URL, .env file, minified bundle...), on a
// bank made from a public graph: exit 0 on their own, within their deadline, and output nothing half-made (issue #13).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { execa } from 'execa';
import { renderServerMemoryJsonl } from '../../src/core/server-memory-jsonl.ts';
import { PAGINATION_GRAPH } from '../helpers/graph-fixtures.ts';
import { PATHOLOGICAL_SHAPES } from '../helpers/pathological-shapes.ts';
import { runHookProcess } from '../helpers/run-hook-process.ts';
import { CLI, CONTEXT_HOOK, SHARED_CORPUS, SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';

const SIZE = 1_000_000;
// Claude Code's own timeouts in settings.example.json: the hooks must end well before them on their own.
const CLAUDE_TIMEOUT_MS = { context: 5_000, sync: 30_000 };
// A public graph when the shared corpus is there, else the small fixture graph.
const SHARED_GRAPH = path.join(SHARED_CORPUS, 'graphs', 'HankofallTrades__STRATOS.jsonl');

test('the context hook answers a megabyte prompt of every pathological shape with exit 0 and valid output', async (t) => {
  const project = await makeTempProject(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const graphFile = existsSync(SHARED_GRAPH) ? SHARED_GRAPH : path.join(project, 'graph.jsonl');
  if (graphFile !== SHARED_GRAPH) {
    t.diagnostic(`the public graph is not here (${SHARED_GRAPH}): the bank is the small fixture graph`);
    await writeFile(graphFile, renderServerMemoryJsonl(PAGINATION_GRAPH));
  }
  const imported = await execa(process.execPath, [CLI, 'import', graphFile], { cwd: project, env, extendEnv: false, reject: false });
  assert.equal(imported.exitCode, 0, imported.stderr);
  for (const [shape, generate] of Object.entries(PATHOLOGICAL_SHAPES)) {
    const prompt = `why did we pick supabase? ${generate(SIZE)}`;
    const payload = JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 'p1', cwd: project, prompt });
    const run = await runHookProcess(CONTEXT_HOOK, payload, { env, cwd: project, timeoutMs: CLAUDE_TIMEOUT_MS.context });
    assert.equal(run.timedOut, false, `${shape}: ended on its own`);
    assert.equal(run.exitCode, 0, `${shape}: ${run.stderr}`);
    if (run.stdout !== '') {
      const output = JSON.parse(run.stdout) as { hookSpecificOutput?: { additionalContext?: string } };
      assert.equal(typeof output.hookSpecificOutput?.additionalContext, 'string', `${shape}: context or nothing`);
    }
  }
});

test('the sync hook syncs a megabyte message and tool output of every pathological shape, its cursor at the end after each Stop', async (t) => {
  const project = await makeTempProject(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const transcript = path.join(project, 'paste.jsonl');
  const cursorDir = path.join(project, '.memories', '.state', 'cursors');
  const shapes = Object.entries(PATHOLOGICAL_SHAPES);
  // Nine shapes (27 MB of transcript) per Stop, so the whole table costs three processes.
  for (let first = 0; first < shapes.length; first += 9) {
    const group = shapes.slice(first, first + 9);
    for (const [index, [, generate]] of group.entries()) {
      const id = first + index;
      const text = generate(SIZE);
      const records = [
        { type: 'user', uuid: `u-${id}`, message: { role: 'user', content: `We decided to use Redis for the cache. ${text}` } },
        {
          type: 'assistant',
          uuid: `a-${id}`,
          message: {
            role: 'assistant',
            content: [{ type: 'tool_use', id: `t-${id}`, name: 'Bash', input: { command: `npm install ${text}` } }],
          },
        },
        {
          type: 'user',
          uuid: `r-${id}`,
          message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t-${id}`, is_error: true, content: text }] },
        },
      ];
      await writeFile(transcript, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`, { flag: 'a' });
    }
    const label = group.map(([shape]) => shape).join(', ');
    const stop = JSON.stringify({ hook_event_name: 'Stop', session_id: 's1', transcript_path: transcript, cwd: project });
    const run = await runHookProcess(SYNC_HOOK, stop, { env, cwd: project, timeoutMs: CLAUDE_TIMEOUT_MS.sync });
    assert.equal(run.timedOut, false, `${label}: ended on its own`);
    assert.equal(run.exitCode, 0, `${label}: ${run.stderr}`);
    assert.doesNotMatch(run.stderr, /DEADLINE_EXCEEDED/, label);
    const cursor = JSON.parse(await readFile(path.join(cursorDir, 's1__paste.jsonl.json'), 'utf8')) as { offset: number };
    assert.equal(cursor.offset, (await readFile(transcript)).length, `${label}: the cursor is at the end`);
  }
  const graph = await readFile(path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc'), 'utf8');
  assert.doesNotMatch(graph, /sk-[A-Za-z0-9]{20}|ghp_[A-Za-z0-9]{20}/, 'no secret of the .env shape is written');
});
