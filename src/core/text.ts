// Words to search terms: lowercase, split on punctuation and camelCase, stopwords out, Porter stems.
import { stemmer } from 'stemmer';

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below between
  both but by can can't cannot could did didn't do does doesn't doing don't down during each few for from further had
  hadn't has hasn't have haven't having he her here hers herself him himself his how i i'd i'll i'm i've if in into is
  isn't it it's its itself just let let's me more most my myself no nor not now of off on once only or other ought our
  ours ourselves out over own same she should shouldn't so some such than that that's the their theirs them themselves
  then there there's these they this those through to too under until up us very was wasn't we we'd we'll we're we've
  were weren't what what's when where which while who whom why will with won't would wouldn't you you'd you'll you're
  you've your yours yourself yourselves please thanks thank hi hello hey ok okay yes yeah sure tell show give know
  think want need like get got make made use used using way ways thing things something anything everything really
  maybe might must shall may again still already ever never always also lot lots bit kind sort remember recall earlier
  previously last time did done does doing go going went say said says`.split(/\s+/),
);

const PLAIN_WORD = /^[a-z]+$/;
// A lowercase letter or digit then a capital: getUserName -> get User Name.
const CAMEL_EDGE = /([\p{Ll}\p{N}])(\p{Lu})/gu;
// Three capitals or more, then a capital and two lowercase letters: an acronym's end before a word of three letters or
// more. A word so written is also its parts: SQLAlchemy is sqlalchemy (as a requirements file writes it), sql and
// alchemy; CPUFrequency is cpufrequency, cpu and frequency; HTTPGet, APIKey, PRISMRunner the same (session 21: "the
// CPU frequency improvements work" did not find CPUFrequencyImprovements). Not after fewer capitals (SQLite, OAuth,
// UIView stay whole), not before a plural's s (APIs, URLs, IDs). Fixed-width look-arounds: linear in the word.
const ACRONYM_EDGE = /(?<=\p{Lu}{3})(?=\p{Lu}\p{Ll}{2})/gu;
// Where an identifier's words meet, both edges above (without the whole word splitWords also keeps).
const IDENTIFIER_EDGE = new RegExp(`(?<=[\\p{Ll}\\p{N}])(?=\\p{Lu})|${ACRONYM_EDGE.source}`, 'u');

// An identifier's words as written: getUserName -> get, User, Name; CPUFrequency -> CPU, Frequency.
export const identifierParts = (word: string): string[] => word.split(IDENTIFIER_EDGE);

// Splits text into lowercase words, also breaking camelCase and snake_case identifiers apart.
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.split(/[^\p{L}\p{N}'_]+/u)) {
    if (raw === '') {
      continue;
    }
    // The common case, a plain lowercase word, needs none of the splitting below.
    if (PLAIN_WORD.test(raw)) {
      words.push(raw);
      continue;
    }
    const trimmed = raw.replace(/^'+|'+$/g, '');
    for (const part of trimmed.replace(CAMEL_EDGE, '$1 $2').split(/[\s_]+/)) {
      if (part === '') {
        continue;
      }
      const word = part.toLowerCase();
      words.push(word);
      const acronym = part.split(ACRONYM_EDGE);
      if (acronym.length > 1) {
        words.push(...acronym.map((piece) => piece.toLowerCase()));
      }
      // usaf1951 is also usaf and 1951; v2 stays whole (a single letter is no word).
      const pieces = word.split(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u).filter((piece) => piece.length >= 2);
      if (pieces.length > 1) {
        words.push(...pieces);
      }
    }
  }
  return words;
}

// Whether a lowercase word carries no meaning for search.
export const isStopword = (word: string): boolean => STOPWORDS.has(word) || (word.includes("'") && STOPWORDS.has(word.replace(/'/g, '')));

// A word's search term: its Porter stem without apostrophes (memoized: project vocabularies repeat a lot).
const stems = new Map<string, string>();
// The one stemmer of the package: the index, the queries, the synonyms and the slots all stem through it.
export function stemWord(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = stemmer(word.replace(/'/g, ''));
    if (stems.size < 200_000) {
      stems.set(word, stem);
    }
  }
  return stem;
}

// The same stem, not memoized: for words made up on the way (retrieval/unknown-words.ts stems hundreds of one-edit
// variants of a word, which would fill the memo with strings no text holds).
export const stemWordOnce = (word: string): string => stemmer(word.replace(/'/g, ''));

// The search terms of a text, in order, duplicates kept (term frequency matters).
export function extractTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    if (isStopword(word)) {
      continue;
    }
    if (word.length < 2 && !/\d/.test(word)) {
      continue;
    }
    terms.push(stemWord(word));
  }
  return terms;
}

// Names longer than this many words are not looked for in a text.
const MAX_NAME_WORDS = 4;

// Every run of one to four consecutive words of a text (words keep inner . _ / - so that orders-api,
// prism.core and src/a.ts stay whole), as a text may spell an entity's name.
// With heads (the lowercased first words of the names that have several words), runs of several words start only
// at a head: most words begin no name, and building every run costs more than the lookups.
export function wordRuns(text: string, heads?: ReadonlySet<string>): string[] {
  const words = text
    .split(/[\s,;:!?()[\]{}"'`<>]+/)
    // Trailing dots out; the lookbehind starts the pattern only at the first dot of a run (linear on '....x').
    .map((word) => word.replace(/(?<!\.)\.+$/, ''))
    .filter(Boolean);
  const runs: string[] = [];
  for (let start = 0; start < words.length; start += 1) {
    const longest = heads && !heads.has((words[start] as string).toLowerCase()) ? 1 : MAX_NAME_WORDS;
    for (let length = 1; length <= longest && start + length <= words.length; length += 1) {
      runs.push(length === 1 ? (words[start] as string) : words.slice(start, start + length).join(' '));
    }
  }
  return runs;
}

// The first part of a name written as one identifier of several words (useTodos, power_metrics_module,
// orders-api), lowercased; undefined for any other name. A prompt may spell such a name as words ("the use todos
// hook"): wordRuns starts runs at these heads too, and retrieval looks the run up joined (retrieve.ts).
export function compoundHead(name: string): string | undefined {
  if (/\s/.test(name) || !/\p{Ll}\p{Lu}|\p{Lu}{4}\p{Ll}{2}|[\p{L}\p{N}][_-][\p{L}\p{N}]/u.test(name)) {
    return undefined;
  }
  // Split as splitWords splits: CPUFrequencyImprovements' head is cpu.
  const first = identifierParts(name.replace(/^[_-]+/, '').split(/[_-]/)[0] ?? '')[0]?.toLowerCase() ?? '';
  return first.length >= 2 ? first : undefined;
}

// The first word of a canonical name of several words (what wordRuns' heads hold), or undefined.
export function nameHead(canonicalName: string): string | undefined {
  const space = canonicalName.indexOf(' ');
  return space > 0 ? canonicalName.slice(0, space) : undefined;
}
