// Compiles WordNet synsets, sense frequencies and the hand-reviewed software groups into a table of related
// Porter stems, strongest first. Pure: the caller reads the files and writes the table.
import { isStopword, stemWord } from '../../src/core/text.ts';
import type { Sense, Synset } from './wordnet.ts';

export interface CompileOptions {
  // A WordNet word is kept (as a key or a related word) when its senses were tagged at least this often,
  minTagCount: number;
  // or when it has one sense only (unambiguous, so safe to expand: decibel, database), if this is true.
  keepMonosemous: boolean;
  // Senses of a word that hold less than this share of its tagged uses are ignored (rare senses mislead).
  minSenseShare: number;
  // At most this many related stems per stem.
  maxRelated: number;
  // A related stem needs at least this score (1 = a synonym in the word's only sense).
  minScore: number;
  // Score of a word reached through each kind of WordNet link; links not listed are not followed.
  linkWeights: Record<string, number>;
  // Whether a word of the software list takes its related words from the list only (WordNet's senses of doc,
  // bug or password are the doctor, the insect and the watchword).
  softwareListOnly: boolean;
}

export const DEFAULT_OPTIONS: CompileOptions = {
  minTagCount: 3,
  keepMonosemous: false,
  minSenseShare: 0.15,
  maxRelated: 6,
  minScore: 0.3,
  linkWeights: { synonym: 1, '+': 0.6, '&': 0.6, '\\': 0.6 },
  softwareListOnly: true,
};

// Particles that close a phrasal verb into one software word: log in -> login, set up -> setup.
const PARTICLES = new Set(['in', 'on', 'up', 'out', 'off', 'down', 'back', 'over']);

// The one word a lemma is written as in code and project talk, or undefined (other phrases, names, digits).
export function normalizeLemma(lemma: string): string | undefined {
  const parts = lemma.split(/[ -]/);
  if (parts.length === 2 && PARTICLES.has(parts[1] as string)) {
    return parts.join('');
  }
  const word = parts.length === 1 ? lemma : undefined;
  return word !== undefined && /^[a-z]{2,}$/.test(word) && !isStopword(word) ? word : undefined;
}

// The hand-reviewed groups of the text file: one group a line, `#` comments.
export const parseGroups = (text: string): string[][] =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/));

// The table: stem -> related stems, strongest first; the software groups come before WordNet.
export function compileLexicon(
  synsets: readonly Synset[],
  senses: ReadonlyMap<string, readonly Sense[]>,
  groups: readonly string[][],
  options: CompileOptions = DEFAULT_OPTIONS,
): Map<string, string[]> {
  const byKey = new Map(synsets.map((synset) => [synset.key, synset]));
  const tagTotals = new Map<string, number>();
  const senseCounts = new Map<string, number>();
  for (const [lemma, list] of senses) {
    const word = normalizeLemma(lemma);
    if (word !== undefined) {
      tagTotals.set(word, (tagTotals.get(word) ?? 0) + list.reduce((sum, sense) => sum + sense.tagCount, 0));
      senseCounts.set(word, (senseCounts.get(word) ?? 0) + list.length);
    }
  }
  const softwareWords = new Set(groups.flat());
  const isKept = (word: string | undefined): word is string =>
    word !== undefined &&
    (softwareWords.has(word) ||
      (tagTotals.get(word) ?? 0) >= options.minTagCount ||
      (options.keepMonosemous && senseCounts.get(word) === 1));

  // The share of a stem's uses that each of its words has, so that a rare word does not speak for a common one.
  const stemTotals = new Map<string, number>();
  for (const [word, total] of tagTotals) {
    if (isKept(word)) {
      stemTotals.set(stemWord(word), (stemTotals.get(stemWord(word)) ?? 0) + total + 1);
    }
  }
  const scores = new Map<string, Map<string, number>>();
  const credit = (fromStem: string, word: string | undefined, score: number): void => {
    if (!isKept(word) || stemWord(word) === fromStem || isStopword(stemWord(word))) {
      return;
    }
    const row = scores.get(fromStem) ?? new Map<string, number>();
    row.set(stemWord(word), (row.get(stemWord(word)) ?? 0) + score);
    scores.set(fromStem, row);
  };

  for (const [lemma, list] of senses) {
    const word = normalizeLemma(lemma);
    if (!isKept(word) || (options.softwareListOnly && softwareWords.has(word))) {
      continue;
    }
    const stem = stemWord(word);
    if (isStopword(stem)) {
      continue;
    }
    const total = tagTotals.get(word) ?? 0;
    const wordShare = ((total + 1) / (stemTotals.get(stem) ?? 1)) ** 0.5;
    for (const sense of list) {
      // An untagged word keeps its first sense only; a tagged one its senses with enough of its uses.
      const senseShare = total === 0 ? (sense.senseNumber === 1 ? 1 : 0) : sense.tagCount / total;
      const synset = byKey.get(sense.synset);
      if (synset === undefined || senseShare < options.minSenseShare) {
        continue;
      }
      const weight = senseShare * wordShare;
      const position = synset.words.findIndex((member) => normalizeLemma(member) === word) + 1;
      for (const member of synset.words) {
        credit(stem, normalizeLemma(member), weight * (options.linkWeights.synonym ?? 0));
      }
      for (const pointer of synset.pointers) {
        const linkWeight = options.linkWeights[pointer.symbol];
        const target = byKey.get(pointer.target);
        if (linkWeight === undefined || target === undefined || (pointer.sourceWord !== 0 && pointer.sourceWord !== position)) {
          continue;
        }
        const reached = pointer.targetWord === 0 ? target.words : [target.words[pointer.targetWord - 1] ?? ''];
        for (const member of reached) {
          credit(stem, normalizeLemma(member), weight * linkWeight);
        }
      }
    }
  }

  const table = new Map<string, string[]>();
  for (const group of groups) {
    const stems = [...new Set(group.map((word) => stemWord(word)))].filter((stem) => !isStopword(stem));
    for (const stem of stems) {
      const row = table.get(stem) ?? [];
      table.set(stem, [...new Set([...row, ...stems.filter((other) => other !== stem)])]);
    }
  }
  for (const [stem, row] of scores) {
    const ranked = [...row]
      .filter(([, score]) => score >= options.minScore)
      .sort((left, right) => right[1] - left[1] || (left[0] < right[0] ? -1 : 1))
      .map(([related]) => related);
    if (ranked.length > 0) {
      table.set(stem, [...new Set([...(table.get(stem) ?? []), ...ranked])]);
    }
  }
  return new Map(
    [...table]
      .filter(([, row]) => row.length > 0)
      .sort((left, right) => (left[0] < right[0] ? -1 : 1))
      .map(([stem, row]) => [stem, row.slice(0, options.maxRelated)]),
  );
}
