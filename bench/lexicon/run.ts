// Benchmark (not a test): does the lexicon (src/core/lexicon/) help paraphrased prompts, and does it keep unrelated
// prompts silent? On the three public graphs and the queries of bench/retrieval/queries.json, for each query: does
// an expected entity share a stem with the prompt, and where does it rank under a plain IDF score (an expanded stem
// counts EXPANSION_FACTOR of the word itself)? Also the table's size and its load time in plain node.
// Run: node --import tsx bench/lexicon/run.ts [--table FILE] [--corpus DIR] [--verbose]   (FILE: a table made with
// `npm run build:lexicon -- --out FILE ...`, to compare choices before shipping one; DIR: ../shared/corpus)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { KnowledgeGraph } from '../../src/core/graph.ts';
import { type Lexicon, expansionsFor, parseLexicon } from '../../src/core/lexicon/lexicon.ts';
import { dedupeGraph } from '../../src/core/merge.ts';
import { parseServerMemoryJsonl } from '../../src/core/server-memory-jsonl.ts';
import { synonymsOf } from '../../src/core/synonyms.ts';
import { extractTerms } from '../../src/core/text.ts';

interface Query {
  category: string;
  graph: string;
  prompt: string;
  expect?: string[];
  expectPattern?: string;
}

interface Bank {
  names: string[];
  terms: Set<string>[];
  documentFrequency: Map<string, number>;
  expansions: Map<string, string[]>;
}

// An expanded stem counts this much of the word itself in the ranking proxy.
const EXPANSION_FACTOR = 0.5;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const shippedTable = path.join(root, 'src', 'core', 'lexicon', 'related-stems.json');
const { values: flags } = parseArgs({
  options: {
    table: { type: 'string', default: shippedTable },
    corpus: { type: 'string', default: path.resolve(root, '..', 'shared', 'corpus') },
    verbose: { type: 'boolean' },
  },
});
const corpus = flags.corpus;
if (!existsSync(corpus)) {
  console.log(`skipped: the shared corpus is not here (${corpus})`);
  process.exit(0);
}
const spec = JSON.parse(readFileSync(path.join(root, 'bench', 'retrieval', 'queries.json'), 'utf8')) as {
  graphs: Record<string, string>;
  queries: Query[];
};
const lexicon = parseLexicon(JSON.parse(readFileSync(flags.table, 'utf8')) as string[]);

// Each entity's stems (name, type, observations: what the search index holds), and the bank's expansions.
function indexBank(graph: KnowledgeGraph, table: Lexicon): Bank {
  const terms = graph.entities.map(
    (entity) => new Set([entity.name, entity.entityType, ...entity.observations].flatMap((text) => extractTerms(text))),
  );
  const documentFrequency = new Map<string, number>();
  for (const stem of terms.flatMap((entityTerms) => [...entityTerms])) {
    documentFrequency.set(stem, (documentFrequency.get(stem) ?? 0) + 1);
  }
  return {
    names: graph.entities.map((entity) => entity.name),
    terms,
    documentFrequency,
    expansions: expansionsFor(documentFrequency.keys(), table),
  };
}

type Mode = 'words' | 'synonyms.ts' | 'lexicon' | 'both';
const MODES: Mode[] = ['words', 'synonyms.ts', 'lexicon', 'both'];

// The bank stems a prompt stem stands for beyond itself, in a mode.
function alternatesOf(bank: Bank, stem: string, mode: Mode): string[] {
  const fromSynonyms = mode === 'synonyms.ts' || mode === 'both' ? synonymsOf(stem) : [];
  const fromLexicon = mode === 'lexicon' || mode === 'both' ? (bank.expansions.get(stem) ?? []) : [];
  return [...new Set([...fromSynonyms, ...fromLexicon])].filter((alternate) => alternate !== stem);
}

// Each entity's score: per prompt stem, its IDF if the entity has it, else the best alternate's, discounted.
function scoreEntities(bank: Bank, prompt: string, mode: Mode): number[] {
  const idf = (stem: string): number => Math.log(1 + bank.names.length / (bank.documentFrequency.get(stem) ?? bank.names.length));
  const stems = [...new Set(extractTerms(prompt))];
  return bank.terms.map((entityTerms) =>
    stems.reduce((sum, stem) => {
      if (entityTerms.has(stem)) {
        return sum + idf(stem);
      }
      const alternates = alternatesOf(bank, stem, mode).filter((alternate) => entityTerms.has(alternate));
      return sum + Math.max(0, ...alternates.map((alternate) => EXPANSION_FACTOR * idf(alternate)));
    }, 0),
  );
}

const isExpected = (query: Query, name: string): boolean =>
  (query.expect ?? []).includes(name) || (query.expectPattern !== undefined && new RegExp(query.expectPattern, 'i').test(name));

const banks = new Map<string, Bank>();
for (const [key, source] of Object.entries(spec.graphs)) {
  if (!source.startsWith('transcripts:')) {
    const text = readFileSync(path.join(corpus, 'graphs', source), 'utf8');
    banks.set(key, indexBank(dedupeGraph(parseServerMemoryJsonl(text).graph).graph, lexicon));
  }
}

// Per category and mode: answerable queries whose expected entity shares a stem, recall@10 and MRR of the proxy.
const tally = new Map<string, { queries: number; shares: number[]; recall: number[]; reciprocal: number[] }>();
const skipped = spec.queries.filter((query) => query.graph !== '*' && !banks.has(query.graph)).length;
for (const query of spec.queries.filter((candidate) => candidate.category !== 'unrelated' && banks.has(candidate.graph))) {
  const bank = banks.get(query.graph) as Bank;
  const row = tally.get(query.category) ?? {
    queries: 0,
    shares: MODES.map(() => 0),
    recall: MODES.map(() => 0),
    reciprocal: MODES.map(() => 0),
  };
  row.queries += 1;
  const ranks = MODES.map((mode, index) => {
    const scores = scoreEntities(bank, query.prompt, mode);
    const order = scores.map((score, id) => ({ score, id })).filter((entry) => entry.score > 0);
    order.sort((left, right) => right.score - left.score);
    const rank = order.findIndex((entry) => isExpected(query, bank.names[entry.id] as string));
    row.shares[index] = (row.shares[index] ?? 0) + (rank >= 0 ? 1 : 0);
    row.recall[index] = (row.recall[index] ?? 0) + (rank >= 0 && rank < 10 ? 1 : 0);
    row.reciprocal[index] = (row.reciprocal[index] ?? 0) + (rank >= 0 ? 1 / (rank + 1) : 0);
    return rank + 1;
  });
  if (flags.verbose && (query.category === 'paraphrase' || ranks[0] !== ranks[2])) {
    const stems = [...new Set(extractTerms(query.prompt))].map(
      (stem) => `${stem}->${alternatesOf(bank, stem, 'lexicon').join('|') || '-'}`,
    );
    console.log(`  ${query.category} "${query.prompt}": rank ${ranks[0]} -> ${ranks[2]} (0: none); ${stems.join(' ')}`);
  }
  tally.set(query.category, row);
}

const header = `${'category'.padEnd(12)} ${'n'.padStart(3)}  ${MODES.map((mode) => mode.padStart(24)).join('')}`;
console.log(`shares a stem / recall@10 / MRR of an IDF proxy (expansion x${EXPANSION_FACTOR}); ${skipped} queries on transcripts skipped`);
console.log(header);
for (const [category, row] of tally) {
  const cells = MODES.map((_, index) =>
    `${row.shares[index]}/${row.recall[index]}/${((row.reciprocal[index] ?? 0) / row.queries).toFixed(2)}`.padStart(24),
  );
  console.log(`${category.padEnd(12)} ${String(row.queries).padStart(3)}  ${cells.join('')}`);
}

// Unrelated prompts: in how many (prompt, bank) pairs some entity shares a stem (and how many pairs only with the
// mode's alternates: silence broken by expansion), and how many entities they touch.
const unrelated = spec.queries.filter((query) => query.category === 'unrelated');
console.log(
  `\nunrelated prompts x ${banks.size} banks = ${unrelated.length * banks.size} pairs: pairs with a match (new) / entities touched`,
);
const matchedByWords = new Set<string>();
for (const mode of MODES) {
  let pairs = 0;
  let touched = 0;
  const broken: string[] = [];
  for (const [key, bank] of banks) {
    for (const query of unrelated) {
      const hits = scoreEntities(bank, query.prompt, mode).filter((score) => score > 0).length;
      const pair = `${key}: "${query.prompt}"`;
      pairs += hits > 0 ? 1 : 0;
      touched += hits;
      if (hits > 0 && mode === 'words') {
        matchedByWords.add(pair);
      } else if (hits > 0 && !matchedByWords.has(pair)) {
        const stems = [...new Set(extractTerms(query.prompt))].filter((stem) => alternatesOf(bank, stem, mode).length > 0);
        broken.push(`${pair} via ${stems.map((stem) => `${stem}->${alternatesOf(bank, stem, mode).join('|')}`).join(' ')}`);
      }
    }
  }
  console.log(`  ${mode.padEnd(12)} ${pairs} (${broken.length}) / ${touched}`);
  if (flags.verbose) {
    for (const line of broken) {
      console.log(`    ${line}`);
    }
  }
}

// Size, and the time a fresh plain node takes to import and parse the table (timed inside it: start-up excluded).
const bytes = statSync(flags.table).size;
const load = `const started = performance.now(); const { default: lines } = await import(${JSON.stringify(flags.table)}, { with: { type: 'json' } });
new Map(lines.map((line) => { const [stem, ...related] = line.split(' '); return [stem, related]; })); console.log(performance.now() - started);`;
const timings = Array.from({ length: 10 }, () =>
  Number(execFileSync(process.execPath, ['--input-type=module', '-e', load], { encoding: 'utf8' })),
);
timings.sort((left, right) => left - right);
console.log(
  `\ntable: ${lexicon.size} stems, ${(bytes / 1024).toFixed(0)} KB; import and parse in a fresh node: median ${timings[5]?.toFixed(1)} ms ` +
    `(${timings[0]?.toFixed(1)}-${timings[9]?.toFixed(1)}, 10 runs)`,
);
