// Claude Code transcript lines to conversation messages, without our own injected context or meta lines.

// A tool_use block of an assistant message: extract-tools.ts reads edits, commands and installs from it.
export interface ToolCall {
  id?: string;
  name: string;
  input: Record<string, unknown>;
}

// A tool_result block, tied to its call by toolUseId (a failed command, a subagent's report).
export interface ToolResult {
  toolUseId: string;
  isError: boolean;
  // The first part of the result text (enough to see an error line), not the whole dump.
  head: string;
  // The result text up to RESULT_BODY_CHARS: a subagent's report is read from it.
  body?: string;
}

// A hook the client ran, from its own records (the project's hooks, a plugin's, the user's): a "stop_hook_summary"
// system line, a "hook_progress" line, or a local command's output ("PreCompact [cmd] completed successfully").
// extract-tools.ts writes which hooks the project runs and how they went.
export interface HookRun {
  event: string;
  // The tool or source it matched ("Bash" of "PostToolUse:Bash", "startup" of "SessionStart:startup").
  matcher?: string;
  command: string;
  // How the run went, when the record says.
  outcome?: 'completed' | 'failed' | 'blocked';
  detail?: string;
}

// One user or assistant turn, the unit every extractor reads and the seen-message check skips.
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
  // 'summary' for the client's own compaction summary (the model's summary of the session so far); 'hook' for the
  // feedback of a hook that blocked ("Stop hook feedback: [.../stop.sh]: ..."), which the client writes as a user line
  // marked meta: the one meta line read (capture.ts keeps the rule it states, nothing else reads it).
  origin?: 'summary' | 'hook';
  // The hooks the client ran at this point (a line of their own, or a local command's output).
  hookRuns?: HookRun[];
}

// The messages of some lines, and how many lines were read, malformed or skipped (the sync report shows the first two).
export interface ParsedTranscript {
  messages: TranscriptMessage[];
  linesRead: number;
  malformedLines: number;
  skippedLines: number;
}

const MARKUP_OPEN =
  /<(system-reminder|command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat|user-prompt-submit-hook|bash-stdout|bash-stderr|bash-input|task-notification|command-contents)>/g;

// Parses complete JSONL lines; unknown line types, meta lines, attachments and malformed lines are skipped and counted.
export function parseTranscriptLines(lines: readonly string[]): ParsedTranscript {
  const parsed: ParsedTranscript = { messages: [], linesRead: 0, malformedLines: 0, skippedLines: 0 };
  const runsSeen = new Set<string>();
  for (const line of lines) {
    if (line.trim() === '') {
      continue;
    }
    parsed.linesRead += 1;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      parsed.malformedLines += 1;
      continue;
    }
    const message = toMessage(record) ?? hookRunsMessage(record);
    // A hook on every tool call is read once per piece of transcript (newHookRuns).
    if (message?.hookRuns) {
      const runs = newHookRuns(message.hookRuns, runsSeen);
      if (runs.length > 0) {
        message.hookRuns = runs;
      } else {
        delete message.hookRuns;
      }
    }
    if (message && !isEmptyMessage(message)) {
      parsed.messages.push(message);
    } else {
      parsed.skippedLines += 1;
    }
  }
  return parsed;
}

// Whether a message has nothing any extractor reads.
const isEmptyMessage = (message: TranscriptMessage): boolean =>
  message.text === '' && message.toolCalls.length === 0 && !message.toolResults && !message.hookRuns;

// The fields of a line every message keeps: its id, time, folder and session.
function lineFields(record: Record<string, unknown>): Pick<TranscriptMessage, 'uuid' | 'timestamp' | 'cwd' | 'sessionId'> {
  return {
    ...(typeof record.uuid === 'string' ? { uuid: record.uuid } : {}),
    ...(typeof record.timestamp === 'string' ? { timestamp: record.timestamp } : {}),
    ...(typeof record.cwd === 'string' ? { cwd: record.cwd } : {}),
    ...(typeof record.sessionId === 'string' ? { sessionId: record.sessionId } : {}),
  };
}

// A line of the client's own that says which hooks ran, as a message with no text, only its runs.
function hookRunsMessage(record: unknown): TranscriptMessage | undefined {
  const hookRuns = hookRunsOfRecord(record);
  return hookRuns.length > 0 && isObject(record) ? { ...lineFields(record), role: 'user', text: '', toolCalls: [], hookRuns } : undefined;
}

// At most this many distinct hook runs are kept from one parse (a hook on every tool call writes a line per call).
const MAX_HOOK_RUNS = 100;
// The runs not seen before in this parse (by event, matcher, command and outcome).
function newHookRuns(runs: readonly HookRun[], seen: Set<string>): HookRun[] {
  const fresh: HookRun[] = [];
  for (const run of runs) {
    const key = `${run.event}\u0000${run.matcher ?? ''}\u0000${run.command}\u0000${run.outcome ?? ''}`;
    if (!seen.has(key) && seen.size < MAX_HOOK_RUNS) {
      seen.add(key);
      fresh.push(run);
    }
  }
  return fresh;
}

const MAX_HOOK_COMMAND_CHARS = 300;
const hookCommand = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX_HOOK_COMMAND_CHARS) : undefined;

// The hook runs a line of the client's own records: "stop_hook_summary" (the Stop hooks, their errors, whether one
// blocked) and "hook_progress" (a hook started: its event, matcher and command).
function hookRunsOfRecord(record: unknown): HookRun[] {
  if (!isObject(record)) {
    return [];
  }
  if (record.type === 'system' && record.subtype === 'stop_hook_summary' && Array.isArray(record.hookInfos)) {
    const errors = Array.isArray(record.hookErrors) ? record.hookErrors.filter((error) => typeof error === 'string') : [];
    const blocked = record.preventedContinuation === true;
    // Every hook completed when none failed nor blocked; a failure or a block is told only of the one hook that ran
    // (of several, the summary does not say which).
    const single = record.hookInfos.length === 1;
    const outcome = !blocked && errors.length === 0 ? 'completed' : !single ? undefined : blocked ? 'blocked' : 'failed';
    const detail = !single
      ? undefined
      : blocked && typeof record.stopReason === 'string'
        ? record.stopReason
        : (errors[0] as string | undefined);
    return record.hookInfos.flatMap((info) => {
      const command = isObject(info) ? hookCommand(info.command) : undefined;
      return command
        ? [{ event: 'Stop', command, ...(outcome ? { outcome } : {}), ...(detail ? { detail: detail.slice(0, 200) } : {}) } as HookRun]
        : [];
    });
  }
  const data = record.data;
  if (record.type === 'progress' && isObject(data) && data.type === 'hook_progress' && typeof data.hookEvent === 'string') {
    const command = hookCommand(data.command);
    // "callback": a hook the client runs in process (no command of the project's). A Stop hook's run is read from the
    // summary line the client writes after it, which says how it went.
    if (!command || command === 'callback' || data.hookEvent === 'Stop') {
      return [];
    }
    // The matcher only of a session event ("SessionStart:startup"): of a tool event it is the tool that triggered it
    // ("PostToolUse:Read"), one line per tool of a hook on every tool.
    const name = typeof data.hookName === 'string' ? data.hookName : '';
    const matcher = name.startsWith(`${data.hookEvent}:`) && !/ToolUse/.test(data.hookEvent) ? name.slice(data.hookEvent.length + 1) : '';
    return [{ event: data.hookEvent.slice(0, 40), ...(matcher ? { matcher: matcher.slice(0, 60) } : {}), command }];
  }
  return [];
}

// A local command's report of a hook: "PreCompact ["$CLAUDE_PROJECT_DIR"/hooks/run_hook.sh] completed successfully"
// (after /compact), terminal colour codes around it; only a hook event's name, only inside the command's output (a
// prompt that quotes such a line is the user's). The command may hold "]" ("[[ -f x ]]"): it runs to the "] "
// that the outcome follows. Bounded runs from each event name: linear in the text.
const HOOK_EVENTS =
  'PreCompact|PostCompact|SessionStart|SessionEnd|Stop|SubagentStop|UserPromptSubmit|PreToolUse|PostToolUse|PostToolUseFailure|Notification';
const LOCAL_HOOK_REPORT = new RegExp(`(?<![\\w-])(${HOOK_EVENTS}) \\[([^\\n]{1,300}?)\\] (completed successfully|failed)`, 'g');
const LOCAL_STDOUT = '<local-command-stdout>';
const LOCAL_STDOUT_END = '</local-command-stdout>';
function hookRunsOfLocalOutput(text: string): HookRun[] {
  const runs: HookRun[] = [];
  let from = text.indexOf(LOCAL_STDOUT);
  while (from >= 0 && runs.length < MAX_HOOK_RUNS) {
    const start = from + LOCAL_STDOUT.length;
    const end = text.indexOf(LOCAL_STDOUT_END, start);
    const output = text.slice(start, end < 0 ? text.length : end);
    for (const match of output.replace(/\u001b\[[0-9;]{0,12}m/g, '').matchAll(LOCAL_HOOK_REPORT)) {
      const command = hookCommand(match[2]);
      if (command && runs.length < MAX_HOOK_RUNS) {
        runs.push({ event: match[1] as string, command, outcome: match[3] === 'failed' ? 'failed' : 'completed' });
      }
    }
    from = end < 0 ? -1 : text.indexOf(LOCAL_STDOUT, end);
  }
  return runs;
}

// Removes system reminders, slash-command markup and our own context blocks from a piece of prose.
export function stripInjectedMarkup(text: string): string {
  let stripped = removeMarkupBlocks(text)
    .replace(/^\[Request interrupted by user[^\]\n]*\]$/gm, ' ')
    .replace(/^Caveat: The messages below were generated by the user while running local commands\.[^\n]*$/gm, ' ');
  // Claude Code's line after a background task's notification (the notification itself is markup, removed above):
  // the line and an absolute path. Only after a notification: typed by the user, the same words are theirs.
  if (text.includes('<task-notification>')) {
    stripped = stripped.replace(/^Read the output file to retrieve the result: (?:\/|[A-Za-z]:[\\/])[^\n]*$/gm, ' ');
  }
  return stripped.replace(/(?<![ \t])[ \t]+\n/g, '\n').trim();
}

// Each <tag>...</tag> block becomes a space, as `<(tag)>[\s\S]*?<\/\1>` would do, in linear time: that pattern
// scanned to the end of the text from every unclosed tag (quadratic on many of them); here a tag found unclosed
// once is not looked for again.
function removeMarkupBlocks(text: string): string {
  const unclosed = new Set<string>();
  const pieces: string[] = [];
  let kept = 0;
  const open = new RegExp(MARKUP_OPEN.source, 'g');
  for (let match = open.exec(text); match !== null; match = open.exec(text)) {
    const tag = match[1] as string;
    if (unclosed.has(tag)) {
      continue;
    }
    const close = text.indexOf(`</${tag}>`, match.index + match[0].length);
    if (close < 0) {
      unclosed.add(tag);
      continue;
    }
    pieces.push(text.slice(kept, match.index), ' ');
    kept = close + tag.length + 3;
    open.lastIndex = kept;
  }
  return kept === 0 ? text : `${pieces.join('')}${text.slice(kept)}`;
}

function toMessage(record: unknown): TranscriptMessage | undefined {
  if (!isObject(record)) {
    return undefined;
  }
  const type = record.type;
  if (type !== 'user' && type !== 'assistant') {
    return undefined;
  }
  const summary = record.isCompactSummary === true;
  // The client marks its compaction summary visible in the transcript only (2.0.76 and 2.1.x: every one of the corpus):
  // it is still the model's own account of the session so far, the best source of what it decided and fixed.
  const message = record.message;
  if (!isObject(message)) {
    return undefined;
  }
  const hook =
    record.isMeta === true && type === 'user' && typeof message.content === 'string' && HOOK_FEEDBACK_START.test(message.content);
  if ((record.isMeta === true && !hook) || (record.isVisibleInTranscriptOnly === true && !summary)) {
    return undefined;
  }
  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  const toolResults: ToolResult[] = [];
  const content = message.content;
  if (typeof content === 'string') {
    texts.push(content);
  } else if (Array.isArray(content)) {
    for (const block of content) {
      if (!isObject(block)) {
        continue;
      }
      if (block.type === 'text' && typeof block.text === 'string') {
        texts.push(block.text);
      } else if (block.type === 'tool_use' && typeof block.name === 'string') {
        toolCalls.push({
          ...(typeof block.id === 'string' ? { id: block.id } : {}),
          name: block.name,
          input: isObject(block.input) ? block.input : {},
        });
      } else if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        const body = resultText(block.content, RESULT_BODY_CHARS);
        toolResults.push({
          toolUseId: block.tool_use_id,
          isError: block.is_error === true,
          head: body.slice(0, RESULT_HEAD_CHARS),
          ...(body.length > RESULT_HEAD_CHARS ? { body } : {}),
        });
      }
    }
  }
  // (A hook's feedback may come as a system reminder: its text is the feedback, kept.)
  const joined = hook ? withoutReminderTags(texts.join('\n')) : texts.join('\n');
  const text = summary ? stripOwnContext(stripInjectedMarkup(joined)) : stripInjectedMarkup(joined);
  const hookRuns = type === 'user' ? hookRunsOfLocalOutput(joined) : [];
  const parsed: TranscriptMessage = {
    ...lineFields(record),
    role: type,
    text,
    toolCalls,
    ...(toolResults.length > 0 ? { toolResults } : {}),
    ...(summary ? { origin: 'summary' as const } : hook ? { origin: 'hook' as const } : {}),
    ...(hookRuns.length > 0 ? { hookRuns } : {}),
  };
  return isEmptyMessage(parsed) ? undefined : parsed;
}

// The opening of a hook's feedback line: "Stop hook feedback:", "SubagentStop hook feedback:", or, in a system reminder,
// "PreToolUse:Bash hook blocking error from command:".
const HOOK_FEEDBACK_START = /^(?:<system-reminder>\s*)?\w{3,30}(?::\w{1,30})? hook (?:feedback|blocking error from command):/;
// Such feedback without the system reminder's tags around it (a trim and two fixed strings: no pattern scans back
// over a long run of spaces).
function withoutReminderTags(text: string): string {
  const open = '<system-reminder>';
  const close = '</system-reminder>';
  const inner = text.startsWith(open) ? text.slice(open.length) : text;
  const trimmed = inner.trimEnd();
  return (trimmed.endsWith(close) ? trimmed.slice(0, -close.length) : trimmed).trim();
}

// A compaction summary may quote the context we injected: those paragraphs are ours and never come back in.
const OWN_CONTEXT_HEADER = 'Project memory (memory-fabric)';
function stripOwnContext(text: string): string {
  if (!text.includes(OWN_CONTEXT_HEADER)) {
    return text;
  }
  return text
    .split(/\n\s*\n/)
    .filter((paragraph) => !paragraph.includes(OWN_CONTEXT_HEADER))
    .join('\n\n');
}

const RESULT_HEAD_CHARS = 600;
// A subagent's report is rarely longer; the rest of a long tool output is never read.
const RESULT_BODY_CHARS = 8000;

function resultText(content: unknown, limit: number): string {
  if (typeof content === 'string') {
    return content.slice(0, limit);
  }
  if (!Array.isArray(content)) {
    return '';
  }
  let text = '';
  for (const part of content) {
    if (text.length >= limit) {
      break;
    }
    if (isObject(part) && typeof part.text === 'string') {
      text += (text === '' ? '' : '\n') + part.text.slice(0, limit);
    }
  }
  return text.slice(0, limit);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
