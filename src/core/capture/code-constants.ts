// Named constants a session writes into source code: an Elixir module attribute ("@debounce_ms 500"), an upper-case
// constant ("const MAX_HASHES = 50", "DEFAULT_TIMEOUT: int = 30", "PORT=1100"). A value chosen in code is what a later
// session asks for ("how long is the tail worker's debounce?", "how long do review tokens stay valid?"), and the write
// is often its only record: the corpus's spent capture sets asked for @default_ttl_seconds, @debounce_ms,
// @max_sessions_per_sync and the port this way (session 19). Each becomes a statement on the file, "`@debounce_ms 500`
// in lib/spotter/transcripts/transcript_tail_worker.ex", whose slot (slots.ts) is the file's constant: a later write of
// another value supersedes it.
//
// Literal values only: a number (with underscores, a decimal part, or a product such as 60 * 1000), a short quoted
// string, an atom, a boolean. Not a computed value ("$(cat)", "${PORT:-1100}", a call), not a name that may hold a
// secret (key, token, secret, password...), not an environment file. One pass over the lines, each bounded: linear.

// At most this many constants of one write (a file of constants is a table, not a choice).
const MAX_CONSTANTS = 8;
// Lines longer than this are no constant definition.
const MAX_LINE = 200;
const LITERAL = String.raw`(?:-?\d[\d_]*(?:\.\d+)?(?:\s?\*\s?\d[\d_]*(?:\.\d+)?){0,3}|'[^'$\\\`\n]{1,60}'|"[^"$\\\`#\n]{1,60}"|:[a-z_]\w{0,40}|true|false)`;
// "@debounce_ms 500" (not @doc, @spec and the other attributes the language reads).
const MODULE_ATTRIBUTE = new RegExp(String.raw`^@([a-z_][a-z0-9_]{1,60})\s+(${LITERAL})\s*(?:#.*)?$`, 'd');
const LANGUAGE_ATTRIBUTES = new Set([
  'doc',
  'moduledoc',
  'typedoc',
  'spec',
  'impl',
  'type',
  'typep',
  'opaque',
  'callback',
  'macrocallback',
  'behaviour',
  'derive',
  'enforce_keys',
  'since',
  'deprecated',
  'dialyzer',
  'compile',
  'tag',
  'describetag',
  'moduletag',
  'external_resource',
  'on_load',
  'vsn',
  'optional_callbacks',
  'before_compile',
  'after_compile',
]);
// "export const MAX_HASHES = 50;", "pub const RETRIES: u32 = 3;", "TIMEOUT_SECONDS: int = 30", "PORT=1100".
const UPPER_CONSTANT = new RegExp(
  String.raw`^(?:export\s+)?(?:pub(?:\(crate\))?\s+)?(?:const|static|final|readonly|let|var|declare|local)?\s*([A-Z][A-Z0-9_]{2,60})\s*(?::\s*[\w&'<>\[\] ]{1,30})?\s*:?=\s*(${LITERAL})\s*;?\s*(?:(?:#|//).*)?$`,
  'd',
);
const SECRET_NAME = /key|token|secret|passw|pwd|credential|auth|cookie|salt|private/i;
// Files whose lines are no code choice of the session's (environment files hold secrets; lock files and data are
// generated).
const NOT_SOURCE = /(?:^|[\\/])\.env(?:\.|$)|\.(?:lock|json|md|txt|csv|log|ya?ml|toml|ini|cfg|conf|xml|html|svg)$/i;

// The constants a write defines, each as its line (trimmed, without a trailing comment or semicolon).
export function codeConstants(file: string, text: string): Array<{ name: string; line: string }> {
  if (NOT_SOURCE.test(file)) {
    return [];
  }
  const found: Array<{ name: string; line: string }> = [];
  const seen = new Set<string>();
  let start = 0;
  while (start <= text.length && found.length < MAX_CONSTANTS) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    if (stop - start <= MAX_LINE) {
      const line = text.slice(start, stop).trim();
      const match = line.startsWith('@') ? MODULE_ATTRIBUTE.exec(line) : /^[A-Za-z]/.test(line) ? UPPER_CONSTANT.exec(line) : null;
      const name = match?.[1];
      if (match && name && !(line.startsWith('@') && LANGUAGE_ATTRIBUTES.has(name)) && !SECRET_NAME.test(name) && !seen.has(name)) {
        seen.add(name);
        // The line up to its value: no trailing comment or semicolon.
        const valueEnd = match.indices?.[2]?.[1] ?? line.length;
        found.push({ name: line.startsWith('@') ? `@${name}` : name, line: line.slice(0, valueEnd) });
      }
    }
    if (end < 0) {
      break;
    }
    start = end + 1;
  }
  return found;
}

// The statement of a constant: "`@debounce_ms 500` in lib/spotter/transcript_tail_worker.ex".
export const constantStatement = (file: string, line: string): string => `\`${line}\` in ${file}`;

// A constant's statement back to its slot: the file and the name (slots.ts).
const CONSTANT_STATEMENT =
  /^`(?:export\s+)?(?:pub(?:\(crate\))?\s+)?(?:(?:const|static|final|readonly|let|var|declare|local)\s+)?(@?[A-Za-z_]\w{0,60})[^`]{0,260}` in (\S{1,300})$/;
export function constantSlot(text: string): { key: string; value: string } | undefined {
  const match = CONSTANT_STATEMENT.exec(text);
  return match?.[1] && match[2] ? { key: `constant:${match[2]}:${match[1]}`, value: text.slice(1, text.lastIndexOf('` in ')) } : undefined;
}
