// The session's log of what the user asked, each question with the opening of its reply: "Asked: how do we stop
// double bookings → I'd do it in the database with an exclusion constraint ...". A later prompt worded like the
// question finds the answer through it, though the answer's own words may share none with the question's.
//
// Decisions (measured on the tuning sets, see docs/capture.md):
// - A prompt without a question mark ("how do we stop double bookings") is logged at once, as a todo, and the line
//   is replaced by the answered one when the reply comes (in the same sync by the capture, in a later one by the
//   merge): a transcript synced in pieces gives the graph synced whole. A question with a
//   question mark is logged only with its answer: "what's next?" alone is no memory.
// - The answer is the first assistant message of the turn that keeps a statement (a message that only narrates a
//   tool call keeps none, so the question stays open past it), until the next prompt or compaction summary.
// - The reply part is history like any statement: the merge supersedes the line when a newer statement replaces
//   what the reply said (supersede-statements.ts reads the slots of the reply part), and drops it when the reply
//   only restates a statement the graph already held (a question answered from memory adds nothing).
import { clip } from '../delta-builder.ts';
import { stripProvenance } from '../graph.ts';
import { MAX_STATEMENT_CHARS } from './segment.ts';

// A question waiting for its answer (carried with the session's cursor between syncs).
export interface OpenAsk {
  question: string;
  // It ends with a question mark: logged only with an answer.
  marked: boolean;
  date?: string;
  session?: string;
}

const ASKED = 'Asked: ';
const ANSWER_MARK = ' → ';
// A long question leaves the reply most of the line.
const QUESTION_CHARS = 120;
// The reply's opening: its first kept statements up to this many characters ("Stripe retries." alone says little;
// the sentence after it says how the handler copes).
const OPENING_CHARS = 150;

// The plain line of a question.
export const askedLine = (ask: OpenAsk): string => `${ASKED}${clip(ask.question, QUESTION_CHARS)}`;

// The line of a question with its answer, within one statement's length.
export function answeredLine(ask: OpenAsk, reply: string): string {
  const head = `${askedLine(ask)}${ANSWER_MARK}`;
  return `${head}${clip(reply, Math.max(40, MAX_STATEMENT_CHARS - head.length))}`;
}

// The opening of a reply, from the statements kept from it in the order said.
export function replyOpening(statements: readonly string[]): string | undefined {
  let opening = '';
  for (const text of statements.slice(0, 3)) {
    opening = opening ? `${opening} ${text}` : text;
    if (opening.length >= OPENING_CHARS) {
      break;
    }
  }
  return opening || undefined;
}

// An answered question's line (an observation, tagged or not) in its two parts: the plain line ("Asked: X"), which
// it replaces, and the reply ("Y"); undefined for any other statement.
export function splitAnswered(observation: string): { plain: string; reply: string } | undefined {
  const text = stripProvenance(observation);
  const at = text.startsWith(ASKED) ? text.indexOf(ANSWER_MARK) : -1;
  return at < 0 ? undefined : { plain: text.slice(0, at), reply: text.slice(at + ANSWER_MARK.length) };
}

// A reply holds at most three statements; a few more sentence ends bound the work on a pathological one.
const MAX_PREFIXES = 6;

// The reply's statements as they began: each prefix of the reply that ends a sentence, the whole reply last (what
// the merge looks up among the statements the graph holds). At most a handful: a reply is one statement long.
export function replyPrefixes(reply: string): string[] {
  const prefixes: string[] = [];
  const end = /[.!?](?=\s|$)/g;
  for (let match = end.exec(reply); match && prefixes.length < MAX_PREFIXES; match = end.exec(reply)) {
    prefixes.push(reply.slice(0, match.index + 1));
  }
  prefixes.push(reply);
  return prefixes;
}
