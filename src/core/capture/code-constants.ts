// Named constants a session writes into source code: an Elixir module attribute ("@debounce_ms 500"), an upper-case
// constant ("const MAX_HASHES = 50", "DEFAULT_TIMEOUT: int = 30", "PORT=1100", "#define BUFFER_SIZE 4096"). A value
// chosen in code is what a later session asks for ("how long is the tail worker's debounce?", "how long do review
// tokens stay valid?"), and the write is often its only record: the corpus's spent capture sets asked for
// @default_ttl_seconds, @debounce_ms, @max_sessions_per_sync and the port this way (session 19). Each becomes a
// statement on the file, "Constant in lib/spotter/transcripts/transcript_tail_worker.ex: `@debounce_ms 500`", whose slot
// (slots.ts) is the file's constant: a later write of another value supersedes it.
//
// Literal values only: a number (with underscores, a decimal part, or a product such as 60 * 1000), a short quoted
// string, an atom, a boolean or null. Not a computed value ("$(cat)", "${PORT:-1100}", a call), not a value that may be
// a secret (a name with key, token, secret, password, dsn, webhook, salt... in it; a string of mixed letters and digits
// without spaces; a URL other than a local one), not an environment, data or document file. Not a line inside a
// heredoc (an example in @moduledoc or a docstring), not a name the write defines twice (an accumulating attribute, a
// variable reassigned), not an indented upper-case assignment without a declaration (an enum member, a class
// attribute). One pass over the lines, each bounded: linear.

// At most this many constants of one write (a file of constants is a table, not a choice).
const MAX_CONSTANTS = 8;
// Lines longer than this are no constant definition.
const MAX_LINE = 200;
const LITERAL = String.raw`(?:-?\d[\d_]*(?:\.\d+)?(?:\s?\*\s?\d[\d_]*(?:\.\d+)?){0,3}|'[^'$\\\`\n]{1,60}'|"[^"$\\\`#\n]{1,60}"|:[a-z_]\w{0,40}|true|false|True|False|None|nil|null)`;
// "@debounce_ms 500", in an Elixir file (not @doc, @spec and the other attributes the language reads).
const MODULE_ATTRIBUTE = new RegExp(String.raw`^@([a-z_][a-z0-9_]{1,60})\s+(${LITERAL})\s*(#.*)?$`, 'd');
const ELIXIR_FILE = /\.exs?$/;
const PYTHON_FILE = /\.pyi?$/;
const LANGUAGE_ATTRIBUTES = new Set([
  'doc',
  'moduledoc',
  'typedoc',
  'shortdoc',
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
  'fallback_to_any',
  'recursive',
  'requirements',
  'preferred_cli_env',
  'file',
]);
// "export const MAX_HASHES = 50;", "pub const RETRIES: u32 = 3;", "private static final int PORT = 8080;",
// "TIMEOUT_SECONDS: int = 30", "PORT=1100".
const DECLARATION = String.raw`(?:(?:export|pub(?:\(crate\))?|public|private|protected|internal|static|final|readonly|const|let|var|val|declare|local|int|long|float|double|String|string|bool|boolean)\s+){0,5}`;
const UPPER_CONSTANT = new RegExp(
  String.raw`^(${DECLARATION})([A-Z][A-Z0-9_]{2,60})\s*(?::\s*[\w&'<>\[\] ]{1,30})?\s*:?=\s*(${LITERAL})\s*;?\s*((?:#|//).*)?$`,
  'd',
);
// "#define BUFFER_SIZE 4096" (C, C++).
const DEFINE = new RegExp(String.raw`^#define\s+([A-Z][A-Z0-9_]{2,60})\s+(${LITERAL})\s*(//.*)?$`, 'd');
// A name that may hold a secret, by any of its parts ("ADMIN_PW", "SENTRY_DSN", "@hmac_seed"; not "SESSION_TTL").
const SECRET_PART =
  /^(?:key|keys|apikey|token|tokens|secret|secrets|password|passwd|passphrase|pass|pw|pwd|pin|credential|credentials|creds|auth|cookie|salt|pepper|private|dsn|webhook|hmac|seed|signing|signature|sign|cert|certificate|bearer|jwt|otp|license|psk|passcode|invite|access)$/i;
// A value that may be a secret: letters and digits mixed, 12 or more without a space; a URL other than a local one.
const RANDOM_VALUE = /^['"](?=[^'"]*\d)(?=[^'"]*[A-Za-z])[^\s'"]{12,}['"]$/;
const URL_VALUE = /:\/\//;
const LOCAL_URL = /^['"]\w+:\/\/(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(?::\d+)?(?:\/[\w./-]*)?['"]$/;
// Files whose lines are no code choice of the session's (environment files hold secrets; lock files and data are
// generated).
const NOT_SOURCE =
  /(?:^|[\\/])\.env[^\\/]*$|\.envrc$|\.env(?:\.\w+)?$|\.(?:lock|json|md|txt|csv|log|ya?ml|toml|ini|cfg|conf|properties|xml|html|svg|pem|key|crt)$/i;
const HEREDOC = /"""|'''/g;

// Also a strong word inside a joined name ("@adminpassword", "WIFI_PSK", "ADMIN_PASSCODE").
const SECRET_WORD = /pass(?:word|wd|code|phrase|key)|secret|token|apikey|privkey|psk/i;
const isSecretName = (name: string): boolean => SECRET_WORD.test(name) || name.split(/[_@]+/).some((part) => SECRET_PART.test(part));
const mayBeSecret = (value: string): boolean => (URL_VALUE.test(value) ? !LOCAL_URL.test(value) : RANDOM_VALUE.test(value));

// A constant definition of one line (trimmed), as found: its name (with the @ of an attribute), the line up to its
// value (no comment, no semicolon), and whether it was indented without a declaration.
function readConstant(
  line: string,
  elixir: boolean,
  python: boolean,
): { name: string; line: string; value: string; bare: boolean } | undefined {
  if (line.startsWith('@')) {
    const match = elixir ? MODULE_ATTRIBUTE.exec(line) : null;
    const name = match?.[1];
    if (!match || !name || LANGUAGE_ATTRIBUTES.has(name)) {
      return undefined;
    }
    return { name: `@${name}`, line: line.slice(0, match.indices?.[2]?.[1] ?? line.length), value: match[2] as string, bare: false };
  }
  const define = line.startsWith('#') ? DEFINE.exec(line) : null;
  if (define?.[1]) {
    return { name: define[1], line: line.slice(0, define.indices?.[2]?.[1] ?? line.length), value: define[2] as string, bare: false };
  }
  const match = /^[A-Za-z]/.test(line) ? UPPER_CONSTANT.exec(line) : null;
  // In Python, "//" is floor division ("HALF = 600 // 2" is no constant 600).
  if (!match?.[2] || (python && match[4]?.startsWith('//'))) {
    return undefined;
  }
  return { name: match[2], line: line.slice(0, match.indices?.[3]?.[1] ?? line.length), value: match[3] as string, bare: match[1] === '' };
}

// The constants a write defines, each as its line (trimmed, without a trailing comment or semicolon).
export function codeConstants(file: string, text: string): Array<{ name: string; line: string }> {
  if (NOT_SOURCE.test(file)) {
    return [];
  }
  const elixir = ELIXIR_FILE.test(file);
  const python = PYTHON_FILE.test(file);
  const found = new Map<string, { name: string; line: string }>();
  const twice = new Set<string>();
  let inHeredoc = false;
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    const raw = text.slice(start, stop);
    // Every line's heredoc quotes count, a long one's too (a docstring's long first line opens it).
    const quotes = raw.match(HEREDOC)?.length ?? 0;
    const wasInHeredoc = inHeredoc;
    if (quotes % 2 === 1) {
      inHeredoc = !inHeredoc;
    }
    if (stop - start <= MAX_LINE && !wasInHeredoc && quotes === 0) {
      const line = raw.trim();
      const constant = readConstant(line, elixir, python);
      if (constant && !(constant.bare && /^\s/.test(raw)) && !isSecretName(constant.name) && !mayBeSecret(constant.value)) {
        if (found.has(constant.name)) {
          twice.add(constant.name);
        } else if (found.size < MAX_CONSTANTS) {
          found.set(constant.name, { name: constant.name, line: constant.line });
        }
      }
    }
    if (end < 0) {
      break;
    }
    start = end + 1;
  }
  return [...found.values()].filter((constant) => !twice.has(constant.name));
}

// The statement of a constant: "Constant in lib/spotter/transcript_tail_worker.ex: `@debounce_ms 500`". A form of its
// own, which the prose of a message does not take: "- `@debounce_ms 250` in lib/w.ex" in a reply listing options is no
// value the file holds, and fills no slot (a review found it superseding the written value).
export const constantStatement = (file: string, line: string): string => `Constant in ${file}: \`${line}\``;

// A constant's statement back to its slot, lower-cased as every slot is: the file and the name (slots.ts). Only a
// statement whose code span is itself a constant definition ("Constant in lib/x.ex: `SessionStore.start_link/1`" is none).
const CONSTANT_STATEMENT = /^Constant in (\S{1,300}): `([^`\n]{3,200})`$/;
export function constantSlot(text: string): { key: string; value: string } | undefined {
  const match = CONSTANT_STATEMENT.exec(text);
  const file = match?.[1];
  const constant = match?.[2] && file ? readConstant(match[2], ELIXIR_FILE.test(file), PYTHON_FILE.test(file)) : undefined;
  if (!constant || !file || constant.line !== match?.[2]) {
    return undefined;
  }
  return { key: `constant:${file}:${constant.name}`.toLowerCase(), value: constant.line.toLowerCase() };
}
