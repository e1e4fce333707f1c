// Parses a prompt into search terms, entity hints and an intent (the seed's Step 1).
import { extractTerms } from './text.ts';

export type QueryIntent = 'decision' | 'error' | 'how-to' | 'recall' | 'pattern' | 'general';

export interface ParsedQuery {
  text: string;
  terms: string[];
  entityHints: string[];
  intent: QueryIntent;
}

const INTENT_PATTERNS: ReadonlyArray<[QueryIntent, RegExp]> = [
  ['decision', /\b(decid\w*|decision|chose|choose|chosen|pick(ed)?|went with|go with|why did we|agreed)\b/i],
  ['error', /\b(error|fail\w*|crash\w*|broken|bug|exception|blocker|blocked|fix\w*|stack ?trace)\b/i],
  ['pattern', /\b(pattern|convention|approach|style|best practice|always|never)\b/i],
  ['recall', /\b(remember|recall|last time|earlier|previous(ly)?|before)\b/i],
  ['how-to', /\b(how (do|does|should|can|to)|what'?s the way|where (do|is|are))\b/i],
];

const IDENTIFIER = /(?:[\w.-]*\/[\w./-]+)|(?:\b[a-z]+(?:[A-Z][a-z0-9]+)+\b)|(?:\b[\w]+(?:-[\w]+)+\b)|(?:\b\w+\.(?:ts|js|mjs|py|rs|go|json|md|ya?ml|toml)\b)/g;
const QUOTED = /["'`]([^"'`]{2,80})["'`]/g;

// Parses a prompt; knownNames are entity names of the graph that a prompt may mention verbatim.
export function parseQuery(prompt: string, knownNames: readonly string[] = []): ParsedQuery {
  const text = prompt.trim();
  const hints = new Set<string>();
  for (const match of text.matchAll(IDENTIFIER)) hints.add(match[0]);
  for (const match of text.matchAll(QUOTED)) if (match[1]) hints.add(match[1].trim());
  const lowered = text.toLowerCase();
  for (const name of knownNames) {
    const needle = name.toLowerCase();
    if (needle.length >= 3 && containsWord(lowered, needle)) hints.add(name);
  }
  const intent = INTENT_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'general';
  return { text, terms: [...new Set(extractTerms(text))], entityHints: [...hints], intent };
}

function containsWord(haystack: string, needle: string): boolean {
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return false;
    const before = at === 0 ? '' : haystack[at - 1] ?? '';
    const after = haystack[at + needle.length] ?? '';
    if (!/[\p{L}\p{N}_]/u.test(before) && !/[\p{L}\p{N}_]/u.test(after)) return true;
    from = at + 1;
  }
}
