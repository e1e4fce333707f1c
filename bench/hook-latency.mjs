// Benchmark (not a test): wall time of the built hooks beside bare `node -e 0`, measured in the same run.
// Usage: node bench/hook-latency.mjs [--entities 10000] [--statements 10] [--runs 15]
// Prints medians, p90 and ratios to bare node (and the median of the paired ratios: each hook run next to a bare
// node run); the bank is generated with a fixed seed; the search index is built first, and its build time printed.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { numberFlag } from './lib/flags.mjs';
import { makeBank } from './lib/generate-bank.mjs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const entityCount = numberFlag('entities', 10_000);
const runs = numberFlag('runs', 15);
const statementsPerEntity = numberFlag('statements', 10);

function time(args, input, env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { input, env, encoding: 'utf8' });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) {
    throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  }
  return { elapsed, stdout: result.stdout };
}

const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p90: sorted[Math.floor(sorted.length * 0.9)] };
};

const project = mkdtempSync(path.join(os.tmpdir(), 'mf-bench-'));
mkdirSync(path.join(project, '.git'));
makeBank(project, entityCount, statementsPerEntity);
const env = { ...process.env, CLAUDE_PROJECT_DIR: project, MEMORY_FABRIC_TIME_SOURCE: 'system' };
const contextHook = path.join(root, 'hooks', 'prompt', 'memory-fabric-context.mjs');
const syncHook = path.join(root, 'hooks', 'stop', 'memory-fabric-sync.mjs');
const transcript = path.join(project, 'empty.jsonl');
writeFileSync(transcript, '');
const prompt = JSON.stringify({
  hook_event_name: 'UserPromptSubmit',
  session_id: 'bench',
  cwd: project,
  prompt: 'how do we paginate the orders endpoint with a cursor?',
});
// A prompt that the bank answers (its rarer made-up words are specific to it): the whole pipeline runs.
const answered = JSON.stringify({
  hook_event_name: 'UserPromptSubmit',
  session_id: 'bench',
  cwd: project,
  prompt: 'what does kalomi do with the webhook retry when the queue times out?',
});
const sessionStart = JSON.stringify({ hook_event_name: 'SessionStart', session_id: 'bench-start', cwd: project, source: 'startup' });
const stop = JSON.stringify({ hook_event_name: 'Stop', session_id: 'bench', cwd: project, transcript_path: transcript });

const cases = {
  'node -e 0': () => time(['-e', '0'], '', env),
  'context hook (UserPromptSubmit)': () => time([contextHook], prompt, env),
  'context hook (answered prompt)': () => time([contextHook], answered, env),
  'context hook (SessionStart)': () => time([contextHook], sessionStart, env),
  'sync hook (Stop, nothing new)': () => time([syncHook], stop, env),
};
// The index is built before the timed runs, as the sync hook's detached rebuild does it, and that build is timed.
const firstStarted = process.hrtime.bigint();
time([syncHook, '--reindex', 'bank'], '', env);
const firstMs = Number(process.hrtime.bigint() - firstStarted) / 1e6;
const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
const injectedBy = {};
for (let run = 0; run < runs; run += 1) {
  for (const [name, measure] of Object.entries(cases)) {
    const { elapsed, stdout } = measure();
    samples[name].push(elapsed);
    if (run === 0 && name.startsWith('context')) {
      injectedBy[name] = stdout.length;
    }
  }
}
const base = stats(samples['node -e 0']).median;
console.log(
  `memory-fabric hook latency: bank of ${entityCount} entities, ${entityCount * statementsPerEntity} statements, ${entityCount * 2} relations; ${runs} runs each, interleaved`,
);
console.log(`search index build (memory-fabric-sync --reindex bank, node start included): ${firstMs.toFixed(0)} ms`);
const paired = (name) => stats(samples[name].map((value, index) => value / samples['node -e 0'][index])).median;
for (const [name, values] of Object.entries(samples)) {
  const { median, p90 } = stats(values);
  console.log(
    `${name.padEnd(34)} median ${median.toFixed(1).padStart(7)} ms   p90 ${p90.toFixed(1).padStart(7)} ms   ${(median / base).toFixed(2)}x node -e 0`,
  );
}
for (const name of ['context hook (UserPromptSubmit)', 'context hook (answered prompt)', 'context hook (SessionStart)']) {
  console.log(`${name}: median of paired ratios to node -e 0: ${paired(name).toFixed(2)}x; printed ${injectedBy[name]} characters`);
}
// Peak memory: a separate run with a preloaded module that reports the process's maximum resident set size at exit
// (kept out of the timed runs: the preload itself costs start-up time).
const reportPeak = `data:text/javascript,${encodeURIComponent("import { writeSync } from 'node:fs'; process.on('exit', () => writeSync(2, `maxrss=${process.resourceUsage().maxRSS}\\n`));")}`;
const peaks = Array.from({ length: 3 }, () => {
  const result = spawnSync(process.execPath, ['--import', reportPeak, contextHook], { input: answered, env, encoding: 'utf8' });
  return Number(/maxrss=(\d+)/.exec(result.stderr)?.[1] ?? NaN) / 1024;
});
const bare = spawnSync(process.execPath, ['--import', reportPeak, '-e', '0'], { env, encoding: 'utf8' });
const mb = (stderr) => (Number(/maxrss=(\d+)/.exec(stderr)?.[1] ?? NaN) / 1024).toFixed(0);
// After the graph file changed outside a write cycle (by hand, git pull): the previous index answers, a detached
// process rebuilds it. With no index at all (first prompt ever), a large bank is indexed in the background too.
const graphFile = path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc');
appendFileSync(graphFile, '\n');
const behindStarted = process.hrtime.bigint();
const behind = spawnSync(process.execPath, ['--import', reportPeak, contextHook], { input: prompt, env, encoding: 'utf8' });
const behindMs = Number(process.hrtime.bigint() - behindStarted) / 1e6;
const pause = new Int32Array(new SharedArrayBuffer(4));
for (
  let waited = 0;
  waited < 30_000 && existsSync(path.join(project, '.memories', '.state', 'search-index', 'rebuild.json'));
  waited += 50
) {
  Atomics.wait(pause, 0, 0, 50);
}
rmSync(path.join(project, '.memories', '.state', 'search-index'), { recursive: true, force: true });
const buildStarted = process.hrtime.bigint();
const building = spawnSync(process.execPath, ['--import', reportPeak, contextHook], { input: prompt, env, encoding: 'utf8' });
const buildMs = Number(process.hrtime.bigint() - buildStarted) / 1e6;
console.log(
  `context hook peak memory (max RSS): ${Math.max(...peaks).toFixed(0)} MB per prompt (bare node: ${mb(bare.stderr)} MB); target < 150 MB`,
);
console.log(
  `after the graph file changed by hand: ${behindMs.toFixed(0)} ms, ${mb(behind.stderr)} MB (previous index, rebuilt in the background); with no index at all: ${buildMs.toFixed(0)} ms, ${mb(building.stderr)} MB (builds it inline under 2 MB of graph file, else in the background)`,
);
rmSync(project, { recursive: true, force: true });
