// Paraphrase expansion, computed when the search index is built: for each stem a prompt may hold, the stems of this
// bank the lexicon (lexicon/lexicon.ts: WordNet 3.1 and a software list, compiled offline) relates it to, each with
// a weight below 1 by its rank there (the strongest first). The context hook reads them from the index and never
// loads the lexicon; scoring counts an expansion at VARIANT_FACTORS.expansion of the word itself and never as
// evidence for silence (score-statements.ts, retrieve.ts).
import type { Expansion } from '../graph-view.ts';
import { expansionsFor as lexiconExpansions } from '../lexicon/lexicon.ts';

// At most this many bank stems per prompt stem; the i-th strongest counts RANK_DECAY^i.
const MAX_EXPANSIONS = 4;
const RANK_DECAY = 0.8;

// Prompt stem -> the bank's related stems and their weights (vocabulary: the bank's stems).
export function expansionsFor(vocabulary: readonly string[]): Map<string, Expansion[]> {
  const expansions = new Map<string, Expansion[]>();
  for (const [stem, related] of lexiconExpansions(vocabulary)) {
    expansions.set(
      stem,
      related.slice(0, MAX_EXPANSIONS).map((other, rank): Expansion => [other, Math.round(RANK_DECAY ** rank * 100) / 100]),
    );
  }
  return expansions;
}
