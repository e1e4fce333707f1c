// Where the prompts of one category are lost, on the spent query sets (never the sealed one): the context hook's
// outcome (silent; answered with the expected memory at rank 1, 2-5, 6 or lower; answered without it) against the
// rank BM25 per entity gives it, and, for the silent ones, the rank the expected memory would have had were nothing
// silent (the bank's calibration set to zero and every term specific). Graph alone, the three public graphs. Session
// 21 wrote it to see whether the paraphrases lost are lost to silence or to the ranking.
// Run: node --import tsx bench/retrieval/breakdown.ts [--category paraphrase] [--verbose]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { buildGraphView, type GraphView } from '../../src/core/graph-view.ts';
import { canonicalEntityKey, type KnowledgeGraph } from '../../src/core/graph.ts';
import { dedupeGraph } from '../../src/core/merge.ts';
import { calibrateSilence } from '../../src/core/retrieval/calibrate.ts';
import { expansionsFor } from '../../src/core/retrieval/expansions.ts';
import { retrieveFromView } from '../../src/core/retrieve.ts';
import { parseServerMemoryJsonl } from '../../src/core/server-memory-jsonl.ts';
import { retrieveOptionsOf } from '../../src/stores/search-sources.ts';
import { bm25Search } from './bm25.ts';
import { CORPUS_GRAPHS, GRAPH_FILES } from './corpus-graphs.ts';
import { spentQuerySets } from './sealed.ts';

const args = process.argv.slice(2);
const category = args.includes('--category') ? (args[args.indexOf('--category') + 1] ?? 'paraphrase') : 'paraphrase';
const verbose = args.includes('--verbose');
const here = import.meta.dirname;
const OPTIONS = retrieveOptionsOf(loadConfig({}, here).config, Date.parse('2026-12-01T00:00:00Z'));

interface Graph {
  graph: KnowledgeGraph;
  view: GraphView;
  // The same view with nothing silent: the calibration at zero, every term specific.
  open: GraphView;
}
const graphs = new Map<string, Graph>();
for (const [key, file] of Object.entries(GRAPH_FILES)) {
  const graph = dedupeGraph(parseServerMemoryJsonl(readFileSync(path.join(CORPUS_GRAPHS, file), 'utf8')).graph).graph;
  const view = buildGraphView(graph, { calibrate: calibrateSilence, expand: expansionsFor });
  const open = buildGraphView(graph, { calibrate: calibrateSilence, expand: expansionsFor });
  const calibration = open.calibration();
  if (calibration) {
    const zero = calibration.thresholds.map(() => 0);
    open.calibration = () => ({
      ...calibration,
      thresholds: zero,
      coveredThresholds: zero,
      singleThreshold: 0,
      specificIdf: 0,
      statementTerms: 0,
    });
  }
  graphs.set(key, { graph, view, open });
}

const sets = spentQuerySets();
const bucket = (rank: number): string => (rank === 1 ? '1' : rank > 0 && rank <= 5 ? '2-5' : rank > 0 && rank <= 10 ? '6-10' : '>10');
const ours = new Map<string, Map<string, number>>();
let count = 0;
for (const { set, queries } of sets) {
  for (const query of queries) {
    const graph = graphs.get(query.graph);
    if (!graph || query.category !== category) {
      continue;
    }
    count += 1;
    const expected = new Set((query.expect ?? []).map(canonicalEntityKey));
    const rankIn = (names: readonly string[]): number => names.findIndex((name) => expected.has(canonicalEntityKey(name))) + 1;
    const retrieval = retrieveFromView(graph.view, query.prompt, OPTIONS);
    const rank = rankIn(retrieval.memories.map((memory) => memory.entity.name));
    const bm25 = rankIn(bm25Search(graph.graph, query.prompt));
    let outcome: string;
    if (retrieval.memories.length === 0) {
      const open = rankIn(retrieveFromView(graph.open, query.prompt, OPTIONS).memories.map((memory) => memory.entity.name));
      outcome = `silent, unsilenced ${bucket(open)}`;
      if (verbose && bm25 > 0 && bm25 <= 3) {
        console.log(`  ${set} ${query.graph} BM25 ${bm25}, unsilenced ${open}: ${retrieval.silence[0]?.reason} | ${query.prompt}`);
      }
    } else {
      outcome = rank > 0 ? `answered, rank ${rank === 1 ? '1' : rank <= 5 ? '2-5' : '6+'}` : 'answered, not shown';
    }
    const row = ours.get(outcome) ?? new Map<string, number>();
    row.set(bucket(bm25), (row.get(bucket(bm25)) ?? 0) + 1);
    ours.set(outcome, row);
  }
}
const columns = ['1', '2-5', '6-10', '>10'];
console.log(`${category} prompts of the spent sets on the three public graphs, graph alone: ${count} (${sets.length} sets)`);
console.log(`${'memory-fabric \\ BM25 per entity rank'.padEnd(38)}${columns.map((column) => column.padStart(7)).join('')}  total`);
for (const outcome of [...ours.keys()].sort()) {
  const row = ours.get(outcome) as Map<string, number>;
  const total = [...row.values()].reduce((sum, value) => sum + value, 0);
  console.log(
    `${outcome.padEnd(38)}${columns.map((column) => String(row.get(column) ?? 0).padStart(7)).join('')}  ${String(total).padStart(5)}`,
  );
}
