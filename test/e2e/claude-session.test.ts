// End to end in the real Claude Code binary (npm @anthropic-ai/claude-code) against a fake API on loopback.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { execa } from 'execa';
import { buildHookSettings } from '../../src/cli/settings-hooks.ts';
import { parseTranscriptLines } from '../../src/core/transcript.ts';
import { CLI, PACKAGE_ROOT } from '../helpers/temp-project.ts';
import { DECISION, QUESTION, claudeMissing, makeScratch, readRuns, runClaude, waitForFlushes } from './claude-harness.ts';

async function findTranscripts(home: string): Promise<string[]> {
  const root = path.join(home, '.claude', 'projects');
  if (!existsSync(root)) {
    return [];
  }
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl')).map((entry) => path.join(entry.parentPath, entry.name));
}

test('the real claude binary: a decision stated in session 1 is injected into session 2', {
  skip: claudeMissing,
  timeout: 240_000,
}, async (t) => {
  const scratch = await makeScratch(t);
  const { project, home, api, time, env } = scratch;
  // The settings a user would write (the same entries install.ts adds), with this node binary.
  const settingsFile = path.join(scratch.scratch, 'settings.json');
  await writeFile(settingsFile, JSON.stringify({ hooks: buildHookSettings(PACKAGE_ROOT, process.execPath) }, null, 2));
  const args = ['--settings', settingsFile];
  const logFile = path.join(project, '.memories', '.state', 'logs', 'hooks.jsonl');

  // Session 1: the user states a decision.
  const first = await runClaude(scratch, DECISION, args, 'debug-1');
  const firstRuns = await readRuns(logFile);
  assert.deepEqual([...new Set(firstRuns.map((run) => `${run.hook}:${run.event}`))].sort(), [
    'context:SessionStart',
    'context:UserPromptSubmit',
    'sync:SessionEnd',
    'sync:Stop',
  ]);
  assert.deepEqual(
    firstRuns.flatMap((run) => run.errors),
    [],
    'no hook reported a problem',
  );
  assert.match(first, /Hook Stop \(Stop\) success/);
  assert.match(first, /SessionEnd:other \[.*memory-fabric-sync\.mjs\] completed with status 0/);
  // Claude Code may run Stop before its transcript reaches the disk; the SessionEnd flush (detached) catches up.
  await waitForFlushes(logFile);
  const graphFile = path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc');
  const index = await readFile(graphFile, 'utf8');
  assert.ok(index.includes(DECISION), 'the bank holds the decision after session 1');
  assert.ok(index.includes(`worldtimeapi (${time.url})`), 'written with the loopback time source');
  assert.ok(time.requests >= 1);

  // Session 2: a new session asks about it.
  const requestsBefore = api.bodies.length;
  const second = await runClaude(scratch, QUESTION, args, 'debug-2');
  assert.match(second, /Successfully parsed and validated hook JSON output/);
  assert.match(second, /provided additionalContext \(\d+ chars\)/);
  assert.equal((await readRuns(logFile)).length, firstRuns.length + 4, 'all four hooks ran again in session 2');
  const sessionTwoRequests = api.bodies.slice(requestsBefore).filter((body) => body.includes(QUESTION));
  assert.ok(sessionTwoRequests.length >= 1, 'the fake API saw the question');
  assert.ok(
    sessionTwoRequests.some((body) => body.includes(DECISION)),
    'the request of session 2 carries the injected decision',
  );
  assert.equal(await readFile(graphFile, 'utf8'), index, 'session 2 (with our context injected) added nothing to the graph');
  await waitForFlushes(logFile);

  // A second turn of session 2 (--resume), with our context injected again: still nothing of it is read back.
  const sessionTwo = (await readRuns(logFile)).filter((run) => run.event === 'SessionStart').at(-1)?.sessionId ?? '';
  const third = await runClaude(scratch, 'and why did we choose it?', ['--resume', sessionTwo, ...args], 'debug-3');
  assert.match(third, /provided additionalContext/);
  assert.equal(await readFile(graphFile, 'utf8'), index, 'two turns with injected context added nothing to the graph');
  let withInjection = 0;
  for (const transcript of await findTranscripts(home)) {
    const raw = await readFile(transcript, 'utf8');
    if (!raw.includes('Project memory (memory-fabric)')) {
      continue;
    }
    withInjection += 1;
    const messages = parseTranscriptLines(raw.split('\n')).messages;
    assert.ok(
      messages.every((message) => !message.text.includes('Project memory (memory-fabric)')),
      `${transcript}: injected context read as a message`,
    );
  }
  assert.ok(withInjection >= 1, 'the real transcripts hold our injected context (as attachment lines)');
  await waitForFlushes(logFile);

  // The transcripts the real client wrote sync cleanly into a fresh bank, and a second sync adds nothing.
  const transcripts = await findTranscripts(home);
  assert.equal(transcripts.length, 2);
  const freshBank = { ...env, MEMORY_FABRIC_BANK_DIR: path.join(scratch.scratch, 'fresh-bank'), CLAUDE_PROJECT_DIR: project };
  for (const round of [1, 2]) {
    for (const transcript of transcripts) {
      const sync = await execa(
        process.execPath,
        [CLI, 'sync', '--json', '--transcript', transcript, '--session', `replay-${path.basename(transcript)}`],
        { cwd: project, env: freshBank, extendEnv: false, reject: false },
      );
      assert.equal(sync.exitCode, 0, sync.stderr);
      const report = JSON.parse(sync.stdout) as { write: { counts: Record<string, number> } };
      const added = Object.values(report.write.counts).reduce((sum, count) => sum + count, 0);
      if (round === 2) {
        assert.equal(added, 0, `round 2: ${transcript} added ${added}`);
      }
    }
  }
  const freshIndex = await readFile(path.join(scratch.scratch, 'fresh-bank', 'context', 'knowledge-graph.index.jsonc'), 'utf8');
  assert.ok(freshIndex.includes(DECISION));
  assert.ok(!freshIndex.includes('Project memory (memory-fabric)'), 'our own injected context was not read back');
});
