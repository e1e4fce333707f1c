// A statement, the unit of memory: one sentence-sized fact as a session said or wrote it, stored in both stores
// as an observation string whose trailing tag carries its provenance, its kind and whether it was superseded:
//
//   "Refresh tokens are stored in httpOnly cookies [2026-11-30, session 84734307, decision]"
//   "Migrations run with Alembic [2026-11-28, session 1a2b3c4d, decision, superseded 2026-11-30]"
//
// The tag is a plain-text suffix because the memory MCP server keeps nothing but strings. Older tags
// ("[2026-11-30, session 84734307]", or "[2026-11-30]") are read as statements of kind "fact".

const STATEMENT_KINDS = ['decision', 'preference', 'convention', 'fact', 'cause', 'fix', 'done', 'todo', 'warning'] as const;
// The kinds a tag may carry; an untagged observation, or one with an older tag, is a "fact".
export type StatementKind = (typeof STATEMENT_KINDS)[number];

// An observation read apart, as supersession, retrieval and rendering look at it.
export interface Statement {
  text: string;
  kind: StatementKind;
  // YYYY-MM-DD of the session that said it; absent for observations written by hand or by other tools.
  date?: string;
  // The first 8 characters of the session id.
  session?: string;
  // YYYY-MM-DD on which a newer statement about the same slot replaced it (kept as history, never served as current).
  supersededOn?: string;
}

// One bounded pass: the tag is at most ~80 characters at the very end, so only the tail is matched.
const TAG = new RegExp(
  `\\s*\\[(\\d{4}-\\d{2}-\\d{2})?(?:(?:, )?session ([\\w.-]{1,40}))?(?:(?:, )?(${STATEMENT_KINDS.join('|')}))?(?:, superseded (\\d{4}-\\d{2}-\\d{2}))?\\]$`,
);
const TAIL = 120;

// Reads an observation string as a statement (text without its tag, kind, date, session, supersession).
export function parseStatement(observation: string): Statement {
  const tailStart = Math.max(0, observation.length - TAIL);
  const match = TAG.exec(observation.slice(tailStart));
  if (!match) {
    return { text: observation, kind: 'fact' };
  }
  const [tag, date, session, kind, supersededOn] = match;
  if (!date && !session && !kind) {
    return { text: observation, kind: 'fact' };
  }
  const statement: Statement = {
    text: observation.slice(0, tailStart + match.index).trimEnd(),
    kind: (kind as StatementKind | undefined) ?? 'fact',
  };
  if (date) {
    statement.date = date;
  }
  if (session) {
    statement.session = session;
  }
  if (supersededOn) {
    statement.supersededOn = supersededOn;
  }
  return tag === undefined ? { text: observation, kind: 'fact' } : statement;
}

// Writes a statement as an observation string (the inverse of parseStatement).
export function formatStatement(statement: Statement): string {
  if (!statement.date && !statement.session && statement.kind === 'fact') {
    return statement.text;
  }
  const parts = statement.date ? [statement.date] : [];
  if (statement.session) {
    parts.push(`session ${statement.session.slice(0, 8)}`);
  }
  parts.push(statement.kind);
  if (statement.supersededOn) {
    parts.push(`superseded ${statement.supersededOn}`);
  }
  return `${statement.text} [${parts.join(', ')}]`;
}
