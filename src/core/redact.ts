// Secrets and <private> blocks out of text before anything is stored (every store, the outbox, the records).
export interface Redaction {
  text: string;
  // How many secrets or private blocks were replaced.
  count: number;
}

// Every pattern is linear: a prefix that may repeat inside a long token (eyJ, a URL scheme) starts only where its
// run of token characters starts (a lookbehind), so no position re-scans a run another position already scanned.
const PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['private key', /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g],
  ['anthropic key', /\bsk-ant-[A-Za-z0-9_-]{16,}/g],
  ['openai key', /\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}/g],
  ['github token', /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g],
  ['gitlab token', /\bglpat-[A-Za-z0-9_-]{20,}/g],
  ['aws access key', /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g],
  ['slack token', /\bxox[abposr]-[A-Za-z0-9-]{10,}/g],
  ['stripe key', /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g],
  ['google api key', /\bAIza[0-9A-Za-z_-]{35}\b/g],
  ['npm token', /\bnpm_[A-Za-z0-9]{36}\b/g],
  ['jwt', /(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g],
  ['bearer token', /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{16,}/g],
  ['password in url', /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]{0,31}:\/\/[^\s:/@]+:)[^\s@/]+(@)/gi],
];

// key=value and key: value assignments whose key names a secret (also .env lines). The match starts at the secret
// word, not at the key's first character: what precedes it in the key is left as it is either way, and a key
// pattern `[...]*word[...]*` backtracked over every split of a long run (quadratic on 'token.token.token...').
// At most 128 key characters may follow the word. "pass" only as a word of the key (DB_PASS=, SMTP_PASS:; not compass=).
const ASSIGNMENT =
  /(?:password|passwd|pwd|(?<![A-Za-z])pass(?![A-Za-z])|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth|credential)[A-Za-z0-9_.-]{0,128}(\s*[:=]\s*)(["']?)([^\s"',;]{4,})\2/gi;

// A markdown label in bold whose word names a secret ("- **Password:** hunter2", "**API key**: abc123", "**Client
// secret:** `xyz`"): the bold closing around the colon keeps ASSIGNMENT from seeing the value (a fresh-eyes review,
// session 19). Only words that name a secret outright: not "**Auth:** uses OAuth", whose value is a description. The
// label is at most a few words; the value one token: linear.
const BOLD_LABEL =
  /(\*\*\s{0,3}(?:password|passwd|passphrase|passcode|secret|client[ _-]?secret|token|access[ _-]?token|api[ _-]?key|access[ _-]?key|private[ _-]?key|credentials?)\s{0,3}(?::\s{0,3}\*\*|\*\*\s{0,3}:)[ \t]{0,8})(`?)([^\s`*]{4,})\2/gi;

// Secrets a command line passes as a flag's value: `--password X`, `--token=X`, mysql's `-pX`, redis-cli's `-a X`, curl's
// `-u user:X` (a task runner's recipe or a document's command block is kept whole: capture/task-recipes.ts, segment.ts;
// a review found these written as they were). Each starts at a fixed word; a command's words before the flag are read
// at most 200 characters from it: linear.
const FLAG_SECRETS: readonly RegExp[] = [
  /((?<![\w-])--(?:password|passwd|pass|token|access-token|auth-token|api-key|apikey|secret|client-secret)(?:=|[ \t]+))(?!\[REDACTED)([^\s"'`]{3,})/gi,
  /(\bmysql(?:dump|admin)?\b[^\n;&|]{0,200}?[ \t]-p)(?!\[REDACTED)([^\s"'`]{3,})/g,
  /(\bredis-cli\b[^\n;&|]{0,200}?[ \t]-a[ \t]+)(?!\[REDACTED)([^\s"'`]{3,})/g,
  /((?<![\w-])(?:-u|--user)[ \t]+[^\s:"'`]{1,100}:)(?!\[REDACTED)([^\s"'`@]{3,})/g,
];

// Replaces secrets with [REDACTED:<kind>] and removes <private>...</private> blocks (an unclosed one hides the rest).
export function redactSecrets(text: string): Redaction {
  let count = 0;
  let result = text.replace(/<private>[\s\S]*?(?:<\/private>|$)/gi, () => {
    count += 1;
    return '[private]';
  });
  for (const [kind, pattern] of PATTERNS) {
    result = result.replace(pattern, (...match: string[]) => {
      count += 1;
      if (kind === 'password in url') {
        return `${match[1]}[REDACTED:password]${match[2]}`;
      }
      if (kind === 'bearer token') {
        return `${match[1]} [REDACTED:token]`;
      }
      return `[REDACTED:${kind}]`;
    });
  }
  for (const pattern of FLAG_SECRETS) {
    result = result.replace(pattern, (_whole: string, flag: string) => {
      count += 1;
      return `${flag}[REDACTED:secret]`;
    });
  }
  result = result.replace(BOLD_LABEL, (whole: string, label: string, tick: string, value: string) => {
    if (value.startsWith('[REDACTED') || /^(true|false|null|none|required|optional|\$\{?\w+\}?|<[^>]+>)$/i.test(value)) {
      return whole;
    }
    count += 1;
    return `${label}${tick}[REDACTED:secret]${tick}`;
  });
  result = result.replace(ASSIGNMENT, (whole: string, separator: string, quote: string, value: string) => {
    if (
      value.startsWith('[REDACTED') ||
      /^(bearer|basic|true|false|null|none|undefined|required|optional|\$\{?\w+\}?|<[^>]+>|process\.env\.\w+)$/i.test(value)
    ) {
      return whole;
    }
    count += 1;
    const key = whole.slice(0, whole.length - separator.length - value.length - 2 * quote.length);
    return `${key}${separator}${quote}[REDACTED:secret]${quote}`;
  });
  return { text: result, count };
}

// Redacts every text a message carries: prose, tool inputs, tool result heads.
export function redactMessages<
  T extends { text: string; toolCalls: Array<{ input: Record<string, unknown> }>; toolResults?: Array<{ head: string; body?: string }> },
>(messages: readonly T[]): { messages: T[]; count: number } {
  let count = 0;
  const clean = (text: string): string => {
    const redaction = redactSecrets(text);
    count += redaction.count;
    return redaction.text;
  };
  const redacted = messages.map((message) => ({
    ...message,
    text: clean(message.text),
    toolCalls: message.toolCalls.map((call) => ({ ...call, input: redactValue(call.input, clean) as Record<string, unknown> })),
    ...(message.toolResults
      ? {
          toolResults: message.toolResults.map((result) => ({
            ...result,
            head: clean(result.head),
            ...(result.body === undefined ? {} : { body: clean(result.body) }),
          })),
        }
      : {}),
  }));
  return { messages: redacted, count };
}

// Redacts names and observations of a delta (a second line of defence before anything is written).
export function redactDelta<
  T extends { entities: Array<{ name: string; observations: string[] }>; relations?: Array<{ from: string; to: string }> },
>(delta: T): { delta: T; count: number } {
  let count = 0;
  const clean = (text: string): string => {
    const redaction = redactSecrets(text);
    count += redaction.count;
    return redaction.text;
  };
  const entities = delta.entities.map((entity) => ({ ...entity, name: clean(entity.name), observations: entity.observations.map(clean) }));
  const relations = delta.relations?.map((relation) => ({ ...relation, from: clean(relation.from), to: clean(relation.to) }));
  return { delta: { ...delta, entities, ...(relations ? { relations } : {}) }, count };
}

// Tool inputs nested deeper than this are dropped (nothing reads them; a recursion 100,000 levels deep overflowed the
// stack on every Stop of that session).
const MAX_INPUT_DEPTH = 32;

function redactValue(value: unknown, clean: (text: string) => string, depth = 0): unknown {
  if (typeof value === 'string') {
    return clean(value);
  }
  if (typeof value === 'object' && value !== null && depth >= MAX_INPUT_DEPTH) {
    return '[nested too deep]';
  }
  if (Array.isArray(value)) {
    return value.map((item) => redactValue(item, clean, depth + 1));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactValue(item, clean, depth + 1)]));
  }
  return value;
}
