// How much of a text each pass reads. Users paste logs, data URLs, minified bundles and .env files of megabytes into
// prompts and tool outputs; every pass over them is linear (test/core/text-scaling.test.ts), and these bounds keep the
// amount of text linear work runs on small enough for the hooks' deadlines (issue #13).

// A prompt is searched by its first PROMPT_HEAD_CHARS and last PROMPT_TAIL_CHARS characters: a pasted 200 KB log is
// mostly noise for retrieval, and where it starts and ends (the question around it) says what it is about.
export const PROMPT_HEAD_CHARS = 6_000;
// The tail kept of a long prompt: the question usually follows what was pasted.
export const PROMPT_TAIL_CHARS = 2_000;
// At most this many distinct search terms per prompt (the first ones met): each term costs a lookup in the index.
export const MAX_QUERY_TERMS = 256;

// Extraction reads the first MESSAGE_HEAD_CHARS and last MESSAGE_TAIL_CHARS characters of a message's prose (a
// decision is stated in prose, not in the 1 MB it pastes; a closing summary sits at the end), and the first
// COMMAND_CHARS of a Bash command. Redaction runs before this cut, over everything.
const MESSAGE_HEAD_CHARS = 24_000;
const MESSAGE_TAIL_CHARS = 8_000;
export const COMMAND_CHARS = 8_000;

// The head and tail of a text longer than head + tail characters, joined by a line break (so no word is made of
// the two ends); a shorter text as it is.
export function headAndTail(text: string, head: number, tail: number): string {
  if (text.length <= head + tail) {
    return text;
  }
  return `${text.slice(0, head)}\n${tail > 0 ? text.slice(text.length - tail) : ''}`;
}

// A message as extraction reads it: its prose cut to head and tail, each string of its tool inputs to COMMAND_CHARS
// (a Write of a 1 MB file, a heredoc). Run after redaction, so a secret is never cut into an unrecognizable piece.
export function capForExtraction<T extends { text: string; toolCalls: Array<{ input: Record<string, unknown> }> }>(message: T): T {
  const longInput = message.toolCalls.some((call) =>
    Object.values(call.input).some((value) => typeof value === 'string' && value.length > COMMAND_CHARS),
  );
  if (message.text.length <= MESSAGE_HEAD_CHARS + MESSAGE_TAIL_CHARS && !longInput) {
    return message;
  }
  return {
    ...message,
    text: headAndTail(message.text, MESSAGE_HEAD_CHARS, MESSAGE_TAIL_CHARS),
    toolCalls: message.toolCalls.map((call) => ({
      ...call,
      input: Object.fromEntries(
        Object.entries(call.input).map(([key, value]) => [key, typeof value === 'string' ? value.slice(0, COMMAND_CHARS) : value]),
      ),
    })),
  };
}
