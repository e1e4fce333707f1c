// Related words for paraphrased prompts ("sign in" ~ login ~ authenticate), as Porter stems, compiled from WordNet
// 3.1 and a hand-reviewed software list by scripts/build-lexicon.ts (WordNet's licence: WORDNET-LICENSE beside this).
// Meant for the side that builds the search index, not for the prompt path (its size: docs/performance.md; README.md here).
import lines from './related-stems.json' with { type: 'json' };

// Stem -> related stems, strongest first.
export type Lexicon = ReadonlyMap<string, readonly string[]>;

const NONE: readonly string[] = [];
let shipped: Lexicon | undefined;

// A table from its lines: a stem, then its related stems, strongest first (the shape of related-stems.json).
export function parseLexicon(tableLines: readonly string[]): Lexicon {
  return new Map(
    tableLines.map((line) => {
      const [stem = '', ...related] = line.split(' ');
      return [stem, related];
    }),
  );
}

// The table that ships with the package, parsed on first use.
const readTable = (): Lexicon => {
  shipped ??= parseLexicon(lines);
  return shipped;
};

// The stems related to a stem, strongest first (software synonyms, then WordNet synonyms in its frequent senses,
// then derived and broader words); empty for a stem the table does not know.
export const relatedStems = (stem: string): readonly string[] => readTable().get(stem) ?? NONE;

// Every stem the table has an entry for.
export const lexiconStems = (): IterableIterator<string> => readTable().keys();

// For a bank's vocabulary: every stem a prompt may hold (in the vocabulary or not) -> the vocabulary's stems it is
// related to, strongest first. Stems related to nothing in the vocabulary are left out, so the map is all a
// prompt needs at query time, without this table.
export function expansionsFor(vocabulary: Iterable<string>, lexicon: Lexicon = readTable()): Map<string, string[]> {
  const known = vocabulary instanceof Set ? (vocabulary as ReadonlySet<string>) : new Set(vocabulary);
  const expansions = new Map<string, string[]>();
  for (const [stem, related] of lexicon) {
    const inVocabulary = related.filter((candidate) => known.has(candidate));
    if (inVocabulary.length > 0) {
      expansions.set(stem, inVocabulary);
    }
  }
  return expansions;
}
