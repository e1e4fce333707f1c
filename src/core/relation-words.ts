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
  use: ['use', 'rely', 'depend', 'delegate', 'consume', 'invoke', 'read'],
  modify: ['modify', 'modification', 'change', 'touch', 'affect', 'alter', 'edit'],
  contain: ['contain', 'include', 'consist', 'comprise', 'wrap'],
  precede: ['precede', 'follow', 'before', 'after'],
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
// Or a request for a list ("list every subclass of the Target protocol", "show what uses X").
export const isRelationQuestion = (words: readonly string[]): boolean =>
  words.some((word) => QUESTION_WORDS.has(word)) || words[0] === 'list' || words[0] === 'show';

// Whether the words ask about every relation of the entity whose name has nameWords: one of the words below, as
// written, right beside the name ("what is X connected to?", "linked to X", "is it related to", "relations of X", "X's
// relationships", "what is X tied to", "which items link to X", "how does X relate to", "what hangs off X"). Only these
// forms and only beside the name: a noun of their stem says something of the entity itself ("X is leaking a
// connection", "the CLI link command"), and "the cost associated with X", "the env var of X related to the staging
// database" ask about X or another thing (session 12: with the stems anywhere, exact MRR -0.04 to -0.06 on four spent
// graph sets). A type noun may stand between the name and the word ("what is the Camera class connected to?"). And
// only in a prompt that asks (a question word, "how", or "show", "list", "everything"...): "billing-service is
// connected to the wrong database, fix it" reports a bug. One pass over the words, each compared with the name's few
// words. Also asked: a prompt that names the entity and says "in the graph" or "in either direction" ("what else in the
// graph touches protein_intake?"): it asks about the entity's place among the others.
const EVERY_RELATION_WORDS = new Set([
  'connected',
  'linked',
  'related',
  'tied',
  'attached',
  'hooked',
  'wired',
  'connect',
  'connects',
  'link',
  'links',
  'relate',
  'relates',
]);
// "what hangs off X", "what's hanging off it".
const HANGING_WORDS = new Set(['hang', 'hangs', 'hanging']);
const RELATION_NOUNS = new Set(['relations', 'relationships']);
const LISTING_WORDS = new Set(['everything', 'anything', 'all', 'show', 'list']);
const ASKING_WORDS = new Set([...QUESTION_WORDS, 'how']);
// At most this many linking words between the name and the word ("is it", "are the").
const MAX_BETWEEN = 3;
const BETWEEN = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'it', "it's", 's', 'the', 'a', 'an', 'its']);
// The entity's kind, said after its name ("what is the Camera class connected to"): one of these may stand between.
const KIND_WORDS = new Set([
  'class',
  'component',
  'module',
  'file',
  'function',
  'table',
  'interface',
  'config',
  'package',
  'service',
  'feature',
  'struct',
  'protocol',
  'type',
]);
export function asksEveryRelation(words: readonly string[], nameWords: readonly string[]): boolean {
  if (nameWords.length === 0 || !words.some((word) => ASKING_WORDS.has(word) || LISTING_WORDS.has(word))) {
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
    return nameEndsAt(at) || (KIND_WORDS.has(words[at] as string) && nameEndsAt(past(at - 1, -1)));
  };
  // The name ends at index at and is asked about: a question or a request for the list just before it ("what is X
  // connected to", "everything X is linked to"), or a question word one word further ("which team is X linked to",
  // "how does X relate to"; not "what happens when X is connected to"), or nothing at all.
  const nameEndsAt = (at: number): boolean => {
    const start = at - nameWords.length + 1;
    if (start < 0 || !nameAt(start)) {
      return false;
    }
    const before = past(start - 1, -1);
    const nearest = words[before];
    return nearest === undefined || QUESTION_WORDS.has(nearest) || LISTING_WORDS.has(nearest) || ASKING_WORDS.has(words[before - 1] ?? '');
  };
  const nameAfter = (start: number): boolean => nameAt(past(start, 1));
  let named = false;
  let placed = false;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    const next = words[index + 1];
    if (EVERY_RELATION_WORDS.has(word)) {
      // "hooked up to"
      const preposition = next === 'up' ? index + 2 : index + 1;
      const after = words[preposition];
      if ((after === 'to' || after === 'with') && (nameBefore(index) || nameAfter(preposition + 1))) {
        return true;
      }
    }
    if (HANGING_WORDS.has(word) && next === 'off') {
      const after = words[index + 2] === 'of' ? index + 3 : index + 2;
      if (nameBefore(index) || nameAfter(after) || words[after] === 'it') {
        return true;
      }
    }
    if (RELATION_NOUNS.has(word) && ((next === 'of' && nameAfter(index + 2)) || nameBefore(index))) {
      return true;
    }
    named ||= nameAt(index);
    placed ||=
      (word === 'in' &&
        next === 'the' &&
        (words[index + 2] === 'graph' || (words[index + 2] === 'knowledge' && words[index + 3] === 'graph'))) ||
      (word === 'either' && next === 'direction');
  }
  return named && placed;
}

// Whether a prompt asks what the entity it names is or does itself, beside (or instead of) its relations: "remind me
// what it does and where it's used", "what exactly does vercel.json do for the SPA routing", "what did the v1
// migration actually do to the old sets", "what changed in the CPU frequency improvements work", "walk me through the
// PRISMTrainer loop". Then the entity named answers first and what an asked relation reaches follows it (traverse.ts);
// "which components use X?", "what does getStats return?" ask only through the relation. Each pattern is anchored at
// "what" (or the phrase) and bounded to a few words, so one pass over the text (the linear-time test holds it).
const AFTER_DO = String.raw`(?:$|[?.!,;:)]|\s+[-—–](?:\s|$)|\s+(?:to|for|with|and|in|on|about|here|there|now|exactly|actually|today|again|when|so|because)\b)`;
const ASKS_OF_ITSELF = [
  // "what does X do", "what exactly did X do to"
  new RegExp(
    String.raw`\bwhat(?:\s+(?:exactly|actually|really))?\s+(?:does|did|do)(?!\s+(?:i|we|you)\b)(?:\s+[^\s?!,;:]+){1,6}?\s+do(?:es)?${AFTER_DO}`,
    'i',
  ),
  // "what it does", "what X actually did"
  new RegExp(String.raw`\bwhat(?:\s+[^\s?!,;:]+){1,6}?(?:\s+(?:exactly|actually|really))?\s+(?:does|did)${AFTER_DO}`, 'i'),
  // "what (exactly) changed in X", "what went into X"
  /\bwhat(?:\s+(?:exactly|actually|really|else|has|have))?\s+(?:changed\s+(?:in|with)|went\s+into)\b/i,
  // "walk me through X", "summarize X"; not "walk me through everything that calls X", "summarize which modules
  // import X", "tell me about the services that depend on X" (they ask through a relation).
  /\b(?:walk\s+me\s+through|tell\s+me\s+about|give\s+me\s+an?\s+(?:overview|summary|rundown)\s+of|summari[sz]e)\b(?!(?:\s+[^\s?!,;:]+){0,3}?\s+(?:that|which|who|whose|everything|all|every|anything)\b)/i,
  // "what is parseConfig and who calls it?", "explain parseConfig and list its callers"
  /\b(?:what(?:['\u2018\u2019]s|\s+is|\s+are)|explain|describe)\s+[^\s?!,;:]+(?:\s+[^\s?!,;:]+){0,2}?\s+and\s+(?:who|what|which|where|how|list|show)\b/i,
];
// (Case-insensitive patterns on the text as written: no lower-cased copy of a long prompt.)
export const asksOfItself = (text: string): boolean => ASKS_OF_ITSELF.some((pattern) => pattern.test(text));
