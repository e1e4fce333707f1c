// Answer types: a question that asks "how long" wants a statement that holds a duration ("debounce ingest at 500ms",
// "sweeps stale sessions every 15s with 90s TTL"), though such a statement rarely shares the question's words ("how
// long does the tail worker wait after a file change?"). When the index is built, every statement that holds a
// duration gets the stem DURATION_STEM besides its words (graph-view.ts, entitySlots); a question asking how long,
// how often or how quickly gets the query term ANSWER_DURATION (query.ts), which matches that stem.
// What the term may do is narrow (score-statements.ts, retrieve.ts): it counts as much as a word of the prompt as rare
// as durations are in the bank, but it is no evidence for silence, it does not count among the terms a memory
// matched, and a memory it alone reached is never shown (keeping one needs a word of the prompt specific to the bank):
// it lifts the statements of memories the prompt's words found. (Reaching only entities those words reached, at half
// a word's weight, gained nothing on the spent capture sets; as a word, +2 answers of 772, none lost, silence and
// characters unchanged: docs/performance.md, session 18.)

// The stem of a statement that holds a duration: splitWords splits on "_", so no word of a text is indexed as it, and
// it holds no five letters, so no near-miss of a prompt's word reaches it.
export const DURATION_STEM = '_dur';
// The query term of a question asking for a duration ("@" is in no stem).
export const ANSWER_DURATION = '@answer:duration';

// A number and a unit of time ("500ms", "15s", "2 minutes", "0.3 s", "24h"), or a setting of time with its number
// ("@default_ttl_seconds 120", "--max-time 0.3", "timeout: 30"). Bounded repetitions and no nested quantifiers: one pass,
// linear in the text.
const DURATION =
  /\b\d{1,9}(?:\.\d{1,6})?\s?(?:ms|msecs?|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?)\b|(?:\b|_)(?:ttl|timeout|interval|debounce|delay|ms|seconds|secs)\w{0,30}\s{0,3}[:=]?\s{0,3}\d{1,9}\b/i;

// A question that asks for a duration: how long, how often, how quickly, how soon, how fast; how many seconds or
// minutes; after what delay.
const ASKS_DURATION =
  /\bhow\s+(?:long|often|quickly|quick|soon|fast|frequently)\b|\bhow\s+many\s+(?:ms|milliseconds|seconds|secs|minutes|mins|hours|days)\b|\bafter\s+what\s+(?:delay|time|timeout)\b/i;

// Whether a statement's text holds a duration.
export const holdsDuration = (text: string): boolean => DURATION.test(text);

// The answer types a prompt asks for, as query terms.
export function answerTypesAsked(prompt: string): string[] {
  return ASKS_DURATION.test(prompt) ? [ANSWER_DURATION] : [];
}
