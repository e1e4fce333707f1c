// The words of a prompt that name something the bank has never seen: neither in the bank, nor English or software
// vocabulary (the caller's: stores/search-index/vocabulary.ts reads lexicon/vocabulary.bin), nor a typo of such a word. "Import runs from Strava over OAuth", "add a
// Prometheus exporter", "enable CUDA on the A100 nodes" ask about something new to this project, though their other
// words (runs, exporter, nodes) are the project's own; such a prompt is answered only when it names an entity
// (retrieve.ts). A word in backticks or quotes, with digits or inner punctuation is code, a path or an id, not
// looked at here; nor is a word the bank holds (the caller says which: a term that matched nothing literally).
import { isStopword, stemWord } from '../text.ts';

// Whether a lowercase word is English or software vocabulary: the stores' filter (stores/search-index/vocabulary.ts).
export type IsVocabulary = (word: string) => boolean;

// At most this many words of a prompt are checked for typos (each check stems a few hundred variants).
const MAX_TYPO_CHECKS = 16;
// A word longer than this is no name a person types (a run of letters pasted from a log or a key).
const MAX_WORD_LETTERS = 24;
// At most this many unknown words are reported.
const MAX_UNKNOWN = 3;
// The letters next to each on a QWERTY keyboard: a slip of the finger lands there.
const NEIGHBOURS: Record<string, string> = {
  q: 'wa',
  w: 'qeas',
  e: 'wrsd',
  r: 'etdf',
  t: 'ryfg',
  y: 'tugh',
  u: 'yihj',
  i: 'uojk',
  o: 'ipkl',
  p: 'ol',
  a: 'qwsz',
  s: 'awedxz',
  d: 'serfcx',
  f: 'drtgvc',
  g: 'ftyhbv',
  h: 'gyujnb',
  j: 'huikmn',
  k: 'jiolm',
  l: 'kop',
  z: 'asx',
  x: 'zsdc',
  c: 'xdfv',
  v: 'cfgb',
  b: 'vghn',
  n: 'bhjm',
  m: 'njk',
};

// Whether a lowercase word is a typo of vocabulary: two neighbouring letters swapped ("waht"), and, in words of five
// letters or more, a vowel left out ("databse"), a letter typed once too often ("dattabase", "datavbase" is not) or
// struck for its neighbour on the keyboard ("datsbase"). Only such slips, not every one-letter edit: about a hundred
// variants, each of which the filter may take for vocabulary by chance (0.05% each at its 16 bits per stem), where
// every edit would be hundreds. A capitalized word inside a sentence, or one with capitals inside, is a name and gets
// no such reading: "Strava" is no typo.
export function isTypoOfVocabulary(word: string, isVocabulary: IsVocabulary): boolean {
  const variants: string[] = [];
  for (let index = 0; index + 1 < word.length; index += 1) {
    variants.push(word.slice(0, index) + (word[index + 1] as string) + (word[index] as string) + word.slice(index + 2));
  }
  if (word.length >= 5) {
    for (let index = 0; index < word.length; index += 1) {
      const head = word.slice(0, index);
      const letter = word[index] as string;
      const tail = word.slice(index + 1);
      variants.push(head + tail, head + letter + letter + tail);
      for (const vowel of 'aeiou') {
        variants.push(head + vowel + letter + tail);
      }
      for (const neighbour of NEIGHBOURS[letter] ?? '') {
        variants.push(head + neighbour + tail);
      }
    }
    for (const vowel of 'aeiou') {
      variants.push(word + vowel);
    }
  }
  return variants.some(isVocabulary);
}

// A quoted or backticked token is code or a phrase to look for, not prose.
const QUOTED = /[`"“”‘’]|^'|'$/;
// Strips what may stand around a word in prose: brackets and sentence punctuation.
// (The lookbehind starts the trailing run only at its first mark: linear on '!!!!x'.)
const EDGES = /^[([{<]+|(?<![)\]}>.,;:!?])[)\]}>.,;:!?]+$/g;

// Whether a token ends a sentence: a full stop, question or exclamation mark or colon, then perhaps closing quotes
// or brackets.
function endsSentence(token: string): boolean {
  let index = token.length - 1;
  while (index >= 0 && `"')]”’`.includes(token[index] as string)) {
    index -= 1;
  }
  return index >= 0 && '.!?:'.includes(token[index] as string);
}

// The unknown words of a prompt (lowercase, at most three), in order. isUnmatched tells whether a stem is a search
// term of the prompt that matched nothing of the bank literally (not even as a near-miss).
export function findUnknownWords(text: string, isUnmatched: (stem: string) => boolean, isVocabulary: IsVocabulary): string[] {
  const unknown: string[] = [];
  let typoChecks = 0;
  let sentenceStart = true;
  for (const token of text.split(/\s+/)) {
    if (token === '') {
      continue;
    }
    const atStart = sentenceStart;
    sentenceStart = endsSentence(token);
    if (QUOTED.test(token)) {
      continue;
    }
    if (token.length > MAX_WORD_LETTERS + 4) {
      continue;
    }
    const word = token.replace(EDGES, '');
    if (word.length < 3 || word.length > MAX_WORD_LETTERS || !/^[A-Za-z]+$/.test(word)) {
      continue;
    }
    const lower = word.toLowerCase();
    if (isStopword(lower) || !isUnmatched(stemWord(lower)) || isVocabulary(lower)) {
      continue;
    }
    const nameLike = /^.+[A-Z]/.test(word) || (!atStart && /^[A-Z]/.test(word));
    if (!nameLike) {
      typoChecks += 1;
      if (typoChecks > MAX_TYPO_CHECKS || isTypoOfVocabulary(lower, isVocabulary)) {
        continue;
      }
    }
    if (!unknown.includes(lower)) {
      unknown.push(lower);
    }
    if (unknown.length >= MAX_UNKNOWN) {
      break;
    }
  }
  return unknown;
}
