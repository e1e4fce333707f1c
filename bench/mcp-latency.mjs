// Benchmark (not a test): the context hook on the MCP store at 10,000 entities, beside a plain SDK client that connects,
// makes one search_nodes call and exits, and beside bare `node -e 0`, in one run. The hook keeps a search index of the
// server's file in its state folder: "warm" is every prompt while the file is unchanged; "file just changed" is the
// prompt right after it changed (answered from the previous index while a detached process rebuilds it); "no index
// yet" is the very first prompt, which builds the index.
// Usage: node bench/mcp-latency.mjs [--entities 10000] [--runs 7]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { numberFlag } from './lib/flags.mjs';
import { makeBank } from './lib/generate-bank.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const entityCount = numberFlag('entities', 10_000);
const runs = numberFlag('runs', 7);
const project = mkdtempSync(path.join(os.tmpdir(), 'mf-bench-mcp-'));
mkdirSync(path.join(project, '.git'));
makeBank(project, entityCount);
const index = JSON.parse(readFileSync(path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc'), 'utf8'));
const memoryFile = path.join(project, 'memory', 'graph.jsonl');
mkdirSync(path.dirname(memoryFile), { recursive: true });
writeFileSync(
  memoryFile,
  [
    ...index.entities.map((entity) =>
      JSON.stringify({ type: 'entity', name: entity.entityName, entityType: entity.entityType, observations: entity.observations }),
    ),
    ...index.relations.map((relation) =>
      JSON.stringify({
        type: 'relation',
        from: relation.sourceEntityName,
        to: relation.targetEntityName,
        relationType: relation.relationType,
      }),
    ),
  ].join('\n'),
);
rmSync(path.join(project, '.memories'), { recursive: true, force: true });
writeFileSync(
  path.join(project, '.mcp.json'),
  JSON.stringify({
    mcpServers: { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: memoryFile } } },
  }),
);
const serverScript = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-memory/package.json')),
  'dist',
  'index.js',
);
const env = {
  ...process.env,
  CLAUDE_PROJECT_DIR: project,
  MEMORY_FABRIC_STORE: 'mcp',
  MEMORY_FABRIC_MCP_TIMEOUT_MS: '20000',
  MEMORY_FABRIC_CONTEXT_DEADLINE_MS: '30000',
};
const hook = path.join(root, 'hooks', 'prompt', 'memory-fabric-context.mjs');
const prompt = JSON.stringify({
  hook_event_name: 'UserPromptSubmit',
  session_id: 'bench',
  cwd: project,
  prompt: 'how do we paginate the orders endpoint with a cursor?',
});

const time = (args, input) => {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { input, env, encoding: 'utf8', cwd: root });
  if (result.status !== 0) {
    throw new Error(`${args.join(' ')}: ${result.stderr}`);
  }
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, stdout: result.stdout };
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const samples = {
  'node -e 0': [],
  'plain SDK client: connect + 1 search_nodes': [],
  'context hook, no index yet (builds it)': [],
  'context hook, file just changed': [],
  'context hook, warm': [],
};
const indexDir = path.join(project, '.memories', '.state', 'memory-server', 'search-index');
const pause = new Int32Array(new SharedArrayBuffer(4));
const waitForRebuild = () => {
  for (let waited = 0; waited < 60_000 && existsSync(path.join(indexDir, 'rebuild.json')); waited += 50) {
    Atomics.wait(pause, 0, 0, 50);
  }
};
let injected = 0;
for (let run = 0; run < runs; run += 1) {
  samples['node -e 0'].push(time(['-e', '0'], '').ms);
  samples['plain SDK client: connect + 1 search_nodes'].push(
    time([path.join(root, 'bench', 'lib', 'sdk-one-call.mjs'), serverScript, memoryFile, 'pagination'], '').ms,
  );
  rmSync(indexDir, { recursive: true, force: true });
  const cold = time([hook], prompt);
  samples['context hook, no index yet (builds it)'].push(cold.ms);
  injected = cold.stdout.length;
  const stamp = new Date(Date.now() - run * 1000);
  utimesSync(memoryFile, stamp, stamp);
  samples['context hook, file just changed'].push(time([hook], prompt).ms);
  waitForRebuild();
  samples['context hook, warm'].push(time([hook], prompt).ms);
}
const base = median(samples['node -e 0']);
console.log(
  `memory-fabric on the MCP store: ${entityCount} entities, ${entityCount * 5} observations, ${entityCount * 2} relations; ${runs} runs each`,
);
for (const [name, values] of Object.entries(samples)) {
  console.log(`${name.padEnd(44)} median ${median(values).toFixed(1).padStart(8)} ms   ${(median(values) / base).toFixed(2)}x node -e 0`);
}
console.log(`the hook printed ${injected} characters`);
if (process.argv.includes('--keep')) {
  console.log(`kept ${project}`);
} else {
  rmSync(project, { recursive: true, force: true });
}
