// A bank generated with a fixed seed, shaped like project notes, for the benchmarks.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// A deterministic generator (mulberry32) so every run benchmarks the same bank.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
  return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
};
const COMMON =
  'orders billing invoice cursor pagination cache redis postgres kafka queue retry timeout auth token session login schema migration index replica shard worker cron webhook gateway proxy metrics tracing logging alert deploy rollback feature flag config secret vault storage bucket upload image thumbnail search ranking embedding vector graph node edge relation entity observation decision convention error fix test fixture mock lint format build bundle release'.split(
    ' ',
  );
// A vocabulary shaped like project notes: the common domain words above plus 5,000 rarer made-up identifiers, Zipf-like.
const SYLLABLES = ['ka', 'lo', 'mi', 'ner', 'tos', 'vi', 'dra', 'pel', 'qua', 'ron', 'sut', 'bex'];
const RARE = Array.from(
  { length: 5000 },
  (_, position) => SYLLABLES[position % 12] + SYLLABLES[Math.floor(position / 12) % 12] + SYLLABLES[Math.floor(position / 144) % 12],
);
const WORDS = [...COMMON, ...RARE];
const pick = () => WORDS[Math.min(WORDS.length - 1, Math.floor(WORDS.length * random() ** 3))];
const sentence = (length) => Array.from({ length }, pick).join(' ');

// Writes <folder>/.memories/context/knowledge-graph.index.jsonc with n entities, statements x n observations (5 by
// default; tagged statements as the capture writes them), 2n relations.
export function makeBank(folder, entityCount, statements = 5) {
  seed = 42;
  const entities = [];
  for (let position = 0; position < entityCount; position += 1) {
    entities.push({
      entityName: `${pick()}-${pick()}-${position}`,
      entityType: ['component', 'decision', 'technology', 'pattern', 'file'][position % 5],
      observations: Array.from({ length: statements }, (_, index) =>
        statements === 5
          ? `${sentence(9)}.`
          : `${sentence(9)}. [2026-${String(1 + (index % 11)).padStart(2, '0')}-15, session ${(position % 9999).toString(16).padStart(8, '0')}, fact]`,
      ),
      updatedAtUtc: new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 300) * 86_400_000).toISOString(),
    });
  }
  const relations = [];
  for (let position = 0; position < entityCount * 2; position += 1) {
    const from = entities[Math.floor(random() * entities.length)].entityName;
    const to = entities[Math.floor(random() * entities.length)].entityName;
    relations.push({
      sourceEntityName: from,
      targetEntityName: to,
      relationType: ['uses', 'depends_on', 'supersedes', 'blocked_by'][position % 4],
    });
  }
  mkdirSync(path.join(folder, '.memories', 'context'), { recursive: true });
  writeFileSync(
    path.join(folder, '.memories', 'context', 'knowledge-graph.index.jsonc'),
    JSON.stringify({ graphGeneratedAtUtc: '2026-11-01T00:00:00Z', entities, relations }),
  );
}
