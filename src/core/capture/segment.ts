// Prose to statements: sentences, list items and table rows, code spans kept whole, fenced code dropped, each at
// most MAX_STATEMENT_CHARS (longer ones split at clause boundaries, then at a word). One pass over the text: every
// step scans forward only, so the work is linear in the input whatever its shape.
import { slotsOf } from './slots.ts';

// The longest statement, in characters: capture.ts and ask-log.ts clip to it, the classify and slot rules expect it.
export const MAX_STATEMENT_CHARS = 300;
const MIN_STATEMENT_CHARS = 12;
// A heading this short is kept as the topic of the list items and table rows under it ("Caching: Redis, 5 min TTL").
const MAX_TOPIC_CHARS = 48;
const GENERIC_HEADING =
  /^(?:summary|overview|notes?|features?|key (?:features|points|changes|design principles?)|highlights|details|changes|status|results?|next steps?|todo|done|what (?:i|we) (?:did|changed|built)|what changed|context|background|plan|implementation|approach|solution|conclusion|recap|update|progress)\b/i;

// One statement of a text, and the code span its list item opens with ("- `registry.ex` — GenServer ... Sweeps
// stale sessions every 15s."): what the item is about, for a sentence of it that names nothing itself (capture.ts).
export interface SplitStatement {
  text: string;
  lead?: string;
}

// A list item's opening code span, before a dash or a colon.
const ITEM_LEAD = /^(`[^`\n]{2,120}`)\s?(?:—|–|-|:)\s/;

// A list item that is one labelled attribute ("- **Latest Version:** 1.10.0", "- **Status:** Still active"), short
// enough to stand beside others in one statement.
const ATTRIBUTE_ITEM = /^\*\*[^*\n]{1,40}(?::\*\*|\*\*:)\s/;
const MAX_ATTRIBUTE_CHARS = 160;
// An attribute that fills a slot ("- **Cache:** `ttl=300`", "- **Redis** for caching") stays a statement of its own:
// a newer statement about that slot supersedes it alone (slots.ts), not the attributes beside it.
const fillsNoSlot = (topic: string, body: string): boolean => slotsOf(`${topic}: ${cleanInline(body)}`, 'fact').length === 0;

// The statements of a text, in order, each with the code span its list item opens with. In a document the session
// wrote (sources.ts), a fenced block of one or two command lines is kept as code spans, joined to the paragraph
// before it when that paragraph introduces it ("Set the environment variable before starting the server:" then
// `SPOTTER_OTEL_ENABLED=false mix phx.server`: in a document the command is the answer), and a paragraph, like a list
// item, says its heading ("Disabling tracing: Set the environment variable ...": a section's paragraph leaves its
// subject to the heading).
export function splitStatements(text: string, options: { document?: boolean } = {}): SplitStatement[] {
  const document = options.document === true;
  const statements: SplitStatement[] = [];
  let topic = '';
  let paragraph: string[] = [];
  let headerRow: string | undefined;
  const releaseRow = (): void => {
    if (headerRow) {
      pushSentences(headerRow, topic, statements);
      headerRow = undefined;
    }
  };
  // Under a topic heading, consecutive attribute items are one statement of the topic ("opentelemetry_exporter: Latest
  // Version: 1.10.0; Status: Still active and maintained (NOT deprecated); Note: ..."), cut between attributes to stay
  // within MAX_STATEMENT_CHARS: a report of ten packages with four attributes each is ten statements, so a message's
  // cap of statements (capture.ts) holds every package, not the first attributes of the first ones.
  let attributes: string[] = [];
  const flushAttributes = (): void => {
    if (attributes.length === 1) {
      pushSentences(attributes[0] as string, topic, statements);
    } else if (attributes.length > 1) {
      const room = MAX_STATEMENT_CHARS - topic.length - 2;
      const cleaned = attributes.map((body) => cleanInline(body).replace(/[.;]$/, ''));
      const chunks: string[][] = [[]];
      let length = 0;
      for (const attribute of cleaned) {
        const chunk = chunks.at(-1) as string[];
        if (chunk.length > 0 && length + 2 + attribute.length > room) {
          chunks.push([attribute]);
          length = attribute.length;
        } else {
          chunk.push(attribute);
          length += (chunk.length > 1 ? 2 : 0) + attribute.length;
        }
      }
      for (const chunk of chunks) {
        // Attributes that together fill a slot none fills alone ("Engine: Redis 7; Used for: sessions" fills the
        // cache's) stay apart: a newer statement about that slot would supersede the others with it.
        if (chunk.length > 1 && !fillsNoSlot(topic, chunk.join('; '))) {
          for (const attribute of chunk) {
            pushStatement(attribute, topic, statements);
          }
        } else {
          pushStatement(chunk.join('; '), topic, statements);
        }
      }
    }
    attributes = [];
  };
  const flush = (): void => {
    flushAttributes();
    if (paragraph.length > 0) {
      pushSentences(paragraph.join(' '), document ? topic : '', statements);
      paragraph = [];
    }
  };
  for (const line of proseLines(text, document)) {
    const trimmed = line.trim();
    if (trimmed === '') {
      flush();
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(trimmed);
    if (heading) {
      flush();
      // A table's last row, held back in case a separator followed, is under the heading before this one.
      releaseRow();
      const title = cleanInline(heading[1] ?? '').replace(/[:.]$/, '');
      // A generic heading ("Summary", "Next steps", "3. Key Design Principles") is no topic: its items say what they are.
      const bare = title.replace(/^(?:\d{1,3}[.)]\s*|step \d+:?\s*)/i, '');
      topic = bare.length <= MAX_TOPIC_CHARS && !GENERIC_HEADING.test(bare) ? bare : '';
      if (title.length > MAX_TOPIC_CHARS) {
        pushSentences(title, '', statements);
      }
      continue;
    }
    if (trimmed.startsWith('|')) {
      flush();
      // A row is held back one line: followed by a separator row it was the header, and says nothing.
      const row = tableRow(trimmed);
      if (row === undefined && /^\|[\s|:-]+$/.test(trimmed)) {
        headerRow = undefined;
      } else if (row) {
        releaseRow();
        headerRow = row;
      }
      continue;
    }
    releaseRow();
    const item = /^(?:[-*+•]|\d{1,3}[.)])\s+(.*)$/.exec(trimmed);
    if (item) {
      const body = item[1] ?? '';
      // (Not a question: a merged statement ending in "?" would be dropped as one, with the attributes before it.)
      if (
        topic !== '' &&
        body.length <= MAX_ATTRIBUTE_CHARS &&
        ATTRIBUTE_ITEM.test(body) &&
        !/\?[.;]?\s*$/.test(body) &&
        fillsNoSlot(topic, body)
      ) {
        // (A paragraph line flushes the attributes before it: a paragraph here has none after it.)
        if (paragraph.length > 0) {
          flush();
        }
        attributes.push(body);
        continue;
      }
      flush();
      pushSentences(body, topic, statements, ITEM_LEAD.exec(body)?.[1]);
      continue;
    }
    flushAttributes();
    if (/^>\s?/.test(trimmed)) {
      paragraph.push(trimmed.replace(/^>\s?/, ''));
      continue;
    }
    paragraph.push(trimmed);
  }
  releaseRow();
  flush();
  return statements;
}

// Lines of the text outside fenced code blocks (```), found with indexOf so an unclosed fence costs one scan; with
// shortCode, a block of at most SHORT_CODE_LINES command lines as one line of code spans (see splitStatements).
const SHORT_CODE_LINES = 2;
const SHORT_CODE_CHARS = 160;
function proseLines(text: string, shortCode = false): string[] {
  const lines: string[] = [];
  let position = 0;
  while (position < text.length) {
    const fence = text.indexOf('```', position);
    const end = fence < 0 ? text.length : fence;
    for (const line of text.slice(position, end).split('\n')) {
      lines.push(line);
    }
    if (fence < 0) {
      break;
    }
    const close = text.indexOf('```', fence + 3);
    if (close < 0) {
      break;
    }
    const code = shortCode ? shortCodeLine(text.slice(fence + 3, close)) : undefined;
    if (code) {
      // Joined to the paragraph that introduces it: the blank lines between them are dropped.
      let last = lines.length - 1;
      while (last >= 0 && (lines[last] as string).trim() === '') {
        last -= 1;
      }
      if (last >= 0 && (lines[last] as string).trim().endsWith(':')) {
        lines.length = last + 1;
      }
      lines.push(code);
    }
    lines.push('');
    const afterClose = text.indexOf('\n', close + 3);
    position = afterClose < 0 ? text.length : afterClose + 1;
  }
  return lines;
}

// A fenced block's command lines as code spans ("`SPOTTER_OTEL_ENABLED=false mix phx.server`"), when it holds one or two
// (its language tag, blank lines and comments left out); undefined for a longer block, or a line too long to be one.
function shortCodeLine(block: string): string | undefined {
  // (The first line is the fence's language tag.)
  const lines = block.split('\n').slice(1);
  const commands: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('//')) {
      continue;
    }
    if (commands.length === SHORT_CODE_LINES || line.length > SHORT_CODE_CHARS || line.includes('`')) {
      return undefined;
    }
    commands.push(line);
  }
  return commands.length > 0 ? commands.map((command) => `\`${command}\``).join('; ') : undefined;
}

// "| Redis | cache and rate limits |" -> "Redis: cache and rate limits"; separator rows give nothing.
function tableRow(line: string): string | undefined {
  const cells = line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cleanInline(cell));
  if (cells.every((cell) => /^:?-{2,}:?$/.test(cell) || cell === '')) {
    return undefined;
  }
  const filled = cells.filter((cell) => cell !== '');
  if (filled.length === 0) {
    return undefined;
  }
  return filled.length === 1 ? filled[0] : `${filled[0]}: ${filled.slice(1).join('; ')}`;
}

// Bold, italics and link markup out; code spans kept with their backticks; whitespace flattened.
function cleanInline(text: string): string {
  return text
    .replace(/\*\*|__/g, '')
    .replace(/\[([^\]\n]{0,200})\]\([^)\s]{0,500}\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

const ABBREVIATIONS = new Set(['e.g', 'i.e', 'vs', 'etc', 'approx', 'cf', 'no', 'fig', 'mr', 'dr', 'st']);

// Splits a paragraph into sentences outside code spans and pushes each (prefixed with the topic) as statements.
function pushSentences(raw: string, topic: string, out: SplitStatement[], lead?: string): void {
  const text = cleanInline(raw);
  let start = 0;
  let inCode = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '`') {
      inCode = !inCode;
      continue;
    }
    if (inCode || (char !== '.' && char !== '!' && char !== '?')) {
      continue;
    }
    const next = text[index + 1];
    if (next !== undefined && next !== ' ') {
      continue;
    }
    const after = text[index + 2];
    if (char === '.' && (after === undefined || /[a-z]/.test(after) || isAbbreviation(text, index))) {
      continue;
    }
    pushStatement(text.slice(start, index + 1), topic, out, lead);
    start = index + 2;
  }
  pushStatement(text.slice(start), topic, out, lead);
}

function isAbbreviation(text: string, dot: number): boolean {
  let begin = dot;
  while (begin > 0 && dot - begin < 8 && /[\w.]/.test(text[begin - 1] ?? '')) {
    begin -= 1;
  }
  return ABBREVIATIONS.has(text.slice(begin, dot).toLowerCase());
}

function pushStatement(sentence: string, topic: string, out: SplitStatement[], lead?: string): void {
  const trimmed = sentence.trim();
  if (trimmed.length < MIN_STATEMENT_CHARS && !(topic && trimmed.length >= 3)) {
    return;
  }
  if (!/\p{L}{2}/u.test(trimmed)) {
    return;
  }
  const full = topic && !trimmed.toLowerCase().startsWith(topic.toLowerCase()) ? `${topic}: ${trimmed}` : trimmed;
  for (const piece of splitLong(full)) {
    out.push(lead ? { text: piece, lead } : { text: piece });
  }
}

const CLAUSE_BREAKS = ['; ', ' — ', ' – ', ', but ', ', so ', ', which ', ', and ', ' because ', ', '];

// A statement longer than the limit, cut at clause boundaries (each cut looks only at the next MAX_STATEMENT_CHARS
// characters, so a huge run costs one pass), else at a word, else hard.
export function splitLong(text: string): string[] {
  const pieces: string[] = [];
  let cursor = 0;
  while (text.length - cursor > MAX_STATEMENT_CHARS) {
    const window = text.slice(cursor, cursor + MAX_STATEMENT_CHARS);
    const rest = text.length - cursor;
    const cut = clauseCut(window, rest <= 2 * MAX_STATEMENT_CHARS ? rest / 2 : MAX_STATEMENT_CHARS);
    const piece = window.slice(0, cut).trim();
    if (piece.length >= MIN_STATEMENT_CHARS) {
      pieces.push(piece);
    }
    cursor += cut;
    while (cursor < text.length && /[;,—–\s]/.test(text[cursor] ?? '')) {
      cursor += 1;
    }
  }
  const last = text.slice(cursor).trim();
  if (last.length >= MIN_STATEMENT_CHARS) {
    pieces.push(last);
  }
  return pieces;
}

// Where to cut a window: the clause boundary nearest the target, trying stronger boundaries first.
function clauseCut(window: string, target: number): number {
  for (const separator of CLAUSE_BREAKS) {
    let best = -1;
    let position = window.indexOf(separator, MIN_STATEMENT_CHARS);
    while (position >= 0) {
      if (best < 0 || Math.abs(position - target) < Math.abs(best - target)) {
        best = position;
      }
      position = window.indexOf(separator, position + 1);
    }
    if (best >= MIN_STATEMENT_CHARS) {
      return best;
    }
  }
  const space = window.lastIndexOf(' ');
  return space > MIN_STATEMENT_CHARS ? space : window.length;
}
