// Every source of knowledge in a transcript as text: what the user and Claude wrote, the client's compaction
// summaries, and what the model already wrote as a summary inside tool calls (git commit messages, gh pr titles
// and bodies, plans, task lists with their status, subagent reports, a web fetch's answer: the fetching model's
// summary of a page for Claude's question, not the page; a web search's list of links is not read; the documents the
// session writes, a README's section or a CLAUDE.md, with the file they are in). Tool facts (files, commands, errors,
// installs) are read by extract-tools.ts. Each source is capped at MAX_SOURCE_CHARS: what lies beyond is not
// read for statements (it was redacted with the rest before this point, so nothing unredacted is ever written).
import { editedFile, writtenText } from '../extract-tools.ts';
import { redactSecrets } from '../redact.ts';
import type { ToolCall, TranscriptMessage } from '../transcript.ts';
import type { SourceKind } from './classify.ts';

const MAX_SOURCE_CHARS = 20_000;

// One text to read for statements: its kind sets how many are kept, its message gives the date and the session.
export interface TextSource {
  kind: SourceKind;
  text: string;
  message: TranscriptMessage;
  // What the source is about when its statements name nothing: a web fetch's page ("github.com/xtermjs/xterm.js/issues/1343"),
  // a document's file ("README.md").
  about?: string;
}

// What carries from one sync of a session to the next: subagent calls still waiting for their report.
export interface SourceState {
  pendingAgents?: string[];
  // Web fetches still waiting for their answer: the page of each, by call (a fetch with no page is never read).
  fetchedPages?: Record<string, string>;
  // Edits of documents still waiting for their result (read once it says the edit happened), by call.
  pendingDocs?: Record<string, PendingDoc>;
}

// An edit of a document waiting for its result: the file, the text it writes, and when and in which session it was made.
interface PendingDoc {
  file: string;
  text: string;
  timestamp?: string;
  sessionId?: string;
}

// At most this many edits of documents wait for their result (each holds up to a tool input's 8,000 characters).
const MAX_PENDING_DOCS = 10;

const AGENT_TOOLS = new Set(['Task', 'Agent']);
const DOC_WRITE_TOOLS = new Set(['Write', 'Edit', 'MultiEdit']);

// A markdown document of the project an edit writes (README.md, docs/tracing.md, CLAUDE.md), as a path relative to the
// session's folder (extract-tools.ts editedFile, which leaves out dependencies and build output); none outside it
// (~/notes.md, /tmp, ../other/NOTES.md), nor the client's own prompts (.claude/commands, agents, skills: instructions
// to the model, not the project's docs).
const DOCUMENT = /\.(?:md|mdx|markdown)$/i;
const CLIENT_PROMPTS = /^\.claude\/(?:commands|agents|skills)\//;
function documentOf(call: ToolCall, cwd: string | undefined): string | undefined {
  const file = editedFile(call, cwd);
  return file &&
    DOCUMENT.test(file) &&
    !/^(?:[\\/~]|[A-Za-z]:)/.test(file) &&
    !file.split(/[\\/]/).includes('..') &&
    !CLIENT_PROMPTS.test(file)
    ? file
    : undefined;
}

// The text sources of a run of messages, in transcript order.
export function readSources(
  messages: readonly TranscriptMessage[],
  state: SourceState = {},
): { sources: TextSource[]; state: SourceState } {
  const sources: TextSource[] = [];
  const pending = new Set(state.pendingAgents ?? []);
  // (No prototype: a call id is a key of the caller's, "__proto__" included.)
  const pages: Record<string, string> = Object.assign(Object.create(null), state.fetchedPages);
  const docs: Record<string, PendingDoc> = Object.assign(Object.create(null), state.pendingDocs);
  const push = (kind: SourceKind, text: string, message: TranscriptMessage, about?: string): void => {
    const trimmed = text.trim().slice(0, MAX_SOURCE_CHARS);
    if (trimmed !== '') {
      // Text taken out of a tool input is redacted again: a value unescaped from a command line (\"...\") was not in
      // the shape redaction saw. Prose was redacted with its message and is not scanned twice.
      const fromTool = kind !== 'user' && kind !== 'assistant' && kind !== 'summary';
      sources.push({ kind, text: fromTool ? redactSecrets(trimmed).text : trimmed, message, ...(about ? { about } : {}) });
    }
  };
  for (const message of messages) {
    if (message.text !== '') {
      push(message.origin === 'summary' ? 'summary' : message.role, message.text, message);
    }
    for (const call of message.toolCalls) {
      const input = call.input;
      if (call.name === 'Bash' && typeof input.command === 'string') {
        const command = input.command.slice(0, MAX_SOURCE_CHARS);
        const commit = commitMessage(command);
        if (commit) {
          push('commit', commit, message);
        }
        const pr = pullRequestText(command);
        if (pr) {
          push('pr', pr, message);
        }
      } else if (call.name === 'ExitPlanMode' && typeof input.plan === 'string') {
        push('plan', input.plan, message);
      } else if (call.name === 'TodoWrite' && Array.isArray(input.todos)) {
        push('todo', todoLines(input.todos), message);
      } else if (AGENT_TOOLS.has(call.name) && call.id) {
        pending.add(call.id);
      } else if (DOC_WRITE_TOOLS.has(call.name)) {
        const file = documentOf(call, message.cwd);
        const written = file ? writtenText(call) : '';
        // Read once its result says it happened (a Write the user rejected, an Edit whose text was not found, changed
        // nothing); a call with no id (no result can name it) is taken as done.
        if (file && written !== '' && call.id) {
          docs[call.id] = {
            file,
            text: written,
            ...(message.timestamp ? { timestamp: message.timestamp } : {}),
            ...(message.sessionId ? { sessionId: message.sessionId } : {}),
          };
        } else if (file && written !== '') {
          push('doc', written, message, file);
        }
      } else if (call.name === 'WebFetch' && call.id) {
        const page = typeof input.url === 'string' ? pageName(input.url) : undefined;
        if (page) {
          pages[call.id] = page;
        }
      }
    }
    for (const result of message.toolResults ?? []) {
      if (pending.has(result.toolUseId)) {
        pending.delete(result.toolUseId);
        if (!result.isError) {
          push('subagent', result.body ?? result.head, message);
        }
      } else if (Object.hasOwn(docs, result.toolUseId)) {
        const { file, text, timestamp, sessionId } = docs[result.toolUseId] as PendingDoc;
        delete docs[result.toolUseId];
        if (!result.isError) {
          // Dated as the edit was made.
          push('doc', text, { ...message, ...(timestamp ? { timestamp } : {}), ...(sessionId ? { sessionId } : {}) }, file);
        }
      } else if (Object.hasOwn(pages, result.toolUseId)) {
        const page = pages[result.toolUseId] as string;
        delete pages[result.toolUseId];
        const answer = result.body ?? result.head;
        // A redirect notice says where the page went, nothing of it.
        if (!result.isError && !answer.includes('REDIRECT DETECTED')) {
          push('research', answer, message, page);
        }
      }
    }
  }
  return {
    sources,
    state: {
      ...(pending.size > 0 ? { pendingAgents: [...pending].slice(-50) } : {}),
      ...(Object.keys(pages).length > 0 ? { fetchedPages: Object.fromEntries(Object.entries(pages).slice(-50)) } : {}),
      ...(Object.keys(docs).length > 0 ? { pendingDocs: Object.fromEntries(Object.entries(docs).slice(-MAX_PENDING_DOCS)) } : {}),
    },
  };
}

// A fetched page as an entity name: its host and path, without the scheme, "www.", a fragment or (but for a path of one
// part) a query ("https://github.com/xtermjs/xterm.js/issues/1343?x#y" -> "github.com/xtermjs/xterm.js/issues/1343");
// none for a page of the developer's own machine or network, nor for a file of text (RAW_FILE).
const RAW_FILE = /\.(?:md|mdx|txt|json|ya?ml|xml|csv|toml)$/i;
const PRIVATE_HOST =
  /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|\[[0-9a-f:]+\]|[\w-]+\.(?:local|internal|lan|localhost))$/i;
function pageName(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return undefined;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  if (PRIVATE_HOST.test(host) || !host.includes('.')) {
    return undefined;
  }
  const path = parsed.pathname.replace(/\/+$/, '');
  // A file of text (docs as markdown, llms.txt, a JSON or YAML file) comes back as it is, not summarized: a page's
  // markup and listings, not findings.
  if (RAW_FILE.test(path)) {
    return undefined;
  }
  // A path of one part or none says little ("news.ycombinator.com/item", "youtube.com/watch"): its query names the page.
  const query = path.split('/').filter((part) => part !== '').length <= 1 ? parsed.search : '';
  return `${host}${path}${query}`.slice(0, 120);
}

// A todo list as lines "Done: X" / "To do: X" (in progress counts as to do): a later list's "Done" supersedes.
function todoLines(todos: readonly unknown[]): string {
  const lines: string[] = [];
  for (const todo of todos.slice(0, 100)) {
    if (typeof todo !== 'object' || todo === null) {
      continue;
    }
    const { content, status } = todo as { content?: unknown; status?: unknown };
    if (typeof content !== 'string' || content.trim() === '') {
      continue;
    }
    lines.push(`- ${status === 'completed' ? 'Done' : 'To do'}: ${content.trim().replace(/\s+/g, ' ').slice(0, 280)}`);
  }
  return lines.join('\n');
}

const TRAILER = /^(?:co-authored-by|signed-off-by|🤖 generated with|generated with \[claude code\]).*$/gim;

// The message of a `git commit` command: its -m arguments, or the heredoc it reads ("$(cat <<'EOF' ... EOF)").
export function commitMessage(command: string): string | undefined {
  // At the start of a command (not "echo 'git commit later'").
  const at = commandStart(command, /(?:^|[;&|(\n])\s*(git\s+(?:-\S+\s+)*commit\b)/);
  if (at < 0) {
    return undefined;
  }
  // Only the commit's own part of the command line ("git commit -m x && gh pr create ..." is two commands).
  const rest = segmentAt(command, at);
  const heredoc = heredocBody(rest);
  const text = heredoc ?? quotedArguments(rest, /(?:^|\s)(?:-[a-zA-Z]*m|--message)(?:\s+|=)/g).join('\n\n');
  const clean = text.replace(TRAILER, '').trim();
  return clean === '' ? undefined : clean;
}

// The title and body of a `gh pr create` command.
export function pullRequestText(command: string): string | undefined {
  const at = commandStart(command, /(?:^|[;&|(\n])\s*(gh\s+pr\s+create\b)/);
  if (at < 0) {
    return undefined;
  }
  const rest = segmentAt(command, at);
  const title = quotedArguments(rest, /(?:^|\s)(?:-t|--title)(?:\s+|=)/g)[0];
  const body = heredocBody(rest) ?? quotedArguments(rest, /(?:^|\s)(?:-b|--body)(?:\s+|=)/g)[0];
  const text = [title ? `# ${title}` : '', body ?? ''].join('\n\n').replace(TRAILER, '').trim();
  return text === '' ? undefined : text;
}

// Where the command a pattern finds (its first group) starts, or -1.
function commandStart(command: string, pattern: RegExp): number {
  const match = pattern.exec(command);
  return match?.[1] ? match.index + match[0].length - match[1].length : -1;
}

// The command that starts at `start`, up to the first unquoted ; | && or newline outside $( ): one pass.
export function segmentAt(command: string, start: number): string {
  let quote: string | undefined;
  let depth = 0;
  for (let index = start; index < command.length; index += 1) {
    const char = command[index];
    if (quote === "'" && depth === 0) {
      if (char === "'") {
        quote = undefined;
      }
      continue;
    }
    if (char === '\\') {
      index += 1;
      continue;
    }
    if (char === '$' && command[index + 1] === '(') {
      depth += 1;
      index += 1;
      continue;
    }
    if (depth > 0) {
      depth += char === '(' ? 1 : char === ')' ? -1 : 0;
      continue;
    }
    if (quote === '"') {
      if (char === '"') {
        quote = undefined;
      }
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
    } else if (char === ';' || char === '\n' || char === '|' || (char === '&' && command[index + 1] === '&')) {
      return command.slice(start, index);
    }
  }
  return command.slice(start);
}

// The body of the first heredoc (<<EOF, <<'EOF', <<"EOF", <<-EOF) in a command, found with indexOf (linear).
function heredocBody(command: string): string | undefined {
  const open = /<<-?\s*(['"]?)([A-Za-z_]\w{0,20})\1/.exec(command);
  if (!open?.[2]) {
    return undefined;
  }
  const start = command.indexOf('\n', open.index);
  if (start < 0) {
    return undefined;
  }
  // The marker alone on a line ([ \t]*, never \s*: a run of newlines must not be scanned again from each one).
  const endMarker = new RegExp(`^[ \\t]*${open[2]}[ \\t]*(?:\\)|$)`, 'm');
  const body = command.slice(start + 1);
  const end = endMarker.exec(body);
  return (end ? body.slice(0, end.index) : body).replace(/\n$/, '');
}

// The quoted (or bare) values that follow each match of a flag pattern.
function quotedArguments(command: string, flag: RegExp): string[] {
  const values: string[] = [];
  for (const match of command.matchAll(flag)) {
    const start = match.index + match[0].length;
    const quote = command[start];
    if (quote === '"' || quote === "'") {
      let end = start + 1;
      let value = '';
      while (end < command.length && command[end] !== quote) {
        if (command[end] === '\\' && quote === '"' && end + 1 < command.length) {
          end += 1;
        }
        value += command[end];
        end += 1;
      }
      if (!value.startsWith('$(')) {
        values.push(value);
      }
    } else {
      const bare = /^[^\s;&|]+/.exec(command.slice(start, start + 200))?.[0];
      if (bare && !bare.startsWith('$(')) {
        values.push(bare);
      }
    }
  }
  return values;
}
