// Structured facts from tool calls: files edited, notable commands and whether they failed, errors and the fix
// that followed, packages installed, subagents used.
import path from 'node:path';
import { tagProvenance } from './graph.ts';
import type { DeltaBuilder, ExtractionContext } from './extract.ts';
import type { ToolCall, TranscriptMessage } from './transcript.ts';

// Commands worth remembering: how this project is built, tested, linted, migrated, deployed.
const NOTABLE_COMMAND =
  /^(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:test|build|lint|typecheck|check|format|dev|start|e2e|migrate|deploy)\b|npx\s+(?:tsc|vitest|jest|playwright|eslint|prettier|prisma)\b|cargo\s+(?:test|build|clippy|fmt|check|run)\b|go\s+(?:test|build|vet)\b|(?:python3?\s+-m\s+)?pytest\b|make\b|tsc\b|mvn\s+\w+|gradle\w*\s+\w+|docker\s+(?:build|compose)\b|uv\s+run\b|poetry\s+run\b|rake\b|bundle\s+exec\b|mix\s+test\b|dotnet\s+(?:test|build)\b)/;
const INSTALL = /\b(?:npm|pnpm|yarn|bun)\s+(?:install|add|i)\s+((?:-{1,2}[\w-]+\s+)*)([@\w./-]+(?:\s+[@\w./-]+)*)/;
const PIP_INSTALL = /\b(?:pip3?|uv pip|uv|poetry)\s+(?:install|add)\s+([\w.[\]=<>-]+(?:\s+[\w.[\]=<>-]+)*)/;
const CARGO_ADD = /\bcargo\s+add\s+([\w-]+(?:\s+[\w-]+)*)/;
const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
const AGENT_TOOLS = new Set(['Task', 'Agent']);
const ERROR_LINE = /(error|failed|failure|exception|cannot|can't|not found|undefined|denied|refused|panicked|traceback|assert)/i;

interface CommandRun {
  command: string;
  failed: boolean;
  errorLine?: string;
  date?: string;
  session?: string;
  editsBefore: string[];
}

export function extractToolFacts(builder: DeltaBuilder, messages: readonly TranscriptMessage[], context: ExtractionContext): void {
  const results = new Map<string, { isError: boolean; head: string }>();
  for (const message of messages) for (const result of message.toolResults ?? []) results.set(result.toolUseId, result);
  const project = context.projectName;
  const edits = new Map<string, { count: number; written: boolean; date?: string; session?: string }>();
  const runs = new Map<string, CommandRun[]>();
  let recentEdits: string[] = [];

  for (const message of messages) {
    const date = message.timestamp?.slice(0, 10);
    const session = context.sessionId ?? message.sessionId;
    for (const call of message.toolCalls) {
      const file = editedFile(call, message.cwd);
      if (file) {
        const entry = edits.get(file) ?? { count: 0, written: false, ...(date ? { date } : {}), ...(session ? { session } : {}) };
        entry.count += 1;
        entry.written ||= call.name === 'Write';
        edits.set(file, entry);
        recentEdits = [file, ...recentEdits.filter((other) => other !== file)].slice(0, 3);
        continue;
      }
      if (AGENT_TOOLS.has(call.name) && typeof call.input.subagent_type === 'string') {
        const description = typeof call.input.description === 'string' ? call.input.description : 'a task';
        builder.stats.agents += 1;
        builder.addEntity(call.input.subagent_type, 'agent', 0.7, tagProvenance(`Delegated: ${clip(description, 120)}.`, date, session));
        continue;
      }
      const command = typeof call.input.command === 'string' && call.name === 'Bash' ? call.input.command.trim() : undefined;
      if (!command) continue;
      for (const packageName of installedPackages(command)) {
        builder.stats.installs += 1;
        const added = builder.addEntity(packageName, 'package', 0.8, tagProvenance(`Installed with: ${clip(command.split('\n')[0] ?? '', 120)}`, date, session));
        builder.addRelation(project, 'depends_on', added);
      }
      const key = commandKey(command);
      if (!key) continue;
      const result = call.id ? results.get(call.id) : undefined;
      if (!result) continue;
      const errorLine = result.isError ? firstErrorLine(result.head) : undefined;
      const run: CommandRun = { command: clip(command.split('\n')[0] ?? command, 100), failed: result.isError, ...(errorLine ? { errorLine } : {}), ...(date ? { date } : {}), ...(session ? { session } : {}), editsBefore: recentEdits };
      runs.set(key, [...(runs.get(key) ?? []), run]);
      recentEdits = [];
    }
  }

  for (const [file, entry] of edits) {
    builder.stats.files += 1;
    builder.addEntity(file, 'file', 0.7, tagProvenance(`${entry.written ? 'Written' : 'Edited'} (${entry.count} ${entry.count === 1 ? 'change' : 'changes'}).`, entry.date, entry.session));
  }
  for (const [key, commandRuns] of runs) {
    builder.stats.commands += 1;
    const last = commandRuns[commandRuns.length - 1];
    if (!last) continue;
    const outcome = commandRuns.some((run) => run.failed) && !last.failed ? 'failed, then passed' : last.failed ? 'failed' : 'passed';
    builder.addRelation(project, 'uses', builder.addEntity(key, 'command', 0.7, tagProvenance(`Ran \`${last.command}\`: ${outcome}.`, last.date, last.session)));
    const failure = commandRuns.find((run) => run.failed);
    if (!failure) continue;
    const fixedBy = commandRuns.slice(commandRuns.indexOf(failure) + 1).find((run) => !run.failed);
    builder.stats.errors += 1;
    const errorName = builder.addEntity(
      `${key}-failure`,
      'error',
      fixedBy ? 0.8 : 0.65,
      tagProvenance(`Error: \`${failure.command}\` failed${failure.errorLine ? `: ${failure.errorLine}` : ''}.`, failure.date, failure.session),
    );
    if (fixedBy && errorName) {
      const files = [...new Set(commandRuns.slice(commandRuns.indexOf(failure) + 1, commandRuns.indexOf(fixedBy) + 1).flatMap((run) => run.editsBefore))].slice(0, 3);
      builder.addEntity(errorName, 'error', 0.8, tagProvenance(`Fix: passed again${files.length > 0 ? ` after editing ${files.join(', ')}` : ''}.`, fixedBy.date, fixedBy.session));
    }
  }
}

// "npm test", "cargo build", "pytest" ...: the first words of a notable command, as an entity name.
export function commandKey(command: string): string | undefined {
  const first = command.split(/&&|;|\|\||\n/)[0]?.trim().replace(/^(?:cd\s+\S+\s*&&\s*)?(?:\w+=\S+\s+)*/, '') ?? '';
  if (!NOTABLE_COMMAND.test(first)) return undefined;
  const words = first.split(/\s+/).filter((word) => !word.startsWith('-'));
  const take = /^(npm|pnpm|yarn|bun)$/.test(words[0] ?? '') && words[1] === 'run' ? 3 : /^(python3?)$/.test(words[0] ?? '') ? 3 : 2;
  return words.slice(0, take).join('-').toLowerCase().replace(/[^\w.-]/g, '');
}

function editedFile(call: ToolCall, cwd: string | undefined): string | undefined {
  if (!EDIT_TOOLS.has(call.name)) return undefined;
  const file = typeof call.input.file_path === 'string' ? call.input.file_path : typeof call.input.notebook_path === 'string' ? call.input.notebook_path : undefined;
  if (!file || /(^|\/)(node_modules|\.git|dist|build|target)\//.test(file) || /^\/(tmp|var\/folders|private\/tmp)\//.test(file)) return undefined;
  if (cwd && path.isAbsolute(file) && file.startsWith(`${cwd}/`)) return file.slice(cwd.length + 1);
  return file;
}

function installedPackages(command: string): string[] {
  const names: string[] = [];
  for (const line of command.split(/&&|;|\n/)) {
    const list = line.match(INSTALL)?.[2] ?? line.match(PIP_INSTALL)?.[1] ?? line.match(CARGO_ADD)?.[1];
    if (!list) continue;
    for (const token of list.split(/\s+/)) {
      if (token === '' || token.startsWith('-') || token.startsWith('.') || (token.includes('/') && !token.startsWith('@'))) continue;
      const bare = token.replace(/(?<=.)@[^/]*$/, '').replace(/[=<>[].*$/, '');
      if (bare.length >= 2 && !/^(install|add|run)$/.test(bare)) names.push(bare);
    }
  }
  return names;
}

function firstErrorLine(head: string): string | undefined {
  const line = head.split('\n').map((candidate) => candidate.trim()).find((candidate) => ERROR_LINE.test(candidate) && candidate.length >= 8);
  return line ? clip(line, 160) : undefined;
}

const clip = (text: string, limit: number): string => (text.length <= limit ? text : `${text.slice(0, limit - 1)}…`);
