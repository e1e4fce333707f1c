// Claude Code transcript lines to conversation messages, without our own injected context or meta lines.

export interface ToolCall {
  id?: string;
  name: string;
  input: Record<string, unknown>;
}

export interface ToolResult {
  toolUseId: string;
  isError: boolean;
  // The first part of the result text (enough to see an error line), not the whole dump.
  head: string;
}

export interface TranscriptMessage {
  uuid?: string;
  role: 'user' | 'assistant';
  timestamp?: string;
  // Prose the user or Claude wrote, with system reminders and command markup removed.
  text: string;
  toolCalls: ToolCall[];
  toolResults?: ToolResult[];
  cwd?: string;
  sessionId?: string;
}

export interface ParsedTranscript {
  messages: TranscriptMessage[];
  linesRead: number;
  malformedLines: number;
  skippedLines: number;
}

const MARKUP_BLOCKS = /<(system-reminder|command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat|user-prompt-submit-hook|bash-stdout|bash-stderr|bash-input)>[\s\S]*?<\/\1>/g;

// Parses complete JSONL lines; unknown line types, meta lines, attachments and malformed lines are skipped and counted.
export function parseTranscriptLines(lines: readonly string[]): ParsedTranscript {
  const parsed: ParsedTranscript = { messages: [], linesRead: 0, malformedLines: 0, skippedLines: 0 };
  for (const line of lines) {
    if (line.trim() === '') continue;
    parsed.linesRead += 1;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      parsed.malformedLines += 1;
      continue;
    }
    const message = toMessage(record);
    if (message) parsed.messages.push(message);
    else parsed.skippedLines += 1;
  }
  return parsed;
}

// Removes system reminders, slash-command markup and our own context blocks from a piece of prose.
export function stripInjectedMarkup(text: string): string {
  return text.replace(MARKUP_BLOCKS, ' ').replace(/[ \t]+\n/g, '\n').trim();
}

function toMessage(record: unknown): TranscriptMessage | undefined {
  if (!isObject(record)) return undefined;
  const type = record.type;
  if (type !== 'user' && type !== 'assistant') return undefined;
  if (record.isMeta === true || record.isCompactSummary === true || record.isVisibleInTranscriptOnly === true) return undefined;
  const message = record.message;
  if (!isObject(message)) return undefined;
  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  const toolResults: ToolResult[] = [];
  const content = message.content;
  if (typeof content === 'string') texts.push(content);
  else if (Array.isArray(content)) {
    for (const block of content) {
      if (!isObject(block)) continue;
      if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
      else if (block.type === 'tool_use' && typeof block.name === 'string') {
        toolCalls.push({ ...(typeof block.id === 'string' ? { id: block.id } : {}), name: block.name, input: isObject(block.input) ? block.input : {} });
      } else if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        toolResults.push({ toolUseId: block.tool_use_id, isError: block.is_error === true, head: resultHead(block.content) });
      }
    }
  }
  const text = stripInjectedMarkup(texts.join('\n'));
  if (text === '' && toolCalls.length === 0 && toolResults.length === 0) return undefined;
  return {
    ...(typeof record.uuid === 'string' ? { uuid: record.uuid } : {}),
    role: type,
    ...(typeof record.timestamp === 'string' ? { timestamp: record.timestamp } : {}),
    text,
    toolCalls,
    ...(toolResults.length > 0 ? { toolResults } : {}),
    ...(typeof record.cwd === 'string' ? { cwd: record.cwd } : {}),
    ...(typeof record.sessionId === 'string' ? { sessionId: record.sessionId } : {}),
  };
}

const RESULT_HEAD_CHARS = 600;

function resultHead(content: unknown): string {
  if (typeof content === 'string') return content.slice(0, RESULT_HEAD_CHARS);
  if (!Array.isArray(content)) return '';
  const text = content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('\n');
  return text.slice(0, RESULT_HEAD_CHARS);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
