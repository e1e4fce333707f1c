// Benchmark (not a test): the sync hook on a Stop with nothing new, and the first sync of the largest real
// transcript (~3.4 MB), beside bare `node -e 0` in the same run. Usage: node bench/sync-speed.mjs [--runs 9]
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 9;
const syncHook = path.join(root, 'hooks', 'stop', 'memory-fabric-sync.mjs');
const corpus = path.resolve(root, '..', 'shared', 'corpus', 'transcripts');

const time = (args, input, env) => {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { input, env, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(result.stderr);
  }
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, stdout: result.stdout };
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const project = mkdtempSync(path.join(os.tmpdir(), 'mf-bench-sync-'));
mkdirSync(path.join(project, '.git'));
const env = { ...process.env, CLAUDE_PROJECT_DIR: project, MEMORY_FABRIC_TIME_SOURCE: 'system' };
const quiet = path.join(project, 'quiet.jsonl');
writeFileSync(
  quiet,
  `${JSON.stringify({ type: 'user', uuid: 'q1', message: { role: 'user', content: 'We decided to use Redis for the cache.' } })}\n`,
);
const stop = JSON.stringify({ hook_event_name: 'Stop', session_id: 'quiet', transcript_path: quiet, cwd: project });
time([syncHook], stop, env); // first sync; every later one has nothing new

const bare = [];
const nothingNew = [];
for (let run = 0; run < runs; run += 1) {
  bare.push(time(['-e', '0'], '', env).ms);
  nothingNew.push(time([syncHook], stop, env).ms);
}
const base = median(bare);
console.log(`node -e 0                                  median ${base.toFixed(1).padStart(7)} ms   1.00x`);
console.log(
  `Stop sync, nothing new                     median ${median(nothingNew).toFixed(1).padStart(7)} ms   ${(median(nothingNew) / base).toFixed(2)}x node -e 0 (target <= 1.5x)`,
);

if (existsSync(corpus)) {
  const largest = readdirSync(corpus)
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => path.join(corpus, name))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  const first = [];
  for (let run = 0; run < Math.min(runs, 5); run += 1) {
    const copy = path.join(project, `big-${run}.jsonl`);
    copyFileSync(largest, copy);
    const fresh = path.join(project, `bank-${run}`);
    first.push(
      time([syncHook], JSON.stringify({ hook_event_name: 'Stop', session_id: `big-${run}`, transcript_path: copy, cwd: project }), {
        ...env,
        MEMORY_FABRIC_BANK_DIR: fresh,
      }).ms,
    );
  }
  console.log(
    `first sync of ${path.basename(largest).slice(0, 40)} (${(statSync(largest).size / 1e6).toFixed(1)} MB)   median ${median(first).toFixed(1).padStart(7)} ms   ${(median(first) / base).toFixed(2)}x node -e 0 (target < 1000 ms)`,
  );
} else {
  console.log(`first sync of a 3 MB transcript: skipped, the shared corpus is not here (${corpus})`);
}
rmSync(project, { recursive: true, force: true });
