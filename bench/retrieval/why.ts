// Debug aid (not a benchmark): why a prompt on one corpus graph is answered or silent. Prints the silence report, the
// calibration, each term's matches and the best entities. Run: node --import tsx bench/retrieval/why.ts <graph> [--with-distractors] "<prompt>" ...
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildGraphView } from '../../src/core/graph-view.ts';
import { parseServerMemoryJsonl } from '../../src/core/server-memory-jsonl.ts';
import { dedupeGraph } from '../../src/core/merge.ts';
import { retrieveFromView } from '../../src/core/retrieve.ts';
import { loadConfig } from '../../src/config.ts';
import { retrieveOptionsOf } from '../../src/stores/search-sources.ts';
import { calibrateSilence } from '../../src/core/retrieval/calibrate.ts';
import { expansionsFor } from '../../src/core/retrieval/expansions.ts';
import { CORPUS_GRAPHS, GRAPH_FILES } from './corpus-graphs.ts';

// --with-distractors: the graph mixed with the distractor graphs, as bench/retrieval/run.ts measures it.
const args = process.argv.slice(2);
const mixed = args.includes('--with-distractors');
const [key, ...prompts] = args.filter((arg) => arg !== '--with-distractors');
const corpus = CORPUS_GRAPHS;
const readJsonl = (file: string) => parseServerMemoryJsonl(readFileSync(file, 'utf8')).graph;
const own = readJsonl(path.join(corpus, GRAPH_FILES[key as string] as string));
const others = mixed
  ? readdirSync(path.join(corpus, 'distractors'))
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => readJsonl(path.join(corpus, 'distractors', name)))
  : [];
const graph = dedupeGraph({
  entities: [...own.entities, ...others.flatMap((other) => other.entities)],
  relations: [...own.relations, ...others.flatMap((other) => other.relations)],
}).graph;
const view = buildGraphView(graph, { calibrate: calibrateSilence, expand: expansionsFor });
console.log('calibration', JSON.stringify(view.calibration()), 'slots', view.stats().slots);
for (const prompt of prompts) {
  const retrieval = retrieveFromView(view, prompt, retrieveOptionsOf(loadConfig({}, corpus).config, Date.now()));
  console.log(`\n"${prompt}"`, JSON.stringify(retrieval.silence[0]));
  for (const term of retrieval.terms) {
    console.log(
      `  ${term.term} df=${term.documentFrequency} idf=${term.idf.toFixed(2)} lit=${term.literalIdf.toFixed(2)} ${term.variants
        .slice(0, 6)
        .map((v) => `${v.stem}:${v.kind}:${v.weight}`)
        .join(' ')}`,
    );
  }
  for (const memory of retrieval.memories.slice(0, Number(process.env.WHY_TOP ?? 6))) {
    console.log(
      `  -> ${memory.entity.name} rel=${memory.relevance.toFixed(2)} terms=${memory.matchedTerms.join(',')} ${JSON.stringify(memory.breakdown)}`,
    );
  }
}
