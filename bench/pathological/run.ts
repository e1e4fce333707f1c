// Benchmark (not a test): both built hooks, run as processes the way Claude Code runs them, on each pathological
// shape of text (test/helpers/pathological-shapes.ts) at 10 KB, 100 KB and 1 MB, beside bare `node -e 0`; the
// context hook gets the text as a prompt, the sync hook as a user message, a Bash command and its output in a new
// transcript. The bank is imported from a public graph. Prints one table (median of --runs, default 1).
// Usage: node --import tsx bench/pathological/run.ts [--runs 1] [--hooks <folder with prompt/ and stop/>]
//        [--graph <server-memory.jsonl>] [--sizes 10000,100000,1000000] [--shapes "a-a-a-!,spaces"]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATHOLOGICAL_SHAPES } from '../../test/helpers/pathological-shapes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const textFlag = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const runs = Number(textFlag('runs', '1'));
const hooks = path.resolve(textFlag('hooks', path.join(root, 'hooks')));
const graph = path.resolve(textFlag('graph', path.join(root, '..', 'shared', 'corpus', 'graphs', 'HankofallTrades__STRATOS.jsonl')));
const sizes = textFlag('sizes', '10000,100000,1000000').split(',').map(Number);
const shapes = textFlag('shapes', Object.keys(PATHOLOGICAL_SHAPES).join(',')).split(',');
const contextHook = path.join(hooks, 'prompt', 'memory-fabric-context.mjs');
const syncHook = path.join(hooks, 'stop', 'memory-fabric-sync.mjs');
// Claude Code's timeouts in settings.example.json: a hook still running then is killed.
const KILL_MS = { context: 5_000, sync: 30_000 };
const DEADLINE_MS = { context: 3_000, sync: 20_000 };

if (!existsSync(graph)) {
  throw new Error(`Expected a server-memory graph at ${graph} (--graph <file>), got nothing`);
}
// Two banks from the same graph: the syncs' writes (and the index rebuilds they start) must not slow the prompts.
function makeProject(): { project: string; env: NodeJS.ProcessEnv } {
  const project = mkdtempSync(path.join(os.tmpdir(), 'mf-bench-patho-'));
  mkdirSync(path.join(project, '.git'));
  const env = { ...process.env, CLAUDE_PROJECT_DIR: project, MEMORY_FABRIC_TIME_SOURCE: 'system' };
  const imported = spawnSync(process.execPath, [path.join(hooks, 'cli', 'memory-fabric.mjs'), 'import', graph], { cwd: project, env });
  if (imported.status !== 0) {
    throw new Error(`import of ${graph} failed: ${imported.stderr}`);
  }
  return { project, env };
}
const prompts = makeProject();
const syncs = makeProject();

interface Timing {
  ms: number;
  killed: boolean;
  gaveUp: boolean;
}

function time(args: string[], input: string, killMs: number, where = prompts): Timing {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, {
    input,
    env: where.env,
    cwd: where.project,
    encoding: 'utf8',
    timeout: killMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { ms, killed: result.signal !== null, gaveUp: /DEADLINE_EXCEEDED/.test(result.stderr ?? '') };
}

const median = (timings: Timing[]): Timing => [...timings].sort((a, b) => a.ms - b.ms)[Math.floor(timings.length / 2)] as Timing;
const show = (timing: Timing, killMs: number): string =>
  timing.killed ? `> ${(killMs / 1000).toFixed(0)} s killed` : `${(timing.ms / 1000).toFixed(2)} s${timing.gaveUp ? ' gave up' : ''}`;

let sessions = 0;
function syncOnce(text: string): Timing {
  sessions += 1;
  const transcript = path.join(syncs.project, `s${sessions}.jsonl`);
  const records = [
    { type: 'user', uuid: `u${sessions}`, message: { role: 'user', content: `We decided to use Redis for the cache. ${text}` } },
    {
      type: 'assistant',
      uuid: `a${sessions}`,
      message: {
        role: 'assistant',
        content: [{ type: 'tool_use', id: `t${sessions}`, name: 'Bash', input: { command: `npm install ${text}` } }],
      },
    },
    {
      type: 'user',
      uuid: `r${sessions}`,
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${sessions}`, content: text }] },
    },
  ];
  writeFileSync(transcript, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
  const stop = JSON.stringify({ hook_event_name: 'Stop', session_id: `s${sessions}`, transcript_path: transcript, cwd: syncs.project });
  return time([syncHook], stop, KILL_MS.sync, syncs);
}

const promptPayload = (text: string): string =>
  JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 'bench', cwd: prompts.project, prompt: text });
// The pasted text comes after a question, as users paste it.
const prompt = (text: string): string => promptPayload(`why did we pick supabase? ${text}`);
const bare = median(Array.from({ length: 5 }, () => time(['-e', '0'], '', 5_000)));
const typical = 'how do we log workouts and why total weight?';
const typicalRuns = Array.from({ length: Math.max(5, runs) }, () => time([contextHook], promptPayload(typical), KILL_MS.context));

console.log(
  `memory-fabric pathological inputs: hooks from ${path.relative(process.cwd(), hooks) || '.'}, bank from ${path.basename(graph)}`,
);
console.log(
  `bare node -e 0: ${(bare.ms / 1000).toFixed(3)} s; typical prompt (context hook, median of ${typicalRuns.length}): ${(median(typicalRuns).ms / 1000).toFixed(3)} s`,
);
console.log(
  `deadlines: context ${DEADLINE_MS.context / 1000} s (Claude Code kills at ${KILL_MS.context / 1000} s), sync ${DEADLINE_MS.sync / 1000} s (kills at ${KILL_MS.sync / 1000} s)`,
);
const header = ['shape', ...sizes.flatMap((size) => [`context ${size / 1000} KB`, `sync ${size / 1000} KB`])];
const rows: string[][] = [];
for (const shape of shapes) {
  const generate = PATHOLOGICAL_SHAPES[shape];
  if (!generate) {
    throw new Error(`Expected a shape of test/helpers/pathological-shapes.ts, got ${JSON.stringify(shape)}`);
  }
  const row = [shape];
  for (const size of sizes) {
    const text = generate(size);
    row.push(show(median(Array.from({ length: runs }, () => time([contextHook], prompt(text), KILL_MS.context))), KILL_MS.context));
    row.push(show(median(Array.from({ length: runs }, () => syncOnce(text))), KILL_MS.sync));
  }
  rows.push(row);
  console.error(`${shape}: ${row.slice(1).join(' | ')}`);
}
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
const line = (cells: string[]): string => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) {
  console.log(line(row));
}
for (const { project } of [prompts, syncs]) {
  rmSync(project, { recursive: true, force: true });
}
