// Parses a prompt into search terms and entity hints (the seed's Step 1).
import { headAndTail, MAX_QUERY_TERMS, PROMPT_HEAD_CHARS, PROMPT_TAIL_CHARS } from './bounds.ts';
import { answerTypesAsked } from './retrieval/answer-types.ts';
import { findRolesAsked } from './retrieval/roles-asked.ts';
import { findTechnologyMentions, technologyAliases } from './technologies.ts';
import { extractTerms, wordRuns } from './text.ts';

// What scoring reads of a prompt: its stemmed terms, and the names, paths and quoted phrases it mentions.
export interface ParsedQuery {
  text: string;
  terms: string[];
  entityHints: string[];
  // A prompt that asks several things ("why X, and which Y?"): the terms of each part (indices into terms), when
  // there are at least two parts of two terms or more. A memory may answer one part only.
  segments?: number[][];
  // The roles of technologies it asks for ("which package manager do we use?"): see retrieval/roles-asked.ts.
  roles?: string[];
  // A technology's other spellings, per term of the prompt that names it: "OpenTelemetry" (open, telemetri) also finds
  // "OTEL" (otel) and "opentelemetry_api" (opentelemetri), "k8s" finds "Kubernetes" (technologies.ts aliases).
  spellings?: Record<string, string[]>;
  // The answer types it asks for ("how long": a duration), as query terms: see retrieval/answer-types.ts.
  answerTypes?: string[];
}

// Where a prompt turns to another question: sentence ends, semicolons, and "and"/"also" before a question word.
// Matched on the prompt with its whitespace collapsed: `\s+` then meets one space, never a long run to backtrack.
const SEGMENT_BREAK =
  /[?!;]+|\.\s+|,?\s+(?:and|also|plus)\s+(?=(?:how|what|why|where|when|which|who|whose|do|does|did|is|are|was|were|can|could|should|would)\b)/i;

// Paths start only where a run of path characters starts (the lookbehind): from every position inside a long run
// of letters or dots, `[\w.-]*` would scan to its end (quadratic on 'foo.foo.foo...').
const IDENTIFIER =
  /(?:(?<![\w.-])[\w.-]*\/[\w./-]+)|(?:\b[a-z]+(?:[A-Z][a-z0-9]+)+\b)|(?:\b[\w]+(?:-[\w]+)+\b)|(?:\b\w+\.(?:ts|js|mjs|py|rs|go|json|md|ya?ml|toml)\b)/g;
// The extension of a source file (the module's name is what is left).
const SOURCE_EXTENSION = /\.(?:ts|tsx|js|jsx|mjs|py|rs|go|rb|ex|exs)$/;
const QUOTED = /["'`]([^"'`]{2,80})["'`]/g;

// Words that carry the conversation in a prompt, not what it asks about ("remind me what redis is for"). Only
// these forms: "reminders" stays a word to search.
const PROMPT_FILLER = /\b(?:remind|explain|describe|wondering|wonder|curious|help|quick|quickly|briefly|exactly|actually|basically)\b/gi;

// Phrasal verbs of switching, searched as the verb a statement writes ("turn off tracing" finds "Disabling tracing:
// set SPOTTER_OTEL_ENABLED=false"; session 18). Not the noun ("the switch on event.type", "a kill switch on prod",
// "whose turn on the rotation"), and not split ("turn it off": left as it is). Fixed words and a bounded lookbehind:
// one pass, linear in the prompt.
const NOT_A_VERB = String.raw`(?<!\b(?:the|a|an|this|that|kill|toggle|whose|my|our|your|its|his|her|their)\s{1,3})`;
const SWITCHED_OFF = new RegExp(String.raw`${NOT_A_VERB}\b(?:turn(?:s|ed|ing)?|switch(?:es|ed|ing)?|shut(?:s|ting)?)\s+off\b`, 'gi');
const SWITCHED_ON = new RegExp(String.raw`${NOT_A_VERB}\b(?:turn(?:s|ed|ing)?|switch(?:es|ed|ing)?)\s+on\b`, 'gi');
const searchable = (text: string): string =>
  text.replace(PROMPT_FILLER, ' ').replace(SWITCHED_OFF, 'disable').replace(SWITCHED_ON, 'enable');

// Parses a prompt; nameOf finds the graph entity a word or run of words of the prompt names, if any. A long prompt
// is read by its head and tail only, for at most MAX_QUERY_TERMS terms (bounds.ts).
export function parseQuery(
  prompt: string,
  nameOf: (candidate: string) => string | undefined = () => undefined,
  nameHeads?: ReadonlySet<string>,
): ParsedQuery {
  const text = headAndTail(prompt.trim(), PROMPT_HEAD_CHARS, PROMPT_TAIL_CHARS);
  const hints = new Set<string>();
  for (const match of text.matchAll(IDENTIFIER)) {
    hints.add(match[0]);
    // A source file names the module it holds: "number_generator.py" names an entity number_generator too.
    const stem = match[0].replace(SOURCE_EXTENSION, '');
    if (stem !== match[0] && stem.length >= 3) {
      hints.add(stem);
    }
  }
  for (const match of text.matchAll(QUOTED)) {
    if (match[1]) {
      hints.add(match[1].trim());
    }
  }
  for (const run of wordRuns(text, nameHeads)) {
    const name = nameOf(run);
    if (name && name.length >= 3) {
      hints.add(name);
    }
  }
  const terms = [...new Set(extractTerms(searchable(text)))].slice(0, MAX_QUERY_TERMS);
  const termIndex = new Map(terms.map((term, index) => [term, index]));
  const segments = text
    .replace(/\s+/g, ' ')
    .split(SEGMENT_BREAK)
    .map((part) => [...new Set(extractTerms(searchable(part)))].map((term) => termIndex.get(term) ?? -1).filter((index) => index >= 0))
    .filter((indices) => indices.length >= 2);
  const roles = findRolesAsked(text);
  const answerTypes = answerTypesAsked(text);
  const spellings = technologySpellings(text, termIndex);
  return {
    text,
    terms,
    entityHints: [...hints],
    ...(segments.length >= 2 ? { segments } : {}),
    ...(roles.length > 0 ? { roles } : {}),
    ...(answerTypes.length > 0 ? { answerTypes } : {}),
    ...(spellings ? { spellings } : {}),
  };
}

// Each technology the prompt mentions, by the last term its written form gives (the name's head: "telemetri" of
// OpenTelemetry, "kubernet"), with the stems its other spellings are indexed under: each spelling written as one word
// (otel, k8, opentelemetri, postgresql) and the single stem of a one-stem spelling (postgr of postgres). Not the
// parts of a spelling of several stems ("open" of OpenTelemetry, "sql" of PostgreSQL): everyday words. So "otel"
// finds "OTEL" and "opentelemetry", not "OpenTelemetry" written in camel case (indexed as open, telemetri).
function technologySpellings(text: string, termIndex: ReadonlyMap<string, number>): Record<string, string[]> | undefined {
  let spellings: Record<string, string[]> | undefined;
  for (const mention of findTechnologyMentions(text)) {
    const written = extractTerms(text.slice(mention.index, mention.index + MAX_WRITTEN_CHARS).split(/\s/, 1)[0] ?? '');
    const head = written[written.length - 1];
    if (head === undefined || !termIndex.has(head)) {
      continue;
    }
    const others = new Set<string>();
    for (const form of [mention.name, ...technologyAliases(mention.name)]) {
      const stems = extractTerms(form);
      const joined = extractTerms(form.replace(/[^A-Za-z0-9]+/g, '').toLowerCase());
      for (const stem of [...(stems.length === 1 ? stems : []), ...(joined.length === 1 ? joined : [])]) {
        if (!written.includes(stem)) {
          others.add(stem);
        }
      }
    }
    if (others.size > 0) {
      spellings ??= {};
      spellings[head] = [...new Set([...(spellings[head] ?? []), ...others])];
    }
  }
  return spellings;
}
// A technology's written form is looked for in this many characters from where its mention starts.
const MAX_WRITTEN_CHARS = 60;
