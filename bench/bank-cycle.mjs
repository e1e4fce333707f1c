// Benchmark (not a test): a bank write cycle (a Stop sync adding one decision) and a retrieve, on a bank of
// 10,000 entities, 50,000 observations and 20,000 relations (fixed seed), beside bare `node -e 0` in the same run.
// Usage: node bench/bank-cycle.mjs [--entities 10000] [--runs 7]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { numberFlag } from './lib/flags.mjs';
import { makeBank } from './lib/generate-bank.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const entityCount = numberFlag('entities', 10_000);
const runs = numberFlag('runs', 7);
const project = mkdtempSync(path.join(os.tmpdir(), 'mf-bench-bank-'));
mkdirSync(path.join(project, '.git'));
makeBank(project, entityCount);
const env = { ...process.env, CLAUDE_PROJECT_DIR: project, MEMORY_FABRIC_TIME_SOURCE: 'system' };
const syncHook = path.join(root, 'hooks', 'stop', 'memory-fabric-sync.mjs');
const cli = path.join(root, 'hooks', 'cli', 'memory-fabric.mjs');

const run = (args, input) => {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { input, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(`${args.join(' ')}: ${result.stderr}`);
  }
  return Number(process.hrtime.bigint() - started) / 1e6;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const samples = {
  'node -e 0': [],
  'write cycle (Stop sync, one new decision)': [],
  'search index caught up (background, after the Stop)': [],
  'retrieve "<task>"': [],
};
// The Stop hands the search index of a large bank to a detached process: how long until it is current.
const marker = path.join(project, '.memories', '.state', 'search-index', 'rebuild.json');
const pause = new Int32Array(new SharedArrayBuffer(4));
const caughtUp = () => {
  const started = process.hrtime.bigint();
  for (let waited = 0; waited < 60_000 && existsSync(marker); waited += 5) {
    Atomics.wait(pause, 0, 0, 5);
  }
  return Number(process.hrtime.bigint() - started) / 1e6;
};
for (let index = 0; index < runs; index += 1) {
  samples['node -e 0'].push(run(['-e', '0'], ''));
  const transcript = path.join(project, `t-${index}.jsonl`);
  writeFileSync(
    transcript,
    `${JSON.stringify({ type: 'user', uuid: `u${index}`, message: { role: 'user', content: `We decided to use approach-${index} for the bench-${index} component because it is faster.` } })}\n`,
  );
  samples['write cycle (Stop sync, one new decision)'].push(
    run([syncHook], JSON.stringify({ hook_event_name: 'Stop', session_id: `bench-${index}`, transcript_path: transcript, cwd: project })),
  );
  samples['search index caught up (background, after the Stop)'].push(caughtUp());
  samples['retrieve "<task>"'].push(run([cli, 'retrieve', 'how do we paginate the orders endpoint with a cursor?'], ''));
}
const base = median(samples['node -e 0']);
console.log(
  `memory-fabric bank: ${entityCount} entities, ${entityCount * 5} observations, ${entityCount * 2} relations; ${runs} runs each`,
);
for (const [name, values] of Object.entries(samples)) {
  console.log(`${name.padEnd(44)} median ${median(values).toFixed(1).padStart(8)} ms   ${(median(values) / base).toFixed(2)}x node -e 0`);
}
rmSync(project, { recursive: true, force: true });
