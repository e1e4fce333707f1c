// Structured facts from tool calls: files edited, notable commands and whether they failed, errors and the fix
// that followed, packages installed, subagent calls counted, the hooks the client ran.
import { COMMAND_CHARS } from './bounds.ts';
import { scriptOf } from './capture/hook-script.ts';
import { codeConstants, constantStatement } from './capture/code-constants.ts';
import { recipeStatement, taskRecipes } from './capture/task-recipes.ts';
import { tagProvenance } from './graph.ts';
import { redactSecrets } from './redact.ts';
import { formatStatement } from './statement.ts';
import { clip, type DeltaBuilder, type ExtractionContext } from './delta-builder.ts';
import type { HookRun, ToolCall, TranscriptMessage } from './transcript.ts';

// The entity of a session: what it asked for and did ("session-84734307").
export const sessionEntityName = (sessionId: string | undefined): string | undefined =>
  sessionId ? `session-${sessionId.slice(0, 8)}` : undefined;

// Commands worth remembering: how this project is built, tested, linted, migrated, deployed.
const NOTABLE_COMMAND =
  /^(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:test|build|lint|typecheck|check|format|dev|start|e2e|migrate|deploy)\b|npx\s+(?:tsc|vitest|jest|playwright|eslint|prettier|prisma)\b|cargo\s+(?:test|build|clippy|fmt|check|run)\b|go\s+(?:test|build|vet)\b|(?:python3?\s+-m\s+)?pytest\b|make\b|tsc\b|mvn\s+\w+|gradle\w*\s+\w+|docker\s+(?:build|compose)\b|uv\s+run\b|poetry\s+run\b|just\s+\w+|rake\b|bundle\s+exec\b|mix\s+test\b|dotnet\s+(?:test|build)\b)/;
const INSTALL = /\b(?:npm|pnpm|yarn|bun)\s+(?:install|add|i)\s+((?:-{1,2}[\w-]+\s+)*)([@\w./-]+(?:\s+[@\w./-]+)*)/;
const PIP_INSTALL = /\b(?:pip3?|uv pip|uv|poetry)\s+(?:install|add)\s+([\w.[\]=<>-]+(?:\s+[\w.[\]=<>-]+)*)/;
const CARGO_ADD = /\bcargo\s+add\s+([\w-]+(?:\s+[\w-]+)*)/;
const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
const AGENT_TOOLS = new Set(['Task', 'Agent']);
const ERROR_LINE = /(error|failed|failure|exception|cannot|can't|not found|undefined|denied|refused|panicked|traceback|assert)/i;

// What tool-call extraction carries from one sync of a session to the next, so that a transcript synced in pieces
// (as it grows) gives the same facts as synced whole: tool calls still waiting for their result, failures not yet fixed.
export interface ToolState {
  pendingCalls?: Record<string, PendingCall>;
  openFailures?: Record<string, { editsSince: string[] }>;
  // The warnings of command output already written this session (the same "npm warn Unknown env config" follows every
  // npm command), the newest MAX_WARNINGS_SEEN.
  warningsSeen?: string[];
}

// A tool call waiting for its result: a notable command (key: its entity, '' when it is none, command: its first line)
// with the packages it installs, or an edit (key: the file, command: the tool, ignored: what it adds to an ignore
// file, recipes: the task runner's recipes it writes), written once its result says whether it happened.
interface PendingCall {
  key: string;
  command: string;
  date?: string;
  session?: string;
  edit?: true;
  ignored?: string;
  recipes?: Array<{ entity: string; statement: string }>;
  // The named constants the edit writes, as statements on its file (capture/code-constants.ts).
  constants?: string[];
  packages?: string[];
  installedWith?: string;
  // A command that prints a file or searches (cat, head, grep...): its output's "WARN" lines are the file's.
  printsFile?: true;
}
const PRINTS_A_FILE = /^(?:cat|head|tail|less|more|bat|grep|rg|sed|awk|jq|echo|printf|ls|find)\b/;

// Adds the tool facts of the messages to the builder; returns what waits for the session's next sync.
export function extractToolFacts(
  builder: DeltaBuilder,
  messages: readonly TranscriptMessage[],
  context: ExtractionContext,
  state: ToolState = {},
): ToolState {
  const pendingCalls = { ...(state.pendingCalls ?? {}) };
  const openFailures = Object.fromEntries(
    Object.entries(state.openFailures ?? {}).map(([key, value]) => [key, { editsSince: [...value.editsSince] }]),
  );
  const project = context.projectName;
  const warningsSeen = [...(state.warningsSeen ?? [])];

  // The message each call of this sync waiting for its result was made in (for those whose result never comes: see
  // below).
  const callAt = new Map<string, number>();
  // The last message of this sync from the user's side (tool results, a prompt; not a hook's line): an edit called
  // before it whose result is still missing will not get one.
  let lastResultAt = -1;
  for (const [position, message] of messages.entries()) {
    if (message.role === 'user' && message.origin !== 'hook') {
      lastResultAt = position;
    }
    const date = message.timestamp?.slice(0, 10);
    const session = context.sessionId ?? message.sessionId;
    for (const call of message.toolCalls) {
      const file = editedFile(call, message.cwd);
      if (file) {
        const ignored = ignoreFileAdditions(call, file);
        const recipes = recipesOf(call, file);
        // Only of a file of the project: not ~/.bashrc's or another checkout's, whose path would name the user and
        // whose values are no choice of this project's.
        const constants = isOutsideProject(file)
          ? []
          : codeConstants(file, writtenText(call)).map((constant) => constantStatement(file, constant.line));
        const edit: PendingCall = {
          key: file,
          command: call.name,
          edit: true,
          ...(date ? { date } : {}),
          ...(session ? { session } : {}),
          ...(ignored ? { ignored } : {}),
          ...(recipes.length > 0 ? { recipes } : {}),
          ...(constants.length > 0 ? { constants } : {}),
        };
        // Written when its result says it happened (a Write refused with "File has not been read yet" changed
        // nothing); a call with no id (no result can name it) is taken as done.
        if (call.id) {
          pendingCalls[call.id] = edit;
          callAt.set(call.id, position);
        } else {
          writeEdit(builder, context, edit, openFailures);
        }
        continue;
      }
      if (AGENT_TOOLS.has(call.name) && typeof call.input.subagent_type === 'string') {
        // Counted, not written: the task's short description ("Explore existing codebase") says nothing a later session
        // needs; what the subagent was asked and found is captured from its own transcript (SubagentStop).
        builder.stats.agents += 1;
        continue;
      }
      // A background command's output, read later: its warnings ("⚠ You are using a non-standard ... value") count.
      // (BashOutput in older clients, TaskOutput since.)
      if ((call.name === 'BashOutput' || call.name === 'TaskOutput') && call.id) {
        pendingCalls[call.id] = { key: '', command: '', ...(date ? { date } : {}), ...(session ? { session } : {}) };
        callAt.set(call.id, position);
        continue;
      }
      const command = typeof call.input.command === 'string' && call.name === 'Bash' ? call.input.command.trim() : undefined;
      if (!command) {
        continue;
      }
      // Clipped once per command, not once per package (a command naming thousands of packages was quadratic).
      const packages = [...installedPackages(command)];
      const installs =
        packages.length > 0 ? { packages, installedWith: `Installed with: ${clip(command.split('\n', 1)[0] ?? '', 120)}` } : {};
      const key = commandKey(command);
      // Packages are written when the result says the install worked (a failed `npm install typo-pkg` adds no
      // dependency), when the command is installs only and runs in the foreground: of `npm install zod && npm run build`
      // the error may be the build's, and a background command's result says only that it started. Otherwise, and for
      // a call with no id (no result can name it), they are taken as done. Every command waits for its result, whose
      // warnings are read (not those of a command that prints a file: `cat README.md`).
      const segments = command
        .split(/&&|;|\|\||\n/)
        .map((segment) => segment.trim())
        .filter((segment) => segment !== '' && !/^cd\s/.test(segment));
      const deferInstalls =
        call.id !== undefined &&
        packages.length > 0 &&
        call.input.run_in_background !== true &&
        segments.every((segment) => installedPackages(segment).length > 0);
      if (!deferInstalls) {
        writeInstalls(builder, project, { ...installs, ...(date ? { date } : {}), ...(session ? { session } : {}) });
      }
      if (call.id) {
        pendingCalls[call.id] = {
          key: key ?? '',
          command: clip(command.split('\n')[0] ?? command, 100),
          ...(date ? { date } : {}),
          ...(session ? { session } : {}),
          ...(deferInstalls ? installs : {}),
          ...(PRINTS_A_FILE.test(segments[0] ?? '') ? { printsFile: true as const } : {}),
        };
        callAt.set(call.id, position);
      }
    }
    for (const run of message.hookRuns ?? []) {
      writeHookRun(builder, run, message.cwd, date, session);
    }
    for (const result of message.toolResults ?? []) {
      const call = pendingCalls[result.toolUseId];
      if (!call) {
        continue;
      }
      delete pendingCalls[result.toolUseId];
      if (call.edit) {
        if (result.isError) {
          writeEditFailure(builder, context, call, result.head);
        } else {
          writeEdit(builder, context, call, openFailures);
        }
        continue;
      }
      if (!call.printsFile) {
        writeWarnings(builder, context, call, result.body ?? result.head, warningsSeen);
      }
      if (!result.isError) {
        writeInstalls(builder, project, call);
      }
      if (call.key === '') {
        continue;
      }
      builder.stats.commands += 1;
      builder.addRelation(project, 'uses', builder.addEntity(call.key, 'command', 0.7, `Run as \`${call.key.replace(/-/g, ' ')}\`.`));
      const open = openFailures[call.key];
      if (result.isError && !open) {
        builder.stats.errors += 1;
        const line = firstErrorLine(result.head);
        builder.addEntity(
          `${call.key}-failure`,
          'error',
          0.65,
          tagProvenance(`Error: \`${call.command}\` failed${line ? `: ${line}` : ''}.`, call.date, call.session),
        );
        openFailures[call.key] = { editsSince: [] };
      } else if (!result.isError && open) {
        const files = open.editsSince;
        builder.addEntity(
          `${call.key}-failure`,
          'error',
          0.8,
          tagProvenance(`Fix: passed again${files.length > 0 ? ` after editing ${files.join(', ')}` : ''}.`, call.date, call.session),
        );
        delete openFailures[call.key];
      }
    }
  }
  // An edit or an install whose result is missing though the user's side spoke after it will not get one (a transcript
  // line the client wrote malformed, an interrupted turn): taken as done, as before its result was read (a command's
  // own facts and warnings, which need its result, are dropped). One with nothing from the user's side after it in this sync waits
  // for the next: a transcript read in pieces, or the Stop hook's pass over the last reply, may end between a call and
  // its result.
  for (const [id, call] of Object.entries(pendingCalls)) {
    const at = callAt.get(id) ?? -1;
    if (at < lastResultAt) {
      if (call.edit) {
        writeEdit(builder, context, call, openFailures);
      } else {
        writeInstalls(builder, project, call);
      }
      delete pendingCalls[id];
    }
  }
  return {
    ...(Object.keys(pendingCalls).length > 0 ? { pendingCalls } : {}),
    ...(Object.keys(openFailures).length > 0 ? { openFailures } : {}),
    ...(warningsSeen.length > 0 ? { warningsSeen: warningsSeen.slice(-MAX_WARNINGS_SEEN) } : {}),
  };
}

// What a command's output warned of, on the session (kind warning): pnpm's "Ignored build scripts: sharp ... Run
// "pnpm approve-builds"", Next.js's "You are using a non-standard "X" value in your environment", npm's deprecations.
// At most WARNINGS_PER_RESULT per output, each once a session (the same warning follows every npm command).
function writeWarnings(builder: DeltaBuilder, context: ExtractionContext, call: PendingCall, output: string, seen: string[]): void {
  const sessionName = sessionEntityName(context.sessionId ?? call.session);
  let written = 0;
  for (const warning of warningsOf(output)) {
    if (written >= WARNINGS_PER_RESULT || seen.includes(warning)) {
      continue;
    }
    seen.push(warning);
    written += 1;
    const from = call.command ? `\`${clip(call.command, 60)}\` warned` : 'A background command warned';
    builder.addEntity(
      sessionName ?? 'warnings',
      sessionName ? 'session' : 'note',
      0.65,
      editStatement(call, `${from}: ${warning}`, 'warning'),
    );
  }
}
const WARNINGS_PER_RESULT = 2;
const MAX_WARNINGS_SEEN = 100;
// A warning line, as the package managers and dev servers print one: "npm warn ...", "WARN ..." (pnpm), "⚠ ..."
// (Next.js); pnpm frames its own in a box ("╭ Warning ─╮", "│ text │" lines, "╰─╯"). Not a compiler's lowercase
// "warning: variable x is unused" (Elixir, Rust) nor "Warning: ..." (React's act() and key warnings, ssh's known
// hosts, pip as root, a file printed by cat): the state of code being written, or chatter.
const WARNING_LINE = /^(?:(?:npm|pnpm|yarn)\s+(?:warn|WARN)\b|WARN\b|⚠\uFE0F?(?:\s*Warning\b)?)[:\s-]*/;
const BOX_WARNING = /^╭\s*warn(?:ing)?\b/i;
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/;
// A line without the markup tags a tool wraps its output in (TaskOutput's <output>...</output>), at either end.
const LEADING_TAGS = /^(?:<\/?[a-z_]{1,20}>\s*)+/;
function withoutTags(line: string): string {
  let text = line.replace(LEADING_TAGS, '');
  for (let stripped = 0; stripped < 3 && text.endsWith('>'); stripped += 1) {
    const open = text.lastIndexOf('<');
    if (open < 0 || !/^<\/?[a-z_]{1,20}>$/.test(text.slice(open))) {
      break;
    }
    text = text.slice(0, open).trimEnd();
  }
  return text;
}
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
const MIN_WARNING_CHARS = 12;
// The warnings of an output (its first RESULT_BODY_CHARS, transcript.ts), in order, each as one line of text.
export function warningsOf(output: string): string[] {
  const found: string[] = [];
  let box: string[] | undefined;
  for (const raw of output.replace(ANSI, '').split(LINE_BREAK)) {
    const line = withoutTags(raw.trim());
    if (box) {
      if (line.startsWith('╰')) {
        found.push(box.join(' ').replace(/\s+/g, ' ').trim());
        box = undefined;
      } else {
        box.push(line.replace(/^[│|]/, '').replace(/[│|]$/, ''));
      }
      continue;
    }
    if (BOX_WARNING.test(line)) {
      box = [];
      continue;
    }
    // The rest of the line after the marker (no pattern over it: `.` stops at a \r, and backtracking from there is
    // quadratic).
    const marker = WARNING_LINE.exec(line);
    const text = marker ? line.slice(marker[0].length).trim() : '';
    if (text) {
      found.push(text);
    }
  }
  return found.filter((text) => text.length >= MIN_WARNING_CHARS).map((text) => clip(text, 240));
}

// The packages an install that happened added: an entity each, on which the project depends.
function writeInstalls(
  builder: DeltaBuilder,
  project: string | undefined,
  install: { packages?: string[]; installedWith?: string; date?: string; session?: string },
): void {
  for (const packageName of install.packages ?? []) {
    builder.stats.installs += 1;
    const added = builder.addEntity(packageName, 'package', 0.8, tagProvenance(install.installedWith ?? '', install.date, install.session));
    builder.addRelation(project, 'depends_on', added);
  }
}

// An edit that happened: one statement per file on the session (what the session did), not an entity per file (a
// file becomes an entity when something is said about it); what it added to an ignore file, on the file; a file
// edited since a command failed, for the fix that follows.
function writeEdit(
  builder: DeltaBuilder,
  context: ExtractionContext,
  edit: PendingCall,
  openFailures: Record<string, { editsSince: string[] }>,
): void {
  const file = edit.key;
  builder.stats.files += 1;
  const sessionName = sessionEntityName(context.sessionId ?? edit.session);
  builder.addEntity(sessionName ?? file, sessionName ? 'session' : 'file', 0.7, editStatement(edit, `Changed ${file}`, 'done'));
  if (edit.ignored) {
    builder.addEntity(file, 'file', 0.75, editStatement(edit, edit.ignored, 'done'));
  }
  for (const constant of edit.constants ?? []) {
    builder.addEntity(file, 'file', 0.75, editStatement(edit, constant, 'fact'));
  }
  for (const recipe of edit.recipes ?? []) {
    builder.addRelation(
      context.projectName,
      'uses',
      builder.addEntity(recipe.entity, 'command', 0.75, editStatement(edit, recipe.statement, 'fact')),
    );
  }
  for (const failure of Object.values(openFailures)) {
    if (!failure.editsSince.includes(file) && failure.editsSince.length < 3) {
      failure.editsSince.push(file);
    }
  }
}

// An edit the tool refused ("File has not been read yet. Read it first before writing to it."), on the session:
// not "Changed" (nothing changed), and what a later session asks when the same refusal comes back.
function writeEditFailure(builder: DeltaBuilder, context: ExtractionContext, edit: PendingCall, head: string): void {
  const reason = clip(
    head
      .replace(/<\/?tool_use_error>/g, '')
      .split('\n', 1)[0]
      ?.trim() ?? '',
    160,
  );
  const sessionName = sessionEntityName(context.sessionId ?? edit.session);
  builder.addEntity(
    sessionName ?? edit.key,
    sessionName ? 'session' : 'file',
    0.65,
    editStatement(edit, `${edit.command} of ${edit.key} failed${reason ? `: ${reason}` : ''}`, 'fact'),
  );
}

// A statement of an edit, dated and tagged with its session.
const editStatement = (edit: PendingCall, text: string, kind: 'done' | 'fact' | 'warning'): string =>
  formatStatement({ text, kind, ...(edit.date ? { date: edit.date } : {}), ...(edit.session ? { session: edit.session } : {}) });

// "npm test", "cargo build", "pytest" ...: the first words of a notable command, as an entity name.
export function commandKey(command: string): string | undefined {
  const segments = command.split(/&&|;|\|\||\||\n/).map((segment) => segment.trim().replace(/^(?:\w+=\S+\s+)*/, ''));
  const first = segments.find((segment) => !/^cd\s/.test(segment) && segment !== '') ?? '';
  const normalized = first.replace(/^python3?\s+-m\s+/, '');
  if (!NOTABLE_COMMAND.test(normalized)) {
    return undefined;
  }
  const words = normalized.split(/\s+/).filter((word) => /^[\w:-]+$/.test(word) && !word.startsWith('-'));
  const take = /^(npm|pnpm|yarn|bun)$/.test(words[0] ?? '') && words[1] === 'run' ? 3 : 2;
  return words.slice(0, take).join('-').toLowerCase();
}

// Folders of dependencies, build output and caches: an edit there is no change of the project's own.
const NOT_THE_PROJECTS =
  /(?:^|\/)(?:node_modules|\.git|dist|build|target|vendor|deps|_build|\.venv|venv|site-packages|\.next|\.nuxt|\.cache|__pycache__)\//;

// Whether a file an edit writes is outside the project: editedFile keeps a path relative when it is inside the
// session's folder, so an absolute one (or ~, a drive, a "..") names a file elsewhere.
const isOutsideProject = (file: string): boolean => /^(?:[\\/~]|[A-Za-z]:)|(?:^|[\\/])\.\.(?:[\\/]|$)/.test(file);

// The file an edit (Write, Edit, MultiEdit, NotebookEdit) writes, relative to the session's folder when inside it;
// none in dependencies, build output or temporary folders. (capture/sources.ts reads the project's documents by it.)
export function editedFile(call: ToolCall, cwd: string | undefined): string | undefined {
  if (!EDIT_TOOLS.has(call.name)) {
    return undefined;
  }
  const file =
    typeof call.input.file_path === 'string'
      ? call.input.file_path
      : typeof call.input.notebook_path === 'string'
        ? call.input.notebook_path
        : undefined;
  if (!file) {
    return undefined;
  }
  // Inside the session's folder the path is kept relative (a project under /tmp is still a project).
  const relative = cwd && /^(?:\/|[A-Za-z]:[\\/])/.test(file) && file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file;
  if (NOT_THE_PROJECTS.test(relative) || /^\/(tmp|var\/folders|private\/tmp)\//.test(relative)) {
    return undefined;
  }
  return relative;
}

// The recipes of the task runner's file at the project's root an edit writes (capture/task-recipes.ts), each on its
// command's entity (the one a run of it names: `just check` is just-check), a statement a later edit of the same
// recipe supersedes (capture/slots.ts). Not of a file outside the project, nor in a folder of it (a package's
// package.json in a monorepo would supersede the root's scripts of the same name).
function recipesOf(call: ToolCall, file: string): Array<{ entity: string; statement: string }> {
  if (/[\\/~]|^[A-Za-z]:/.test(file)) {
    return [];
  }
  return taskRecipes(file, writtenText(call)).map((recipe) => ({
    entity: commandKey(recipe.invocation) ?? recipe.invocation.toLowerCase().replace(/\s+/g, '-'),
    statement: recipeStatement(recipe),
  }));
}

// What an edit writes: a Write's content, an Edit's new text, a MultiEdit's new texts (its first 20). A text cut at the
// tool input's cap (bounds.ts) loses its last, cut line: "... for 1000 seconds" cut to "... for 100" says what is not
// so. (capture/sources.ts reads a document's by it.)
export function writtenText(call: ToolCall): string {
  const text = (value: unknown): string => {
    if (typeof value !== 'string') {
      return '';
    }
    return value.length >= COMMAND_CHARS ? value.slice(0, Math.max(0, value.lastIndexOf('\n'))) : value;
  };
  if (call.name === 'Write') {
    return text(call.input.content);
  }
  if (call.name === 'MultiEdit' && Array.isArray(call.input.edits)) {
    return call.input.edits
      .slice(0, 20)
      .map((edit: unknown) => text((edit as Record<string, unknown> | null)?.new_string))
      .join('\n\n');
  }
  return text(call.input.new_string);
}

// The patterns an edit adds to an ignore file of the project (.gitignore, .dockerignore...), as one statement on the
// file: "Added to .gitignore: __pycache__/, *.pyc, .coverage" (an Edit's or MultiEdit's new lines: its new text minus
// its old), or "web/.dockerignore lists: node_modules, .git" (a Write: the whole file, old lines included). What a
// session keeps out of the repository is asked later ("what did we add to .gitignore so the stop hook stops
// tripping?"), and the edit is its only record (session 12). Not comments, blank lines or lines over 100 characters;
// at most IGNORE_PATTERNS lines, of the first IGNORE_EDITS edits; a text cut short (a tool input is kept to 8,000
// characters: bounds.ts) loses its last, cut line. Only a file of the project (a path relative to the session's
// folder: not ~/.gitignore). One pass over each text, with a set: linear.
const IGNORE_FILE = /(?:^|[\\/])\.(?:git|docker|npm|prettier|eslint|vscode|hg|cf|gcloud|helm)ignore$/;
const IGNORE_PATTERNS = 12;
const IGNORE_EDITS = 20;
const IGNORE_TEXT = 7_900;
function ignoreFileAdditions(call: ToolCall, file: string): string | undefined {
  if (!IGNORE_FILE.test(file) || isOutsideProject(file)) {
    return undefined;
  }
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  const edits: Array<{ before: string; after: string }> =
    call.name === 'Write'
      ? [{ before: '', after: text(call.input.content) }]
      : Array.isArray(call.input.edits)
        ? call.input.edits
            .slice(0, IGNORE_EDITS)
            .map((edit: Record<string, unknown> | null) => ({ before: text(edit?.old_string), after: text(edit?.new_string) }))
        : [{ before: text(call.input.old_string), after: text(call.input.new_string) }];
  const added: string[] = [];
  for (const { before, after } of edits) {
    if (added.length >= IGNORE_PATTERNS) {
      break;
    }
    const old = new Set(before.split('\n').map((line) => line.trim()));
    const lines = after.slice(0, IGNORE_TEXT).split('\n');
    if (after.length >= IGNORE_TEXT) {
      lines.pop();
    }
    for (const raw of lines) {
      const line = raw.trim();
      if (line !== '' && !line.startsWith('#') && line.length <= 100 && !old.has(line) && !added.includes(line)) {
        added.push(line);
        if (added.length >= IGNORE_PATTERNS) {
          break;
        }
      }
    }
  }
  if (added.length === 0) {
    return undefined;
  }
  const patterns = added.map((line) => redactSecrets(line).text).join(', ');
  return call.name === 'Write' ? `${file} lists: ${patterns}` : `Added to ${file}: ${patterns}`;
}

function installedPackages(command: string): string[] {
  const names: string[] = [];
  for (const line of command.split(/&&|;|\n/)) {
    const list = line.match(INSTALL)?.[2] ?? line.match(PIP_INSTALL)?.[1] ?? line.match(CARGO_ADD)?.[1];
    if (!list) {
      continue;
    }
    for (const token of list.split(/\s+/)) {
      if (token === '' || token.startsWith('-') || token.startsWith('.') || (token.includes('/') && !token.startsWith('@'))) {
        continue;
      }
      // A version suffix out: `[^/@]` so that each @ of a token of @@@@ scans to the next one only.
      const bare = token.replace(/(?<=.)@[^/@]*$/, '').replace(/[=<>[].*$/, '');
      if (bare.length >= 2 && !/^(install|add|run)$/.test(bare)) {
        names.push(bare);
      }
    }
  }
  return names;
}

function firstErrorLine(head: string): string | undefined {
  const line = head
    .split('\n')
    .map((candidate) => candidate.trim())
    .find((candidate) => ERROR_LINE.test(candidate) && candidate.length >= 8);
  return line ? clip(line, 160) : undefined;
}

// A home folder anywhere in a hook's command or error ("/home/ana/...", "/Users/ana/...", "/mnt/c/Users/ana/...",
// "C:\\Users\\ana\\...") as "~": no user name in the bank.
const HOME_FOLDER = /(?:\/mnt\/[a-z])?\/(?:home|Users)\/[^/\s"']{1,64}(?=\/)|\b[A-Za-z]:\\Users\\[^\\\s"']{1,64}(?=\\)/g;
const withoutHome = (text: string): string => text.replace(HOME_FOLDER, '~');

// Whether a hook is the project's: its command runs a script under "$CLAUDE_PROJECT_DIR", a relative path, or a path
// under the session's folder. A user's own hooks (~/.claude/hooks), a plugin's (${CLAUDE_PLUGIN_ROOT}) and a command
// with no path of the project ("bd prime", "curl https://...": whose settings it is cannot be told) are not written:
// they are not the project's, and they may carry what is private to the user.
function isProjectHook(command: string, cwd: string | undefined): boolean {
  if (/\$\{?CLAUDE_PROJECT_DIR\}?["']?\//.test(command)) {
    return true;
  }
  // A command that goes by another root ("cd ${CLAUDE_PLUGIN_ROOT}/hooks && bun run ./guardian.ts") or a home folder
  // runs someone else's script, whatever its relative paths.
  if (/\$\{?\w+\}?["']?\/|(?:^|\s)~\//.test(command)) {
    return false;
  }
  const base = cwd?.replace(/\/+$/, '');
  return command
    .split(/\s+/)
    .map((word) => word.replace(/["']/g, ''))
    .filter((word) => word.includes('/') && !word.includes('://') && !/^\d?[<>]/.test(word))
    .some((word) => (base !== undefined && word.startsWith(`${base}/`)) || /^(?:\.{1,2}\/)?[\w.-]+\//.test(word));
}

// Which hooks the project runs and how they went, on the hook's script ("PreCompact hook runs the script
// `"$CLAUDE_PROJECT_DIR"/hooks/run_hook.sh`: completed successfully."): the same line from every session merges into
// one (merge.ts), a failure or a block is a warning (a later success does not supersede it: the two lines are
// history). The script as capture.ts names it (scriptOf). Secrets are redacted here too (a token in a command line).
function writeHookRun(
  builder: DeltaBuilder,
  run: HookRun,
  cwd: string | undefined,
  date: string | undefined,
  session: string | undefined,
): void {
  const script = isProjectHook(run.command, cwd) ? scriptOf(run.command, cwd) : undefined;
  if (!script) {
    return;
  }
  const command = withoutHome(run.command);
  const when = `${run.event}${run.matcher ? ` (${run.matcher})` : ''} hook`;
  const detail = run.detail ? ` (${clip(withoutHome(run.detail).replace(/\s+/g, ' '), 160)})` : '';
  const outcome =
    run.outcome === 'completed'
      ? ': completed successfully'
      : run.outcome === 'failed'
        ? `: failed${detail}`
        : run.outcome === 'blocked'
          ? `: blocked the stop${detail}`
          : '';
  builder.addEntity(
    script,
    'file',
    0.8,
    formatStatement({
      text: redactSecrets(`${when} runs the script \`${command}\`${outcome}.`).text,
      kind: run.outcome === 'failed' || run.outcome === 'blocked' ? 'warning' : 'fact',
      ...(date ? { date } : {}),
      ...(session ? { session } : {}),
    }),
  );
}
