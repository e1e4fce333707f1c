// The memory works in the real client whichever way it is set up: hooks added by install.ts, or the repo as a plugin.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { execa } from 'execa';
import { PACKAGE_ROOT } from '../helpers/temp-project.ts';
import { DECISION, QUESTION, claudeMissing, findPluginLog, makeScratch, readRuns, runClaude, waitForFlushes } from './claude-harness.ts';

const EVENTS = ['context:SessionStart', 'context:UserPromptSubmit', 'sync:SessionEnd', 'sync:Stop'];

for (const mode of ['install.ts', 'plugin'] as const) {
  test(`with the hooks set up by ${mode}, a decision of session 1 is injected into session 2`, {
    skip: claudeMissing,
    timeout: 240_000,
  }, async (t) => {
    const scratch = await makeScratch(t);
    let args: string[] = [];
    if (mode === 'install.ts') {
      const installed = await execa(
        path.join(PACKAGE_ROOT, 'node_modules', '.bin', 'tsx'),
        [path.join(PACKAGE_ROOT, 'install.ts'), '--project', scratch.project],
        { cwd: scratch.project, env: scratch.env, extendEnv: false },
      );
      assert.match(installed.stdout, /Added the memory-fabric hooks/);
    } else {
      args = ['--plugin-dir', PACKAGE_ROOT];
    }
    const first = await runClaude(scratch, DECISION, args, 'session-1');
    if (mode === 'plugin') {
      assert.match(first, /Loaded inline plugin from path: memory-fabric/);
    }
    const logFile =
      mode === 'plugin' ? await findPluginLog(scratch.home) : path.join(scratch.project, '.memories', '.state', 'logs', 'hooks.jsonl');
    assert.ok(logFile, 'the hooks wrote their log');
    await waitForFlushes(logFile);
    const runs = await readRuns(logFile);
    assert.deepEqual([...new Set(runs.map((run) => `${run.hook}:${run.event}`))].sort(), EVENTS);
    assert.deepEqual(
      runs.flatMap((run) => run.errors),
      [],
    );
    const index = await readFile(path.join(scratch.project, '.memories', 'context', 'knowledge-graph.index.jsonc'), 'utf8');
    assert.ok(index.includes(DECISION), 'the bank holds the decision after session 1');

    const before = scratch.api.bodies.length;
    const second = await runClaude(scratch, QUESTION, args, 'session-2');
    assert.match(second, /provided additionalContext/);
    assert.ok(
      scratch.api.bodies.slice(before).some((body) => body.includes(QUESTION) && body.includes(DECISION)),
      'session 2 carried the decision to the model',
    );
    await waitForFlushes(logFile);
  });
}
