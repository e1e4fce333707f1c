// Benchmark (not a test): retrieval quality on real graphs, per query category: recall@10, MRR and the silence rate,
// for the context pipeline and for the memory server's own search (the whole prompt as one substring), each on
// the graph alone and on the graph mixed with the distractor graphs. Run: node --import tsx bench/retrieval/run.ts
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config.ts';
import type { KnowledgeGraph } from '../../src/core/graph.ts';
import { dedupeGraph } from '../../src/core/merge.ts';
import { retrieveMemories } from '../../src/core/retrieve.ts';
import { parseServerMemoryJsonl } from '../../src/core/server-memory-jsonl.ts';
import { runSyncHook } from '../../src/hooks/sync-hook.ts';
import { openStore } from '../../src/stores/open-store.ts';

interface Query {
  category: string;
  graph: string;
  prompt: string;
  expect?: string[];
  expectPattern?: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpus = path.resolve(root, '..', 'shared', 'corpus');
if (!existsSync(corpus)) {
  console.log(`skipped: the shared corpus is not here (${corpus})`);
  process.exit(0);
}
const spec = JSON.parse(readFileSync(path.join(root, 'bench', 'retrieval', 'queries.json'), 'utf8')) as {
  graphs: Record<string, string>;
  queries: Query[];
};
const NOW = Date.parse('2026-12-01T00:00:00Z');
const OPTIONS = { nowMs: NOW, maxResults: 20, dedupThreshold: 0.85, boostFactor: 1.2, includeSuperseded: false };

const readJsonl = (file: string): KnowledgeGraph => dedupeGraph(parseServerMemoryJsonl(readFileSync(file, 'utf8')).graph).graph;

async function deriveGraph(names: string[]): Promise<KnowledgeGraph> {
  const project = mkdtempSync(path.join(os.tmpdir(), 'mf-derived-'));
  mkdirSync(path.join(project, '.git'));
  const { config } = loadConfig({ CLAUDE_PROJECT_DIR: project, MEMORY_FABRIC_TIME_SOURCE: 'system' }, project);
  for (const name of names) {
    await runSyncHook(
      { event: 'Stop', sessionId: name.slice(0, 12), transcriptPath: path.join(corpus, 'transcripts', name) },
      config,
      openStore(config),
    );
  }
  const graph = await openStore(config).readGraph();
  rmSync(project, { recursive: true, force: true });
  return graph;
}

const graphs = new Map<string, KnowledgeGraph>();
for (const [key, source] of Object.entries(spec.graphs)) {
  graphs.set(
    key,
    source.startsWith('transcripts:')
      ? await deriveGraph(source.slice('transcripts:'.length).split(','))
      : readJsonl(path.join(corpus, 'graphs', source)),
  );
}
const distractorDir = path.join(corpus, 'graphs', 'distractors');
const distractors = readdirSync(distractorDir)
  .filter((name) => name.endsWith('.jsonl'))
  .map((name) => readJsonl(path.join(distractorDir, name)));
const withDistractors = (graph: KnowledgeGraph): KnowledgeGraph =>
  dedupeGraph({
    entities: [...graph.entities, ...distractors.flatMap((other) => other.entities)],
    relations: [...graph.relations, ...distractors.flatMap((other) => other.relations)],
  }).graph;

// The memory server's search_nodes: the lowercased whole query as a substring of a name, a type or one observation.
function serverSearch(graph: KnowledgeGraph, prompt: string): string[] {
  const needle = prompt.toLowerCase();
  return graph.entities
    .filter(
      (entity) =>
        entity.name.toLowerCase().includes(needle) ||
        entity.entityType.toLowerCase().includes(needle) ||
        entity.observations.some((text) => text.toLowerCase().includes(needle)),
    )
    .map((entity) => entity.name);
}
const oursSearch = (graph: KnowledgeGraph, prompt: string): string[] =>
  retrieveMemories(graph, prompt, OPTIONS).memories.map((memory) => memory.entity.name);

interface Tally {
  recall: number;
  reciprocal: number;
  silent: number;
  count: number;
}

function evaluate(
  search: (graph: KnowledgeGraph, prompt: string) => string[],
  mix: (graph: KnowledgeGraph) => KnowledgeGraph,
  verbose: boolean,
): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const query of spec.queries) {
    const keys = query.graph === '*' ? [...graphs.keys()] : [query.graph];
    for (const key of keys) {
      const graph = mix(graphs.get(key) as KnowledgeGraph);
      const results = search(graph, query.prompt);
      const tally = tallies.get(query.category) ?? { recall: 0, reciprocal: 0, silent: 0, count: 0 };
      tally.count += 1;
      if (results.length === 0) {
        tally.silent += 1;
      }
      if (query.category !== 'unrelated') {
        const matches = (name: string): boolean =>
          query.expectPattern ? new RegExp(query.expectPattern, 'i').test(name) : (query.expect ?? []).includes(name);
        const wanted = query.expectPattern
          ? Math.max(1, Math.min(graph.entities.filter((entity) => matches(entity.name)).length, 10))
          : (query.expect ?? []).length;
        const found = results.slice(0, 10).filter(matches).length;
        tally.recall += Math.min(1, found / wanted);
        const firstRank = results.findIndex(matches);
        tally.reciprocal += firstRank >= 0 ? 1 / (firstRank + 1) : 0;
        if (verbose && found >= wanted && firstRank > 0) {
          console.log(
            `   ${query.category.padEnd(11)} ${key.padEnd(9)} first hit at rank ${firstRank + 1}  "${query.prompt}" -> ${results.slice(0, firstRank + 1).join(', ')}`,
          );
        }
        if (verbose && found < wanted) {
          console.log(
            `   ${query.category.padEnd(11)} ${key.padEnd(9)} ${found}/${wanted}  "${query.prompt}" -> ${results.slice(0, 5).join(', ') || '(nothing)'}`,
          );
        }
      } else if (verbose && results.length > 0) {
        console.log(`   ${query.category.padEnd(11)} ${key.padEnd(9)} not silent  "${query.prompt}" -> ${results.slice(0, 3).join(', ')}`);
      }
      tallies.set(query.category, tally);
    }
  }
  return tallies;
}

const verbose = process.argv.includes('--verbose');
const rows: Array<[string, Map<string, Tally>]> = [
  ['memory-fabric, graph alone', evaluate(oursSearch, (graph) => graph, verbose)],
  ['memory-fabric, with distractors', evaluate(oursSearch, withDistractors, verbose)],
  ['server search_nodes, graph alone', evaluate(serverSearch, (graph) => graph, false)],
  ['server search_nodes, with distractors', evaluate(serverSearch, withDistractors, false)],
];
const categories = ['exact', 'variant', 'observation', 'relational', 'paraphrase', 'unrelated'];
console.log(`retrieval benchmark: ${spec.queries.length} queries on ${graphs.size} graphs (+${distractors.length} distractor graphs)`);
console.log(`${'system'.padEnd(40)}${categories.map((category) => category.padStart(22)).join('')}`);
for (const [label, tallies] of rows) {
  const cells = categories.map((category) => {
    const tally = tallies.get(category);
    if (!tally) {
      return ''.padStart(22);
    }
    if (category === 'unrelated') {
      return `silence ${(tally.silent / tally.count).toFixed(2)}`.padStart(22);
    }
    return `R@10 ${(tally.recall / tally.count).toFixed(2)} MRR ${(tally.reciprocal / tally.count).toFixed(2)}`.padStart(22);
  });
  console.log(`${label.padEnd(40)}${cells.join('')}`);
}
console.log('targets: recall@10 >= 0.9 on exact, variant, observation, relational; silence >= 0.8 on unrelated; paraphrase reported as is');
