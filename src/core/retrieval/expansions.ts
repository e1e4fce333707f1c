// Paraphrase expansion, computed when the search index is built: for each query stem the lexicon relates to stems
// of this bank, those bank stems and how much each counts (the context hook reads them from the index and never
// loads the lexicon). Until the lexicon lands this gives none (synonyms.ts still applies at query time).
import type { Expansion } from '../graph-view.ts';

// Query stem -> the bank's related stems (vocabulary: the bank's stems).
export function expansionsFor(_vocabulary: readonly string[]): Map<string, Expansion[]> {
  return new Map();
}
