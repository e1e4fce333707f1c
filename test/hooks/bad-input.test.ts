import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { CONTEXT_HOOK, SYNC_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';
import { runHookProcess } from '../helpers/run-hook-process.ts';

const INDEX = `{"graphGeneratedAtUtc":"2026-11-29T10:00:00Z","entities":[{"entityName":"cursor-pagination","entityType":"decision","observations":["We decided to use cursor pagination for the orders API."]}],"relations":[]}`;

async function seedBank(project: string): Promise<void> {
  await mkdir(path.join(project, '.memories', 'context'), { recursive: true });
  await writeFile(path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc'), INDEX);
}

// Every memory file under the bank with its hash: what "loses nothing" is checked against (the .state folder of
// cursors and hook logs is bookkeeping, not memory).
async function snapshot(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) {
      continue;
    }
    const file = path.join(entry.parentPath, entry.name);
    if (path.relative(folder, file).startsWith('.state')) {
      continue;
    }
    files[path.relative(folder, file)] = createHash('sha1')
      .update(await readFile(file))
      .digest('hex');
  }
  return files;
}

// Claude Code acts on stdout that starts with "{" (JSON), and plain text from the context hook becomes context.
// The sync hook may print its plain-text report (it goes to the debug log on Stop), never JSON.
function assertNothingToActOn(stdout: string, label: string): void {
  if (label.startsWith('memory-fabric-sync')) {
    assert.ok(!stdout.trimStart().startsWith('{'), `${label}: no JSON from the sync hook, got ${JSON.stringify(stdout.slice(0, 200))}`);
  } else {
    assert.equal(stdout, '', `${label}: stdout must be empty, got ${JSON.stringify(stdout.slice(0, 200))}`);
  }
}

test('bad input to either hook exits 0 within its deadline, prints nothing Claude Code would act on, and changes no bank file', async (t) => {
  const project = await makeTempProject(t);
  await seedBank(project);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const before = await snapshot(path.join(project, '.memories'));
  const cases: Array<{ label: string; stdin?: string; keepStdinOpen?: boolean; stderr: RegExp }> = [
    { label: 'empty stdin', stdin: '', stderr: /INPUT_EMPTY/ },
    { label: 'invalid JSON', stdin: '{"hook_event_name": "Stop", ', stderr: /INPUT_INVALID_JSON/ },
    { label: 'a JSON array', stdin: '[{"hook_event_name":"Stop"}]', stderr: /INPUT_NOT_OBJECT/ },
    { label: '10 MB of input', stdin: 'x'.repeat(10 * 1024 * 1024), stderr: /INPUT_TOO_LARGE/ },
    {
      label: 'stdin that never closes',
      stdin: '{"hook_event_name":"UserPromptSubmit","prompt":"pagination',
      keepStdinOpen: true,
      stderr: /INPUT_TIMEOUT/,
    },
  ];
  for (const hook of [CONTEXT_HOOK, SYNC_HOOK]) {
    for (const { label, stdin, keepStdinOpen, stderr } of cases) {
      const run = await runHookProcess(hook, stdin, { env, cwd: project, keepStdinOpen, timeoutMs: 15_000 });
      const name = `${path.basename(hook)}: ${label}`;
      assert.equal(run.timedOut, false, `${name} must end on its own`);
      assert.equal(run.exitCode, 0, name);
      assertNothingToActOn(run.stdout, name);
      assert.match(run.stderr, stderr, name);
      assert.equal(run.stderr.trim().split('\n').length, 1, `${name}: one clear stderr line`);
    }
  }
  assert.deepEqual(await snapshot(path.join(project, '.memories')), before);
});

test('the sync hook with a missing or unreadable transcript, or an unknown event, exits 0 quietly and loses nothing', async (t) => {
  const project = await makeTempProject(t);
  await seedBank(project);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const before = await snapshot(path.join(project, '.memories'));
  const payloads: Array<[string, object, RegExp | undefined]> = [
    [
      'missing transcript',
      { hook_event_name: 'Stop', session_id: 's1', transcript_path: path.join(project, 'nope.jsonl'), cwd: project },
      undefined,
    ],
    [
      'a folder as transcript',
      { hook_event_name: 'Stop', session_id: 's1', transcript_path: project, cwd: project },
      /TRANSCRIPT_UNREADABLE|EISDIR/,
    ],
    ['an unknown event', { hook_event_name: 'SomethingNew', session_id: 's1', cwd: project }, undefined],
  ];
  for (const [label, payload, stderr] of payloads) {
    for (const hook of [SYNC_HOOK, CONTEXT_HOOK]) {
      const run = await runHookProcess(hook, JSON.stringify(payload), { env, cwd: project });
      const name = `${path.basename(hook)}: ${label}`;
      assert.equal(run.exitCode, 0, name);
      assertNothingToActOn(run.stdout, name);
      if (stderr && hook === SYNC_HOOK) {
        assert.match(run.stderr, stderr, name);
      }
    }
  }
  assert.deepEqual(await snapshot(path.join(project, '.memories')), before);
});

test('a corrupt bank makes the context hook inject nothing and tell the user once, without touching the file', async (t) => {
  const project = await makeTempProject(t);
  await mkdir(path.join(project, '.memories', 'context'), { recursive: true });
  const graphFile = path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc');
  await writeFile(graphFile, '{"entities": [ oops');
  const run = await runHookProcess(
    CONTEXT_HOOK,
    JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 's', prompt: 'pagination', cwd: project }),
    {
      env: hookEnv(project),
      cwd: project,
    },
  );
  assert.equal(run.exitCode, 0);
  const output = JSON.parse(run.stdout) as Record<string, unknown>;
  assert.deepEqual(Object.keys(output), ['systemMessage']);
  assert.match(String(output.systemMessage), /STORE_CORRUPT.*knowledge-graph\.index\.jsonc/);
  assert.equal(await readFile(graphFile, 'utf8'), '{"entities": [ oops');
});

test('a Stop that comes before Claude Code wrote the transcript still keeps the last assistant message, and reads the file later', async (t) => {
  const project = await makeTempProject(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const transcript = path.join(project, 'later.jsonl');
  const stop = {
    hook_event_name: 'Stop',
    session_id: 'early',
    transcript_path: transcript,
    cwd: project,
    last_assistant_message: 'We decided to use Zod for request validation.',
  };
  const early = await runHookProcess(SYNC_HOOK, JSON.stringify(stop), { env, cwd: project });
  assert.equal(early.stderr, '');
  assert.match(early.stdout, /the transcript does not exist yet/);
  await writeFile(
    transcript,
    `${JSON.stringify({ type: 'user', uuid: 'x1', message: { role: 'user', content: 'We decided to use Vitest for unit tests.' } })}\n`,
  );
  const later = await runHookProcess(SYNC_HOOK, JSON.stringify({ ...stop, last_assistant_message: undefined }), { env, cwd: project });
  assert.match(later.stdout, /read 1 new lines/);
  const index = await readFile(path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc'), 'utf8');
  assert.ok(index.includes('Zod') && index.includes('Vitest'));
});
