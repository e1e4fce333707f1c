// The verbs a prompt asks through a relation with, in families: "what does PRISMTrainer use?", "where is X used?",
// "which files did the feature touch?" ask about relations typed uses, "is used in", modifies_file. Most of these
// words are stopwords or stem apart ("use" is dropped, "touch" is no stem of "modifies"), so the search terms alone
// miss them. A relation type and a question that share a family ask about the same relation (traverse.ts).
// Hand-written from the verbs of relation types (the public graphs, the seed documents) and their everyday synonyms
// in questions. Left out: verbs a prompt says of its subject itself ("why does X crash when called", "fix X").
import { stemWord } from './text.ts';

// One word per stem: every form the stemmer folds together with it ("uses", "used", "using"; "relying", "modified",
// "touched") is in its family.
const FAMILIES: Record<string, readonly string[]> = {
  use: ['use', 'rely', 'depend', 'delegate', 'consume', 'invoke'],
  modify: ['modify', 'modification', 'change', 'touch', 'affect', 'alter', 'edit'],
  contain: ['contain', 'include', 'consist', 'comprise'],
  test: ['validate', 'verify', 'tested'],
  define: ['define'],
  inherit: ['inherit', 'extend', 'subclass', 'derive'],
  configure: ['configure'],
  document: ['documented', 'describe'],
  create: ['create', 'introduce'],
  implement: ['implement'],
  render: ['render'],
  resolve: ['resolve'],
};
// The family that asks about every relation of the entity named: "what is X connected to?", "which entries are linked to
// X?", "the relationships of X" (asksEveryRelation).
export const ANY_RELATION = 'any';
const FAMILY_OF = new Map(Object.entries(FAMILIES).flatMap(([family, words]) => words.map((word) => [stemWord(word), family] as const)));
// A relation is asked about in a question: "what", "which", "where", "who" ("fix X" and "add Y" ask nothing of X's
// relations).
const QUESTION_WORDS = new Set(['what', "what's", 'whats', 'which', 'where', 'who', 'whose']);

// The relation families words name (lowercase words; see splitWords).
export function findRelationFamilies(words: readonly string[]): Set<string> {
  const families = new Set<string>();
  for (const word of words) {
    const family = FAMILY_OF.get(stemWord(word));
    if (family !== undefined) {
      families.add(family);
    }
  }
  return families;
}

// Whether a prompt's words ask a question a relation can answer (see QUESTION_WORDS).
export const isRelationQuestion = (words: readonly string[]): boolean => words.some((word) => QUESTION_WORDS.has(word));

// Whether the words ask about every relation of the entity whose name has nameWords: one of the words below, as
// written, right beside the name ("what is X connected to?", "linked to X", "is it related to", "relations of X", "X's
// relationships"). Only these forms and only beside the name: a noun of their stem says something of the entity itself
// ("X is leaking a connection", "the CLI link command"), and "the cost associated with X", "the env var of X related to
// the staging database" ask about X or another thing (session 12: with the stems anywhere, exact MRR -0.04 to -0.06 on
// four spent graph sets). And only in a prompt that asks (a question word, or "show", "list", "everything"...):
// "billing-service is connected to the wrong database, fix it" reports a bug. One pass over the words, each compared
// with the name's few words.
const EVERY_RELATION_WORDS = new Set(['connected', 'linked', 'related']);
const RELATION_NOUNS = new Set(['relations', 'relationships']);
const LISTING_WORDS = new Set(['everything', 'anything', 'all', 'show', 'list']);
// At most this many linking words between the name and the word ("is it", "are the").
const MAX_BETWEEN = 3;
const BETWEEN = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'it', "it's", 's', 'the', 'a', 'an', 'its']);
export function asksEveryRelation(words: readonly string[], nameWords: readonly string[]): boolean {
  if (nameWords.length === 0 || !words.some((word) => QUESTION_WORDS.has(word) || LISTING_WORDS.has(word))) {
    return false;
  }
  // A word of the name, or the name's last word with "'s" ("AuthService's relationships").
  const nameAt = (start: number): boolean =>
    nameWords.every((word, offset) => {
      const said = words[start + offset] ?? '';
      return said === word || (offset === nameWords.length - 1 && said === `${word}'s`);
    });
  // From index at, past at most MAX_BETWEEN linking words in the direction step (-1 or 1): the first other index.
  const past = (at: number, step: number): number => {
    let index = at;
    while (Math.abs(index - at) < MAX_BETWEEN && BETWEEN.has(words[index] as string)) {
      index += step;
    }
    return index;
  };
  // The name just before index end (exclusive), past the linking words, and asked about ("what is X connected to";
  // not "which env var of X is related to", "when X is connected to"); or "it", which stands for it.
  const nameBefore = (end: number): boolean => {
    const at = past(end - 1, -1);
    if (words.slice(at + 1, end).some((word) => word === 'it' || word === "it's")) {
      return true;
    }
    const start = at - nameWords.length + 1;
    if (start < 0 || !nameAt(start)) {
      return false;
    }
    // A question or a request for the list just before it ("what is X connected to", "everything X is linked to"),
    // or a question word one word further ("which team is X linked to"; not "what happens when X is connected to"),
    // or nothing at all.
    const before = past(start - 1, -1);
    const nearest = words[before];
    return (
      nearest === undefined || QUESTION_WORDS.has(nearest) || LISTING_WORDS.has(nearest) || QUESTION_WORDS.has(words[before - 1] ?? '')
    );
  };
  const nameAfter = (start: number): boolean => nameAt(past(start, 1));
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    const next = words[index + 1];
    if (EVERY_RELATION_WORDS.has(word) && (next === 'to' || next === 'with') && (nameBefore(index) || nameAfter(index + 2))) {
      return true;
    }
    if (RELATION_NOUNS.has(word) && ((next === 'of' && nameAfter(index + 2)) || nameBefore(index))) {
      return true;
    }
  }
  return false;
}
