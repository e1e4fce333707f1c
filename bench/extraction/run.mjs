// Benchmark (not a test): extraction quality on the real transcripts under ../shared/corpus/transcripts.
// For each transcript synced alone into a fresh bank: entities and relations written, the share of junk by simple
// checks, and on the labelled subset (labels.json, written before tuning) the recall of the labels.
// Usage: node bench/extraction/run.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpus = path.resolve(root, '..', 'shared', 'corpus', 'transcripts');
if (!existsSync(corpus)) {
  console.log(`skipped: the shared corpus is not here (${corpus})`);
  process.exit(0);
}
const cli = path.join(root, 'hooks', 'cli', 'memory-fabric.mjs');
const labels = JSON.parse(readFileSync(path.join(root, 'bench', 'extraction', 'labels.json'), 'utf8')).transcripts;

// Junk by simple checks: names under 3 characters, pure numbers, temp paths, fragments of markup.
const isJunk = (name) =>
  name.trim().length < 3 || /^[\d\s.,:-]+$/.test(name) || /^(\/tmp\/|\/var\/folders\/)/.test(name) || /[<>{}`*|]|\]\(|^#/.test(name);

let totalEntities = 0;
let totalJunk = 0;
let labelHits = 0;
let labelCount = 0;
console.log('transcript'.padEnd(64), 'entities relations junk  label recall');
for (const name of readdirSync(corpus)
  .filter((file) => file.endsWith('.jsonl'))
  .sort()) {
  const project = mkdtempSync(path.join(os.tmpdir(), 'mf-extract-'));
  mkdirSync(path.join(project, '.git'));
  const env = { ...process.env, CLAUDE_PROJECT_DIR: project, MEMORY_FABRIC_TIME_SOURCE: 'system' };
  const sync = spawnSync(process.execPath, [cli, 'sync', '--transcript', path.join(corpus, name), '--session', name.slice(0, 8)], {
    env,
    encoding: 'utf8',
  });
  if (sync.status !== 0) {
    throw new Error(`${name}: ${sync.stderr}`);
  }
  const lines = spawnSync(process.execPath, [cli, 'export'], { env, encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const entities = lines.filter((line) => line.type === 'entity');
  const relations = lines.filter((line) => line.type === 'relation');
  const junk = entities.filter((entity) => isJunk(entity.name));
  totalEntities += entities.length;
  totalJunk += junk.length;
  let recall = '';
  if (labels[name]) {
    const texts = entities.flatMap((entity) => [entity.name, ...entity.observations]);
    const hits = labels[name].filter((label) => texts.some((text) => new RegExp(label.pattern, 'i').test(text)));
    for (const label of labels[name]) {
      if (!hits.includes(label)) {
        console.log(`   missed: ${label.what}`);
      }
    }
    labelHits += hits.length;
    labelCount += labels[name].length;
    recall = `${hits.length}/${labels[name].length}`;
  }
  console.log(
    name.slice(0, 63).padEnd(64),
    String(entities.length).padStart(8),
    String(relations.length).padStart(9),
    String(junk.length).padStart(5),
    recall.padStart(13),
  );
  rmSync(project, { recursive: true, force: true });
}
console.log(`junk share: ${((100 * totalJunk) / Math.max(1, totalEntities)).toFixed(1)}% of ${totalEntities} entities (target <= 5%)`);
console.log(`label recall: ${(labelHits / Math.max(1, labelCount)).toFixed(2)} (${labelHits}/${labelCount}; target >= 0.7)`);
