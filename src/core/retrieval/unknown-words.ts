// The words of a prompt that name something the bank has never seen: neither in the bank, nor English or software
// vocabulary (the caller's: stores/search-index/vocabulary.ts reads lexicon/vocabulary.bin), nor a typo or a compound
// of such words. "Import runs from Strava", "add a Prometheus exporter" ask about something new to this project,
// though their other words (runs, exporter) are the project's own; such a prompt is answered only when it names an
// entity (retrieve.ts). Looked at conservatively, since a word taken wrongly silences an answerable prompt:
// - only prose: not code fences, inline code or quoted phrases, not words with digits or inner punctuation;
// - only words of 4 to 24 letters, not all capitals (TTL, ENOENT, GPU: acronyms and codes, too often unlisted);
// - a prompt with three such words or more reads as another language or as code, and has none;
// - and only in a request for new work ("add", "set up", "integrate", "switch to"...), not in a question about what
//   was done: "what did Priya say about the cron on Friday?" is about the project, whatever names it holds
//   (isRequestForNewWork).
import { canonicalTechnology, findTechnologyMentions, technologyAliases } from '../technologies.ts';
import { extractTerms, isStopword, splitWords, stemWord, stemWordOnce } from '../text.ts';

// Whether a stem (text.ts) is of English or software vocabulary: the stores' filter (stores/search-index/vocabulary.ts,
// isVocabularyStem).
export type IsVocabulary = (stem: string) => boolean;

// At most this many variants are looked up for typos in one prompt (each is stemmed).
const MAX_VARIANT_LOOKUPS = 1_000;
const MIN_WORD_LETTERS = 4;
// A word longer than this is no name a person types (a run of letters pasted from a log or a key).
const MAX_WORD_LETTERS = 24;
// A prompt with more unknown words than this has none (another language, or code).
const MAX_UNKNOWN = 2;
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
export function isTypoOfVocabulary(word: string, isVocabulary: IsVocabulary, budget = { left: Number.POSITIVE_INFINITY }): boolean {
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
  // A variant counts when the stemmer leaves most of it (a stem far shorter than the word, "anisible" -> "anis", is a
  // chance match of its head).
  return variants.some((variant) => {
    if (budget.left <= 0) {
      return false;
    }
    budget.left -= 1;
    const stem = stemWordOnce(variant);
    return stem.length >= variant.length - 3 && isVocabulary(stem);
  });
}

// Whether a lowercase word is two vocabulary words of four letters or more written as one ("datepicker", "dataclass";
// with three, "strava" would be "str" and "ava").
function isCompoundOfVocabulary(word: string, isVocabulary: IsVocabulary): boolean {
  for (let split = 4; split <= word.length - 4; split += 1) {
    if (isVocabulary(stemWordOnce(word.slice(0, split))) && isVocabulary(stemWordOnce(word.slice(split)))) {
      return true;
    }
  }
  return false;
}

// What is not prose: code fences (to the next fence, or the end), inline code, and quoted phrases of one line (a
// phrase to look for, a message to match). Each pattern runs forward from its opening mark, so the pass is linear.
const NOT_PROSE = /```[\s\S]*?(?:```|$)|`[^`\n]*`|"[^"\n]*"|“[^”\n]*”/g;
// A token that still holds a quote or backtick (an unclosed one) is not prose either.
const QUOTE_MARK = /[`"“”‘’]|^'|'$/;
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

// The unknown words of a prompt (lowercase, one or two), in order; none when it has more (see above). isUnmatched
// tells whether a stem is a search term of the prompt that matched nothing of the bank literally (not even as a
// near-miss).
export function findUnknownWords(text: string, isUnmatched: (stem: string) => boolean, isVocabulary: IsVocabulary): string[] {
  const unknown: string[] = [];
  const looked = new Set<string>();
  const budget = { left: MAX_VARIANT_LOOKUPS };
  for (const line of text.replace(NOT_PROSE, ' ').split('\n')) {
    // A new line starts a sentence (a list, steps to reproduce).
    let sentenceStart = true;
    for (const token of line.split(/\s+/)) {
      if (token === '') {
        continue;
      }
      const atStart = sentenceStart;
      sentenceStart = endsSentence(token);
      if (token.length > MAX_WORD_LETTERS + 4 || QUOTE_MARK.test(token)) {
        continue;
      }
      const word = token.replace(EDGES, '');
      if (word.length < MIN_WORD_LETTERS || word.length > MAX_WORD_LETTERS || !/^[A-Za-z]+$/.test(word) || word === word.toUpperCase()) {
        continue;
      }
      const lower = word.toLowerCase();
      // A capitalized word inside a sentence, or one with inner capitals, is a name: no typo reading.
      const nameLike = /^.+[A-Z]/.test(word) || (!atStart && /^[A-Z]/.test(word));
      const key = `${nameLike ? 'N' : 'w'}${lower}`;
      if (looked.has(key)) {
        continue;
      }
      looked.add(key);
      const stem = stemWord(lower);
      if (
        isStopword(lower) ||
        !isUnmatched(stem) ||
        isVocabulary(stem) ||
        isCompoundOfVocabulary(lower, isVocabulary) ||
        (!nameLike && isTypoOfVocabulary(lower, isVocabulary, budget))
      ) {
        continue;
      }
      if (!unknown.includes(lower)) {
        unknown.push(lower);
      }
      if (unknown.length > MAX_UNKNOWN) {
        return [];
      }
    }
  }
  return unknown;
}

// The technologies a prompt's request names (technologies.ts: Playwright, Supabase, Docker) that the bank has never
// seen: no word of the name as written, of its proper name or of any alias (pg, k8s for PostgreSQL, Kubernetes) is held
// by the bank literally (isHeld). A tool name is vocabulary, so findUnknownWords never takes it; but "add Playwright
// tests for the todo list" asks for new work as surely as "add a Honeybadger reporter" does (session 12). Looked at
// conservatively, since a name taken wrongly silences an answerable prompt:
// - only a name after the request's verb, in its sentence ("add Playwright tests"; not "after adding the cache, the
//   Docker build fails"); prose only, not quoted;
// - only a name written as a name: with a capital letter inside a sentence (not at its start: "Stripe the rows",
//   "Clerk override"), or with a digit, a dot or an inner capital (k8s, Next.js, GitHub), or in its own lowercase
//   spelling (pnpm, esbuild); "add a pip to the map", "tailwind and headwind" name nothing.
// Several such names are no less a request (unlike unknown words, no cap). Only the first mention of a name is read.
// A name's word as technologies.ts reads it (TOKEN there), one or two of them, from where the mention starts.
const ONE_WORD = /[\w.+#@/-]+/y;
const TWO_WORDS = /[\w.+#@/-]+[^\S\n]+[\w.+#@/-]+/y;
const SENTENCE_END = /[.!?](?=\s|$)|\n/g;
// A negation or an opening bracket, looked for in the ASIDE_REACH characters before a name.
const ASIDE = /\b(?:not|no|never|without|don't|dont|except|instead of)\b|\(/i;
// A contrast right before a name ("an in-memory LRU rather than Memcached", "avoid Redux, use Zustand": the name after
// "use" is brought in; session 21, from two reviews).
const CONTRAST = /\b(?:rather than|avoid|avoiding)\s+(?:the\s+|a\s+|an\s+)?$/i;
const ASIDE_REACH = 24;
const QUOTES = `'"\`‘’“”`;
// What precedes a word that starts a sentence: nothing, or a sentence's end (and an opening quote or bracket), looked
// for in the few characters before it.
const SENTENCE_START = /(?:^|[.!?:\n])[\s"'(\[*-]*$/;
const SENTENCE_START_REACH = 8;
export function findUnseenTechnologies(text: string, isHeld: (stem: string) => boolean): string[] {
  const prose = text.replace(NOT_PROSE, (span) => ' '.repeat(span.length));
  const verb = NEW_WORK.exec(prose);
  if (!verb || ASKS_THE_PAST.test(prose)) {
    return [];
  }
  const from = verb.index + verb[0].length;
  SENTENCE_END.lastIndex = from;
  const until = SENTENCE_END.exec(prose)?.index ?? prose.length;
  return technologiesNamed(prose, from, until, isHeld)
    .filter((named) => named.asName && !named.held)
    .map((named) => named.name);
}

// A prompt (not a request: see findUnseenTechnologies) about technologies none of which the bank has ever seen ("How
// do we configure Kubernetes liveness probes?", "What's our GraphQL schema versioning policy?", "make the validation
// functions async with tokio" on a bank that never said Kubernetes, GraphQL or tokio) asks what the memory cannot
// know: its other words meet the project's by chance. Only when every technology it names as a name (as above,
// anywhere in its prose) is unseen, and none it mentions is held: "why did we pick postgres over MySQL?" asks about
// one the bank holds; nor when it names, as an identifier, something else the bank holds ("create-next-app kept
// stopping at the Turbopack questions" asks about create-next-app) (session 14).
// With topicOnly (a question that names an entity), or when the bank holds a technology it mentions, only a technology
// the question asks about counts (TOPIC_BEFORE: "Which Kubernetes namespace is the Phoenix app deployed to?", "How did
// we set up Prisma migrations for the Next.js app?"): the first such must be unseen, and not weighed against one the
// bank may hold ("should we use Prisma instead of Drizzle?"). The project's own Phoenix and
// Next.js say where, not what; a technology only mentioned is no topic: "Why does the TodoItem flicker in Docker?",
// "Per the Jira ticket, how do we stop handling the same event twice?" (session 23, after a review).
export function findOnlyUnseenTechnologies(text: string, isHeld: (stem: string) => boolean, topicOnly = false): string[] {
  const prose = text.replace(NOT_PROSE, (span) => ' '.repeat(span.length));
  // A technology the bank holds, in any spelling ("postgres"), is what the question asks about.
  const mentioned = technologiesNamed(prose, 0, prose.length, isHeld);
  // A capital at a sentence's start is the sentence's ("Yup, how often...", "Express the TTL in minutes"): there only a
  // digit, a dot or an inner capital writes a name (GraphQL, k8s, Next.js).
  const named = mentioned.filter(
    (technology) => technology.asName && (!technology.atSentenceStart || /[\d.]|.[A-Z]/.test(technology.written)),
  );
  let unseen = named;
  const holdsOne = mentioned.some((technology) => technology.held);
  if (topicOnly || holdsOne) {
    // The first technology the question asks about, unseen; not when it weighs it against another (the bank may hold
    // that one, put aside by "instead of" and not read here).
    const topic = mentioned.find((technology) => technology.topic);
    unseen = topic && !topic.held && named.includes(topic) && !COMPARISON.test(prose) ? [topic] : [];
  }
  if (unseen.length === 0) {
    return [];
  }
  // Word by word, each tested whole (a pattern run over the prose from every position would be quadratic on a long word).
  for (const word of prose.split(WORD_BREAK)) {
    const token = trimDots(word);
    if (token.length > MAX_IDENTIFIER_LETTERS || !IDENTIFIER.test(token)) {
      continue;
    }
    const stems = extractTerms(token);
    if (canonicalTechnology(token) === undefined && stems.length > 0 && stems.every(isHeld)) {
      return [];
    }
  }
  return unseen.map((technology) => technology.name);
}
// What a question asks about comes right after its "what" or "which" (and one word: "which exact", "what's the"), at a
// sentence's start, or as the object of a verb of bringing in or choosing ("did we set up Prisma", "we picked
// postgres", "did we migrate to Prisma"): looked for in the TOPIC_REACH characters before a technology's mention, behind a
// new line when the prose starts there. Not a relative "which" ("the webhook, which Docker restarts nightly"), not
// where something runs, is built or deployed ("when run in Docker", "the build on Vercel", "which port does Redis use
// on Docker?", "when deployed to Vercel": session 23, from a review).
const TOPIC_BEFORE =
  /(?:(?:\n|[.!?:;]\s)\W{0,3}(?:what|what's|which)\s+(?:[\w-]+\s+)?|\b(?:add|added|adding|set up|setting up|use|used|using|write|wrote|written|wire|wired|wire up|wired up|hook up|hooked up|configure|configured|create|created|implement|implemented|integrate|integrated|install|installed|enable|enabled|pick|picked|choose|chose|chosen|adopt|adopted)\s+(?:(?:with|up)\s+)?(?:(?:the|a|an|our|any|some|its)\s+)?|\b(?:migrate|migrated|switch|switched|move|moved)\s+(?:(?:to|onto|over to|with)\s+)(?:(?:the|a|an|our)\s+)?)$/i;
const TOPIC_REACH = 40;
// A comparison asks about the other side too ("should we use Prisma instead of Drizzle?").
const COMPARISON = /\b(?:instead of|rather than|vs|versus|compared (?:to|with)|better than|over(?! to\b))\b/i;
// A word written as an identifier: parts joined by - _ . / (create-next-app, dict_utils), or camelCase (useTodos).
// (Parts of letters and digits only: with _ both in a part and between parts, a long a_a_a...- backtracked
// exponentially.)
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9]*(?:[-_./][A-Za-z0-9]+)+$|^[a-z]+[A-Z][A-Za-z0-9]*$/;
const WORD_BREAK = /[\s,;:!?()[\]{}"'`<>]+/;
const MAX_IDENTIFIER_LETTERS = 80;

// The technologies a prose mentions between from and until, each with whether it is written as a name and whether the
// bank holds any of its forms.
interface NamedTechnology {
  name: string;
  written: string;
  asName: boolean;
  atSentenceStart: boolean;
  // What the question asks about (TOPIC_BEFORE).
  topic: boolean;
  held: boolean;
}
// A word's letters and digits, lowercased and joined, as a stem: GraphQL -> graphql, Next.js -> nextj.
const joinedStem = (word: string): string => stemWord(word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''));

function technologiesNamed(prose: string, from: number, until: number, isHeld: (stem: string) => boolean): NamedTechnology[] {
  const named: NamedTechnology[] = [];
  for (const mention of findTechnologyMentions(prose)) {
    if (mention.index < from || mention.index >= until || QUOTES.includes(prose[mention.index - 1] ?? ' ')) {
      continue;
    }
    // Not a name the prompt puts aside: after a negation ("don't touch Docker") or inside brackets ("(see the Redis
    // docs)"), within the few words before it, or right after a contrast ("rather than Memcached").
    const before = prose.slice(Math.max(from, mention.index - ASIDE_REACH), mention.index);
    if (ASIDE.test(before) || CONTRAST.test(before)) {
      continue;
    }
    // The name as the prompt wrote it: one word, or two for a name of two ("GitHub Actions").
    const pattern = mention.name.includes(' ') ? TWO_WORDS : ONE_WORD;
    pattern.lastIndex = mention.index;
    const written = trimDots(pattern.exec(prose)?.[0] ?? '');
    // A capital is a name's (in a request, the sentence starts before the verb).
    const asName = /[A-Z\d.]/.test(written) || written === mention.name;
    const forms = [written, mention.name, ...technologyAliases(mention.name)];
    named.push({
      name: mention.name,
      written,
      asName,
      atSentenceStart: SENTENCE_START.test(prose.slice(Math.max(0, mention.index - SENTENCE_START_REACH), mention.index)),
      topic: TOPIC_BEFORE.test(
        `${mention.index <= TOPIC_REACH ? '\n' : ''}${prose.slice(Math.max(0, mention.index - TOPIC_REACH), mention.index)}`,
      ),
      // Held by a word of a form, or by a word of it written as one in lowercase ("/graphql", "schema.graphql",
      // ".github/workflows": GraphQL is indexed as graph and ql, GitHub as git and hub; session 21, from a review).
      held: forms.some((form) => extractTerms(form).some(isHeld) || form.split(/\s+/).some((word) => isHeld(joinedStem(word)))),
    });
  }
  return named;
}

// The verbs of a request to bring something in: add a Prometheus exporter, set up Sentry, integrate Stripe, switch to
// Bun, import runs from Strava. (Not "use", "fix", "why": a question or a change to what is there; not "build" or
// "support", nouns as often: "the build is red", "a support ticket"; not "our setup" nor "connect": "the Rails
// console can't connect to the replica" reports a bug.) A prompt that opens with a verb of making ("Write Playwright tests
// for ...", "Create Storybook stories ...") asks for new work too: its technologies follow that verb, not only a later
// "adding" (session 16: three unrelated prompts of the spent capture sets silent more, no answer lost on any set).
const NEW_WORK =
  /\b(?:add|adding|integrate|integrating|set up|(?<!\b(?:our|the|my|your|this|that|its) (?:\w+ )?)setup|setting up|hook up|wire up|plug in|bring in|switch (?:to|over)|migrate (?:to|from)|move (?:to|over)|port (?:it |this |the \w+ )?to|import (?:\w+ ){0,3}from|export (?:\w+ ){0,3}to|(?<!\b(?:the|an|our|my|your|this|that|its) )install|enable|expose|adopt|introduce|implement|(?<=^\W{0,3})(?:write|create|generate|scaffold|containerize))\b/i;
// A question about the past asks what the memory holds, whatever it names.
const ASKS_THE_PAST = /\b(?:did|was|were|had|have we|last time|before|earlier|ago)\b/i;

// Whether a prompt asks for new work to be brought in (the only prompts whose unknown words silence: see above).
export const isRequestForNewWork = (text: string): boolean => NEW_WORK.test(text) && !ASKS_THE_PAST.test(text);

// Whether a prompt is an instruction: it opens (after "please", "can you", "let's"...) with a verb that starts one
// ("make the validation functions async", "cache hook results in Redis", "configure Sentry"). A bug report or a
// statement ("the alias fails in Docker", "stale sessions are never swept") is none.
export const isInstruction = (text: string): boolean => INSTRUCTION.test(text);
const INSTRUCTION_VERBS = [
  'add',
  'allow',
  'authenticate',
  'automate',
  'back up',
  'backup',
  'benchmark',
  'build',
  'bump',
  'bundle',
  'cache',
  'change',
  'compile',
  'configure',
  'containerize',
  'convert',
  'create',
  'deploy',
  'derive',
  'disable',
  'display',
  'document',
  'email',
  'enable',
  'encrypt',
  'expose',
  'export',
  'generate',
  'have',
  'hook',
  'implement',
  'import',
  'index',
  'install',
  'integrate',
  'let',
  'limit',
  'log',
  'make',
  'migrate',
  'monitor',
  'move',
  'notify',
  'optimize',
  'package',
  'paginate',
  'persist',
  'pin',
  'port',
  'post',
  'publish',
  'put',
  'refactor',
  'render',
  'replace',
  'restore',
  'retry',
  'rewrite',
  'run',
  'save',
  'schedule',
  'secure',
  'send',
  'serialize',
  'set',
  'show',
  'sign',
  'sort',
  'split',
  'store',
  'support',
  'switch',
  'sync',
  'test',
  'throttle',
  'track',
  'translate',
  'turn',
  'upgrade',
  'upload',
  'use',
  'validate',
  'wire',
  'wrap',
  'write',
];
const INSTRUCTION = new RegExp(
  `^\\W{0,3}(?:(?:please|pls|now|ok|okay|so|then|and)[,\\s]+)*(?:(?:can|could|would|will) you (?:please )?|let's |lets |i want (?:you )?to |we should |we need to |i'd like (?:you )?to )?(?:${INSTRUCTION_VERBS.join('|')})\\b`,
  'i',
);

// The verbs that ask for work ("can we add a barcode scanner?", "write a Dockerfile") are never the specific term
// silence needs: the prompt's subject is in its other words, and a name that begins with the verb ("Add New
// Equipment Feature") shares it by chance. Only the verb as written: "the integration test", "a write-up", "the
// exercise added twice" say what they are about. They still score.
const REQUEST_VERBS = new Set(['add', 'integrate', 'implement', 'introduce', 'install', 'enable', 'expose', 'adopt', 'create', 'write']);

// A verb ends a sentence too ("please add."), but not a path or a name ("add.ts", "add/"): the same for the words.
const REQUEST_VERB = new RegExp(`(?<![\\w./-])(?:${[...REQUEST_VERBS].join('|')})(?![\\w/-]|\\.[\\w/-])`, 'i');
// A word's trailing dots (a sentence's end), without a pattern: /\.+$/ from each dot of a long run is quadratic.
const trimDots = (word: string): string => {
  let end = word.length;
  while (end > 0 && word[end - 1] === '.') {
    end -= 1;
  }
  return word.slice(0, end);
};
// The stems of a prompt that it uses only as a request verb (above), as a word of its own: a part of an identifier
// (`create_annular`, `addExercise`) is a name's. A prompt with none of the verbs (most) costs one test; the others
// one pass over their words.
export function requestVerbStems(text: string): Set<string> {
  const verbs = new Set<string>();
  if (!REQUEST_VERB.test(text)) {
    return verbs;
  }
  const others = new Set<string>();
  for (const match of text.matchAll(/[\w./-]+/g)) {
    const word = trimDots(match[0]).toLowerCase();
    if (REQUEST_VERBS.has(word)) {
      verbs.add(stemWord(word));
    } else {
      for (const part of splitWords(match[0])) {
        others.add(stemWord(part.toLowerCase()));
      }
    }
  }
  for (const stem of others) {
    verbs.delete(stem);
  }
  return verbs;
}
