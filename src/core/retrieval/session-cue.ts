// Prompts that ask about a session by its place in time ("what did we do last time?", "the session before the last
// one", "our very first session"; "what's still open?" means the newest): the session entity they mean (type
// session, by its date), found without words to match. Linear in the prompt; reads only the entities' types and
// dates.
import type { GraphView } from '../graph-view.ts';

// From the newest (0 the last session, 1 the one before), or from the oldest (first, second, third).
type Place = { from: 'newest' | 'oldest'; offset: number };

const CUES: ReadonlyArray<[RegExp, Place]> = [
  [/\bsession\s+before\s+(?:the\s+)?last\b|\bsecond[-\s]to[-\s]last\s+session\b|\bpenultimate\s+session\b/i, { from: 'newest', offset: 1 }],
  [/\blast\s+time\b|\b(?:last|latest|previous|most\s+recent)\s+(?:\w+\s+)?session\b/i, { from: 'newest', offset: 0 }],
  [/\b(?:very\s+)?first\s+(?:\w+\s+)?session\b/i, { from: 'oldest', offset: 0 }],
  [/\bsecond\s+(?:\w+\s+)?session\b/i, { from: 'oldest', offset: 1 }],
  [/\bthird\s+(?:\w+\s+)?session\b/i, { from: 'oldest', offset: 2 }],
  // What is still to do is what the newest session left open ("what's next?", "besides mobile, what's still open?",
  // "what did I say we'd tackle next?"). Only as the question itself: at the start of a clause, nothing after it but
  // the end, "for ..." or "to do" (not "what is left join", "what's next.js middleware", "is the socket still open").
  [
    /(?:^|[,;:.!?]\s*|\b(?:so|and|ok|okay)\s+)what(?:'s|\s+is|\s+are|\s+was|\s+were)?\s+(?:still\s+|up\s+)?(?:open|left|next|remaining|pending|outstanding)(?=\s*(?:[?!]|\.(?!\w)|$|for\b|to\s+do\b|on\s+(?:the|our)\s+list\b))|\b(?:tackle|do|take\s+on|work\s+on|pick\s+up)\s+next(?=\s*(?:[?!]|\.(?!\w)|$))|\bleft\s+to\s+do(?=\s*(?:[?!]|\.(?!\w)|$))|^\W*(?:ok(?:ay)?,?\s+)?next\s+steps(?=\s*(?:[?!]|\.(?!\w)|$))/i,
    { from: 'newest', offset: 0 },
  ],
];

// The id of the session entity the prompt places in time, if it does and the graph has sessions.
export function findSessionCue(view: GraphView, prompt: string, isLive: (id: number) => boolean): number | undefined {
  const place = CUES.find(([pattern]) => pattern.test(prompt))?.[1];
  if (!place) {
    return undefined;
  }
  const sessions: Array<{ id: number; at: string }> = [];
  for (let id = 0; id < view.size; id += 1) {
    const at = view.updatedAt(id);
    if (at && isLive(id) && view.typeOf(id).toLowerCase() === 'session') {
      sessions.push({ id, at });
    }
  }
  sessions.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
  const index = place.from === 'oldest' ? place.offset : sessions.length - 1 - place.offset;
  return sessions[index]?.id;
}
