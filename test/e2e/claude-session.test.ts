// End to end in the real Claude Code binary (npm @anthropic-ai/claude-code) against a fake API on loopback.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { execa } from 'execa';
import { buildHookSettings } from '../../src/cli/settings-hooks.ts';
import { parseTranscriptLines } from '../../src/core/transcript.ts';
import { CLI, PACKAGE_ROOT, hookEnv } from '../helpers/temp-project.ts';
import { startTimeServer } from '../helpers/time-server.ts';
import { startFakeApi } from './fake-anthropic-api.ts';

const CLAUDE = path.join(PACKAGE_ROOT, 'node_modules', '.bin', 'claude');
const DECISION = 'We decided to use cursor pagination for the orders API because offset pagination was slow.';
const QUESTION = 'how do we paginate the orders endpoint?';

// The settings a user would write (the same entries install.ts adds), with this node binary.
const hookSettings = (): object => ({ hooks: buildHookSettings(PACKAGE_ROOT, process.execPath) });

async function findTranscripts(home: string): Promise<string[]> {
  const root = path.join(home, '.claude', 'projects');
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl')).map((entry) => path.join(entry.parentPath, entry.name));
}

test('the real claude binary: a decision stated in session 1 is injected into session 2', { skip: existsSync(CLAUDE) ? false : `the claude binary is not installed at ${CLAUDE} (npm ci installs it)`, timeout: 240_000 }, async (t) => {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'mf-e2e-'));
  if (!process.env.KEEP_E2E) t.after(() => rm(scratch, { recursive: true, force: true }));
  const home = path.join(scratch, 'home');
  const project = path.join(scratch, 'project');
  await mkdir(home, { recursive: true });
  await mkdir(path.join(project, '.git'), { recursive: true });
  const settingsFile = path.join(scratch, 'settings.json');
  await writeFile(settingsFile, JSON.stringify(hookSettings(), null, 2));

  const api = await startFakeApi(t, 'Understood: the orders API keeps cursor pagination, and new list endpoints should follow it.');
  const time = await startTimeServer(t, { kind: 'ok', utcDateTime: '2026-11-30T09:00:00.000000+00:00' });
  const env = {
    ...hookEnv(project),
    HOME: home,
    ANTHROPIC_BASE_URL: api.baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-test-not-a-real-key',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    MEMORY_FABRIC_TIME_URL: time.url,
  };
  delete (env as Record<string, string | undefined>).CLAUDE_PROJECT_DIR;
  const runClaude = async (prompt: string, debugFile: string) => {
    const run = await execa(CLAUDE, ['-p', prompt, '--settings', settingsFile, '--debug-file', debugFile], {
      cwd: project,
      env,
      extendEnv: false,
      stdin: 'ignore',
      reject: false,
      timeout: 120_000,
    });
    assert.equal(run.exitCode, 0, `claude failed: ${run.stderr}`);
    return { run, debug: await readFile(debugFile, 'utf8') };
  };

  // Session 1: the user states a decision.
  const first = await runClaude(DECISION, path.join(scratch, 'debug-1.log'));
  const hookLog = async () =>
    (await readFile(path.join(project, '.memories', '.state', 'logs', 'hooks.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; hook: string; errors: string[]; sessionId: string })
      .filter((run) => !run.event.includes('background'));
  const firstRuns = await hookLog();
  assert.deepEqual([...new Set(firstRuns.map((run) => `${run.hook}:${run.event}`))].sort(), ['context:SessionStart', 'context:UserPromptSubmit', 'sync:SessionEnd', 'sync:Stop']);
  assert.deepEqual(firstRuns.flatMap((run) => run.errors), [], 'no hook reported a problem');
  assert.match(first.debug, /Hook Stop \(Stop\) success/);
  assert.match(first.debug, /SessionEnd:other \[.*memory-fabric-sync\.mjs\] completed with status 0/);
  const indexFile = path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc');
  const index = await readFile(indexFile, 'utf8');
  assert.ok(index.includes(DECISION), 'the bank holds the decision after session 1');
  assert.ok(index.includes(`worldtimeapi (${time.url})`), 'written with the loopback time source');
  assert.ok(time.requests >= 1);

  // Session 2: a new session asks about it.
  const requestsBefore = api.bodies.length;
  const second = await runClaude(QUESTION, path.join(scratch, 'debug-2.log'));
  assert.match(second.debug, /Successfully parsed and validated hook JSON output/);
  assert.match(second.debug, /provided additionalContext \(\d+ chars\)/);
  assert.equal((await hookLog()).length, firstRuns.length + 4, 'all four hooks ran again in session 2');
  const sessionTwoRequests = api.bodies.slice(requestsBefore).filter((body) => body.includes(QUESTION));
  assert.ok(sessionTwoRequests.length >= 1, 'the fake API saw the question');
  assert.ok(sessionTwoRequests.some((body) => body.includes(DECISION)), 'the request of session 2 carries the injected decision');
  assert.equal(await readFile(indexFile, 'utf8'), index, 'session 2 (with our context injected) added nothing to the graph');

  // A second turn of session 2 (--resume), with our context injected again: still nothing of it is read back.
  const sessionTwo = (await hookLog()).filter((run) => run.event === 'SessionStart').at(-1)?.sessionId ?? '';
  const resumed = await execa(CLAUDE, ['-p', 'and why did we choose it?', '--resume', sessionTwo, '--settings', settingsFile, '--debug-file', path.join(scratch, 'debug-3.log')], {
    cwd: project,
    env,
    extendEnv: false,
    stdin: 'ignore',
    reject: false,
    timeout: 120_000,
  });
  assert.equal(resumed.exitCode, 0, resumed.stderr);
  assert.match(await readFile(path.join(scratch, 'debug-3.log'), 'utf8'), /provided additionalContext/);
  assert.equal(await readFile(indexFile, 'utf8'), index, 'two turns with injected context added nothing to the graph');
  let withInjection = 0;
  for (const transcript of await findTranscripts(home)) {
    const raw = await readFile(transcript, 'utf8');
    if (!raw.includes('Project memory (memory-fabric)')) continue;
    withInjection += 1;
    const messages = parseTranscriptLines(raw.split('\n')).messages;
    assert.ok(messages.every((message) => !message.text.includes('Project memory (memory-fabric)')), `${transcript}: injected context read as a message`);
  }
  assert.ok(withInjection >= 1, 'the real transcripts hold our injected context (as attachment lines)');

  // The transcripts the real client wrote sync cleanly, and a second sync adds nothing.
  const transcripts = await findTranscripts(home);
  assert.equal(transcripts.length, 2);
  const freshBank = { ...env, MEMORY_FABRIC_BANK_DIR: path.join(scratch, 'fresh-bank'), CLAUDE_PROJECT_DIR: project };
  for (const [round, expectAdded] of [[1, true], [2, false]] as const) {
    for (const transcript of transcripts) {
      const sync = await execa(process.execPath, [CLI, 'sync', '--json', '--transcript', transcript, '--session', `replay-${path.basename(transcript)}`], {
        cwd: project,
        env: freshBank,
        extendEnv: false,
        reject: false,
      });
      assert.equal(sync.exitCode, 0, sync.stderr);
      const report = JSON.parse(sync.stdout) as { write: { counts: Record<string, number> } };
      const added = Object.values(report.write.counts).reduce((sum, count) => sum + count, 0);
      if (!expectAdded) assert.equal(added, 0, `round ${round}: ${transcript} added ${added}`);
    }
  }
  // Each SessionEnd handed its flush to a detached process; let them finish before the folder is removed.
  const logFile = path.join(project, '.memories', '.state', 'logs', 'hooks.jsonl');
  for (let waited = 0; waited < 200; waited += 1) {
    const lines = (await readFile(logFile, 'utf8')).split('\n');
    const ends = lines.filter((line) => line.includes('"event":"SessionEnd"')).length;
    if (lines.filter((line) => line.includes('background flush')).length >= ends) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const freshIndex = await readFile(path.join(scratch, 'fresh-bank', 'context', 'knowledge-graph.index.jsonc'), 'utf8');
  assert.ok(freshIndex.includes(DECISION));
  assert.ok(!freshIndex.includes('Project memory (memory-fabric)'), 'our own injected context was not read back');
});
