// The three public graphs the query sets ask about, by the keys the sets use (bench tools that read them directly).
import path from 'node:path';

export const CORPUS_GRAPHS = path.resolve(import.meta.dirname, '../../../shared/corpus/graphs');
export const GRAPH_FILES: Readonly<Record<string, string>> = {
  stratos: 'HankofallTrades__STRATOS.jsonl',
  dmetrics: 'sm-moshi__dmetrics-go.jsonl',
  prism: 'omriwen__PRISM.jsonl',
};
