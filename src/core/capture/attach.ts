// Which entity a statement is about: the most specific thing it names (a code identifier or config key, a file, a
// technology), else the session. And the relations its own words state between the things it names ("X uses Y",
// "X depends on Y", "X replaces Y", "X fixes Y", "X is part of Y"), never mere nearness in the transcript.
import type { GraphRelation } from '../graph.ts';
import { canonicalTechnology, findTechnologyMentions } from '../technologies.ts';

// A thing a statement names and its place [index, end): pickSubject chooses among them, relationsBetween reads between.
export interface Mention {
  name: string;
  entityType: 'component' | 'config' | 'file' | 'technology';
  // Where the mention is in the text: [index, end), backticks included.
  index: number;
  end: number;
}

const CODE_SPAN = /`([^`\n]{1,80})`/g;
const PATH_TOKEN =
  /^(?:\.{0,2}\/)?[\w@.-]+(?:\/[\w@.-]+)+$|^[\w-]+\.(?:ts|tsx|js|mjs|cjs|jsx|py|rs|go|rb|java|kt|swift|json|ya?ml|toml|sql|sh|css|scss|html|env|cfg|ini|conf|md)$/;
const IDENTIFIER =
  /\b([a-z]+[A-Z][A-Za-z0-9]{1,40}|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+){1,6}|[A-Za-z][a-z0-9]*(?:_[A-Za-z0-9]+){1,6}|[A-Z][A-Z0-9]{2,}(?:_[A-Z0-9]+){1,6})\b/g;
const FILE_EXTENSION =
  /\.(?:ts|tsx|js|mjs|cjs|jsx|py|rs|go|rb|java|kt|swift|json|ya?ml|toml|sql|sh|css|scss|html|env|cfg|ini|conf|md|lock)$/;
const NOT_AN_IDENTIFIER = /^(?:\d[\d.]*|true|false|null|none|undefined|yes|no|on|off)$/i;

// A statement names a few things; a pasted blob that seems to name thousands is cut short.
const MAX_MENTIONS = 40;

// The things a statement names, in order: code spans, file paths, identifiers written bare, technologies.
export function findMentions(text: string): Mention[] {
  const mentions: Mention[] = [];
  const seen = new Set<string>();
  const add = (name: string, entityType: Mention['entityType'], index: number, end = index + name.length): void => {
    const clean = name.replace(/^[./]+(?=\w)/, '').replace(/[.,:;]+$/, '');
    if (clean.length < 3 || clean.length > 80 || NOT_AN_IDENTIFIER.test(clean)) {
      return;
    }
    const key = clean.toLowerCase();
    if (!seen.has(key) && mentions.length < MAX_MENTIONS) {
      seen.add(key);
      mentions.push({ name: clean, entityType, index, end });
    }
  };
  for (const match of text.matchAll(CODE_SPAN)) {
    const span = (match[1] ?? '').trim();
    const assignment = /^([A-Za-z_][\w.-]{1,40})\s?[=:]/.exec(span);
    const technology = canonicalTechnology(span);
    const end = match.index + match[0].length;
    if (technology) {
      add(technology, 'technology', match.index, end);
    } else if (assignment?.[1]) {
      add(assignment[1], 'config', match.index, end);
    } else if (/^<\/?[A-Z][A-Za-z0-9]*\/?>$/.test(span)) {
      // A component written as its tag (`<DataTable>`, `<OrdersPage />` has a space and is a snippet): its name.
      add(span.replace(/[</>]/g, ''), 'component', match.index, end);
    } else if (/\s/.test(span) || /^[-$<>]/.test(span)) {
      // A command, a snippet or a markup tag (`<td>`), not a name.
    } else if (span.includes('/') || FILE_EXTENSION.test(span)) {
      add(span, 'file', match.index, end);
    } else if (/^[A-Z][A-Z0-9_]{2,}$/.test(span) || /^[a-z][\w-]*\.[a-z][\w.-]*$/.test(span)) {
      add(span, 'config', match.index, end);
    } else {
      add(span.replace(/\(\)$/, ''), 'component', match.index, end);
    }
  }
  const outsideCode = text.replace(CODE_SPAN, (span) => ' '.repeat(span.length));
  for (const token of pathTokens(outsideCode)) {
    add(token.path, 'file', token.index);
  }
  for (const match of outsideCode.matchAll(IDENTIFIER)) {
    const word = match[1] ?? '';
    add(word, /^[A-Z][A-Z0-9_]+$/.test(word) ? 'config' : 'component', match.index);
  }
  for (const mention of findTechnologyMentions(outsideCode)) {
    const word = /^[\w.+#-]+(?: [\w.+#-]+)?/.exec(outsideCode.slice(mention.index, mention.index + 60))?.[0] ?? mention.name;
    add(
      mention.name,
      'technology',
      mention.index,
      mention.index + (mention.name.includes(' ') ? word.length : (word.split(' ')[0] ?? '').length),
    );
  }
  return mentions;
}

// Words of a text that are paths ("src/db/pool.ts", "./app/", "config.yaml"), with where each starts: the text is
// cut at spaces, quotes and brackets first, so the path pattern only ever sees one short word (linear overall).
function pathTokens(text: string): Array<{ path: string; index: number }> {
  const tokens: Array<{ path: string; index: number }> = [];
  for (const match of text.matchAll(/[^\s()"'`,;<>[\]{}]+/g)) {
    if (match[0].length > 200) {
      continue;
    }
    const word = match[0].replace(/[.:]+$/, '');
    if ((word.includes('/') || word.includes('.')) && PATH_TOKEN.test(word)) {
      tokens.push({ path: word, index: match.index });
    }
  }
  return tokens;
}

// The entity a statement is about: the first code name or config key, else the first file, else the first technology.
export function pickSubject(mentions: readonly Mention[]): Mention | undefined {
  for (const type of ['config', 'component', 'file', 'technology'] as const) {
    const found = mentions.find((mention) => mention.entityType === type);
    if (found) {
      return found;
    }
  }
  return undefined;
}

const RELATION_WORDS: ReadonlyArray<[RegExp, string, boolean]> = [
  [/^\s*(?:now\s+)?(?:uses|use|is using|runs on|is built on|talks to|calls|reads from|writes to)\s+(?:the\s+|a\s+)?$/i, 'uses', false],
  [/^\s*(?:depends on|relies on|requires|needs)\s+(?:the\s+|a\s+)?$/i, 'depends_on', false],
  [/^\s*(?:is part of|belongs to|lives in|is in|sits in)\s+(?:the\s+|a\s+)?$/i, 'part_of', false],
  [/^\s*(?:replaces|replaced|supersedes|is replacing)\s+(?:the\s+|a\s+)?$/i, 'replaces', false],
  [/^\s*(?:instead of|rather than|over)\s+(?:the\s+|a\s+)?$/i, 'replaces', false],
  [/^\s*(?:fixes|fixed|resolves|resolved)\s+(?:the\s+|a\s+)?$/i, 'fixes', false],
  [/^\s*(?:is caused by|was caused by|comes from|came from)\s+(?:the\s+|a\s+)?$/i, 'caused_by', false],
  [/^\s*(?:for|as the|as a|as our)\s+$/i, 'used_for', false],
];

// Relations the statement states between two things it names, from the words between them.
export function relationsBetween(text: string, mentions: readonly Mention[]): GraphRelation[] {
  const ordered = [...mentions].sort((a, b) => a.index - b.index);
  const relations: GraphRelation[] = [];
  for (let position = 0; position + 1 < ordered.length; position += 1) {
    const from = ordered[position];
    const to = ordered[position + 1];
    if (!from || !to) {
      continue;
    }
    const between = text
      .slice(from.end, to.index)
      .replace(/`/g, '')
      .replace(/^\s+(?:module|service|class|table|component|function|package|library|file|endpoint|job|worker)\b/i, '');
    if (between.length > 40) {
      continue;
    }
    for (const [pattern, relationType] of RELATION_WORDS) {
      if (pattern.test(between)) {
        relations.push({ from: from.name, to: to.name, relationType });
        break;
      }
    }
  }
  return relations;
}
