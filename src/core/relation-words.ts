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
// The family that asks about every relation of the entity named: "what is X connected to?", "show me everything it's
// linked to", "its relationships". Only these forms, as written: a noun of the same stem says something of the entity
// itself ("power.c is leaking a connection", "the CLI link command"; session 12, spent graph sets: with the stems,
// exact MRR -0.04 to -0.06 on four sets).
export const ANY_RELATION = 'any';
const ANY_RELATION_WORDS = new Set(['connected', 'linked', 'related', 'relations', 'relationships', 'associated']);
const FAMILY_OF = new Map(Object.entries(FAMILIES).flatMap(([family, words]) => words.map((word) => [stemWord(word), family] as const)));
// A relation is asked about in a question: "what", "which", "where", "who" ("fix X" and "add Y" ask nothing of X's
// relations).
const QUESTION_WORDS = new Set(['what', "what's", 'whats', 'which', 'where', 'who', 'whose']);

// The relation families words name (lowercase words; see splitWords).
export function findRelationFamilies(words: readonly string[]): Set<string> {
  const families = new Set<string>();
  for (const word of words) {
    if (ANY_RELATION_WORDS.has(word)) {
      families.add(ANY_RELATION);
    }
    const family = FAMILY_OF.get(stemWord(word));
    if (family !== undefined) {
      families.add(family);
    }
  }
  return families;
}

// Whether a prompt's words ask a question a relation can answer (see QUESTION_WORDS).
export const isRelationQuestion = (words: readonly string[]): boolean => words.some((word) => QUESTION_WORDS.has(word));
