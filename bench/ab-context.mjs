// Benchmark (not a test): the context hook of two builds on the same generated bank, run in turn (A B A B ...) with
// farm-bench, so that the ratio of a change is measured pair by pair on a noisy machine.
// Usage: node bench/ab-context.mjs <hooks folder A> <hooks folder B> [--entities 10000] [--statements 10] [--runs 21]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { numberFlag } from './lib/flags.mjs';
import { makeBank } from './lib/generate-bank.mjs';

const [hooksA, hooksB] = process.argv.slice(2).filter((arg) => !arg.startsWith('--') && !/^\d+$/.test(arg));
if (!hooksA || !hooksB) {
  console.error('usage: node bench/ab-context.mjs <hooks folder A> <hooks folder B> [--entities N] [--statements N] [--runs N]');
  process.exit(2);
}
const project = mkdtempSync(path.join(os.tmpdir(), 'mf-ab-'));
mkdirSync(path.join(project, '.git'));
makeBank(project, numberFlag('entities', 10_000), numberFlag('statements', 10));
const env = { ...process.env, CLAUDE_PROJECT_DIR: project, MEMORY_FABRIC_TIME_SOURCE: 'system' };
spawnSync(process.execPath, [path.join(hooksB, 'stop', 'memory-fabric-sync.mjs'), '--reindex', 'bank'], { env, stdio: 'ignore' });
const input = path.join(project, 'answered.json');
writeFileSync(
  input,
  JSON.stringify({
    hook_event_name: 'UserPromptSubmit',
    session_id: 'bench',
    cwd: project,
    prompt: 'what does kalomi do with the webhook retry when the queue times out?',
  }),
);
// The shell line that runs one build's context hook on the prompt (farm-bench gives no shell: sh -c does the redirects).
const hookLine = (folder) => `node ${path.join(folder, 'prompt', 'memory-fabric-context.mjs')} < ${input} > /dev/null`;
const run = spawnSync(
  'farm-bench',
  ['-n', String(numberFlag('runs', 21)), '--timeout', '600', '--vs', `sh -c '${hookLine(hooksB)}'`, '--', 'sh', '-c', hookLine(hooksA)],
  {
    env,
    encoding: 'utf8',
  },
);
console.log(run.stdout, run.stderr);
rmSync(project, { recursive: true, force: true });
