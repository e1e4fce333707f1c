// Answer types: a question that asks "how long" wants a statement that holds a duration ("debounce ingest at 500ms",
// "sweeps stale sessions every 15s with 90s TTL"), though such a statement rarely shares the question's words ("how
// long does the tail worker wait after a file change?"). When the index is built, every statement that holds a
// duration gets the stem DURATION_STEM besides its words (graph-view.ts, entitySlots); a question asking how long,
// how often or how quickly gets the query term ANSWER_DURATION (query.ts), which matches that stem.
// What the term may do is narrow (score-statements.ts, retrieve.ts): it counts as much as a word of the prompt as rare
// as durations are in the bank, but it is no evidence for silence, it does not count among the terms a memory must
// match for silence (termsOf) or for the calibration's two-term scores, and an entity it alone reached is no match at
// all (it neither ranks nor sets the scale): it lifts the statements of entities the prompt's words found, the other
// statements of those entities included, but lets no common stem reach an entity. `search --json` lists it among a
// result's matched terms. (Reaching only the statements common stems reach, at half a word's weight, gained nothing on
// the spent capture sets; docs/performance.md, session 18.) A statement with a duration is one stem longer for BM25.

// The stem of a statement that holds a duration: splitWords splits on "_", so no word of a text is indexed as it, and
// it holds no five letters, so no near-miss of a prompt's word reaches it.
export const DURATION_STEM = '_dur';
// The query term of a question asking for a duration ("@" is in no stem).
export const ANSWER_DURATION = '@answer:duration';

// A number and a unit of time: "500ms", "15s", "0.3 s", "24h", "200us", "2 minutes", "10-minute", "30-day". The
// short units are case-sensitive ("5 M rows", "1M events" are millions), and a decade is none ("the 1990s").
const DURATION_UNIT =
  /\b(?![12]\d\d0s\b)\d{1,9}(?:\.\d{1,6})?(?:\s?(?:ms|us|µs|ns|msecs?|secs?|s|m|mins?|h|hrs?|d)|[\s-]?(?:[Mm]illi(?:second)?s?|[Ss]econds?|[Mm]inutes?|[Hh]ours?|[Dd]ays?|[Ww]eeks?|[Mm]onths?|[Yy]ears?))\b/;
// A setting of time and its number: "timeout: 30", "--connect-timeout 0.1", "--max-time 0.3", "@debounce_ms 500",
// "@default_ttl_seconds 120", "max-age=3600"; the keyword whole or followed by _ or - and more of the name ("delay_ms",
// not "delayed 2 jobs"; "_ms", not "msg_id = 42").
const DURATION_SETTING =
  /(?:\b|_)(?:ttl|timeout|interval|debounce|delay|max[-_]?time|max[-_]?age|expiry|expires?(?:[-_]in)?)(?:[-_][\w-]{0,30})?\s{0,3}[:=]?\s{0,3}\d{1,9}\b|_(?:ms|millis|seconds|secs)\b\s{0,3}[:=]?\s{0,3}\d{1,9}\b/i;
// A frequency ("how often"): "every minute", "each 5 seconds", "nightly", "hourly".
const FREQUENCY =
  /\b(?:every|each)\s+(?:\d{1,9}\s+)?(?:milliseconds?|seconds?|minutes?|hours?|days?|weeks?|months?|night|morning)\b|\b(?:nightly|hourly|daily|weekly|monthly)\b/i;
// Each is bounded, with no nested quantifiers: one pass each, linear in the text.

// A question that asks for a duration: how long (not "how long ago": a time), how often, how quickly, how soon, how
// fast, how much time; how many seconds or minutes; after what delay.
const ASKS_DURATION =
  /\bhow\s+(?:long(?!\s+ago\b)|often|quickly|quick|soon|fast|frequently|much\s+time)\b|\bhow\s+many\s+(?:ms|milliseconds|seconds|secs|minutes|mins|hours|days)\b|\bafter\s+what\s+(?:delay|time|timeout)\b/i;

// Whether a statement's text holds a duration.
export const holdsDuration = (text: string): boolean => DURATION_UNIT.test(text) || DURATION_SETTING.test(text) || FREQUENCY.test(text);

// The answer types a prompt asks for, as query terms.
export function answerTypesAsked(prompt: string): string[] {
  return ASKS_DURATION.test(prompt) ? [ANSWER_DURATION] : [];
}
