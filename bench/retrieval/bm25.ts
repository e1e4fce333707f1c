// The baseline of bench/retrieval (the peers' method): plain BM25 over each entity's whole text.
import type { KnowledgeGraph } from '../../src/core/graph.ts';
import { stripProvenance } from '../../src/core/graph.ts';
import { extractTerms } from '../../src/core/text.ts';

// The baseline: plain BM25 (k1 1.2, b 0.75) over each entity's whole text (name, type, observations), the same
// stems; every entity that matches a word is a result (the peers inject something for every prompt).
const bm25Index = new WeakMap<KnowledgeGraph, { postings: Map<string, Array<[number, number]>>; lengths: number[]; mean: number }>();
export function bm25Search(graph: KnowledgeGraph, prompt: string): string[] {
  let index = bm25Index.get(graph);
  if (!index) {
    const postings = new Map<string, Array<[number, number]>>();
    const lengths: number[] = [];
    graph.entities.forEach((entity, id) => {
      const terms = extractTerms(`${entity.name} ${entity.entityType} ${entity.observations.map(stripProvenance).join(' ')}`);
      lengths.push(terms.length);
      const counts = new Map<string, number>();
      for (const term of terms) {
        counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      for (const [term, count] of counts) {
        const list = postings.get(term) ?? [];
        list.push([id, count]);
        postings.set(term, list);
      }
    });
    index = { postings, lengths, mean: Math.max(1, lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, lengths.length)) };
    bm25Index.set(graph, index);
  }
  const scores = new Map<number, number>();
  const count = graph.entities.length;
  for (const term of new Set(extractTerms(prompt))) {
    const list = index.postings.get(term) ?? [];
    const idf = Math.log(1 + (count - list.length + 0.5) / (list.length + 0.5));
    for (const [id, tf] of list) {
      const length = index.lengths[id] ?? 0;
      scores.set(id, (scores.get(id) ?? 0) + (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * length) / index.mean)));
    }
  }
  return [...scores.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([id]) => (graph.entities[id] as KnowledgeGraph['entities'][number]).name);
}
