// What a project's task runner runs, read from the edit that wrote it: "`just check` runs `cargo llvm-cov
// --fail-under-lines 100` (Run all checks (tests with 100% coverage requirement))". Later sessions ask what a recipe
// does ("what does just check run now that the project is Rust?": five questions of the spent capture sets, none held
// before: the Justfile's content was only "Changed Justfile"), and the edit is its only record.
//
// Read: a Justfile's and a Makefile's recipes (a header at the start of a line, `name args: deps`, then its indented
// lines, a line ending in a backslash joined to the next; the comment line right above it is its description), a
// Write of package.json's "scripts". Not recipes whose name starts with a dot or an underscore (.PHONY, private
// helpers), nor [private] ones, file targets (main.o) or pattern rules, nor settings (`set shell := ...`,
// assignments, a Makefile's define blocks); a body's shebang, shell options and echo lines are not its command
// (unless it only echoes). Only the project's own task files at its root (capture.ts): a package's package.json in
// a monorepo would supersede the root's scripts of the same name. At most MAX_RECIPES recipes an edit, each
// command its first MAX_COMMAND_LINES lines, clipped, redacted. One pass over the lines of a text of at most
// RECIPE_TEXT characters (a tool input is kept to 8,000: bounds.ts), every pattern anchored and bounded: linear.
import { clip as clipText } from '../delta-builder.ts';
import { redactSecrets } from '../redact.ts';

const MAX_RECIPES = 12;
const MAX_COMMAND_LINES = 2;
const MAX_COMMAND = 160;
const RECIPE_TEXT = 7_900;

// The task runner a file name is read by.
type Runner = 'just' | 'make' | 'npm';
function runnerOf(file: string): Runner | undefined {
  const base = file.split(/[\\/]/).pop() ?? '';
  if (/^(?:justfile|\.justfile)$/i.test(base)) {
    return 'just';
  }
  if (/^(?:GNUmakefile|makefile)$/i.test(base)) {
    return 'make';
  }
  return base === 'package.json' ? 'npm' : undefined;
}

// A recipe's header: its name, then parameters or prerequisites, a colon that is not an assignment (:=, ::=).
const JUST_HEADER = /^@?([A-Za-z][\w-]{0,40})(?:\s[^:#]{0,120})?:(?![=:])/;
const MAKE_HEADER = /^([A-Za-z][\w-]{0,40})\s{0,4}(?:::|:)(?![=:])/;
const JUST_KEYWORDS = /^(?:set|export|alias|import|mod|if|else)\b/;
const COMMENT = /^#(?!!)\s?(.{1,120})/;
// A Justfile recipe's attribute line ("[private]", "[no-cd]"): [private] hides the recipe it stands above.
const ATTRIBUTE = /^\[([\w, -]{1,60})\]\s*$/;
// Lines of a recipe's body that say nothing of what it runs: a shebang, shell options, what it prints.
const BODY_NOISE = /^(?:#|\/\/|set\s+-|echo\b|printf\b)/;

export interface Recipe {
  invocation: string;
  command: string;
  description?: string;
}

// The recipes the text an edit wrote holds (a Write's content, an Edit's new text), for the file it wrote.
export function taskRecipes(file: string, written: string): Recipe[] {
  const runner = runnerOf(file);
  if (!runner || written === '') {
    return [];
  }
  const text = written.slice(0, RECIPE_TEXT);
  return runner === 'npm' ? packageScripts(text) : runnerRecipes(runner, text, written.length > RECIPE_TEXT);
}

// A task file's lines, with a line ending in a backslash joined to the next (a command continued over lines),
// without carriage returns.
function logicalLines(text: string, cut: boolean): string[] {
  const raw = text.split('\n');
  if (cut) {
    raw.pop();
  }
  const lines: string[] = [];
  let pending = '';
  for (const line of raw) {
    const clean = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (clean.endsWith('\\')) {
      pending += `${clean.slice(0, -1).trimEnd()} `;
      continue;
    }
    lines.push(pending === '' ? clean : `${pending}${clean.trimStart()}`);
    pending = '';
  }
  if (pending !== '') {
    lines.push(pending.trimEnd());
  }
  return lines;
}

function runnerRecipes(runner: 'just' | 'make', text: string, cut: boolean): Recipe[] {
  const recipes: Recipe[] = [];
  let current: { name: string; description?: string; commands: string[]; echoes: string[] } | undefined;
  let comment: string | undefined;
  let hidden = false;
  let inDefine = false;
  const close = (): void => {
    const commands = current && (current.commands.length > 0 ? current.commands : current.echoes);
    if (current && commands && commands.length > 0 && recipes.length < MAX_RECIPES) {
      recipes.push({
        invocation: `${runner} ${current.name}`,
        command: clip(commands.join('; ')),
        ...(current.description ? { description: clip(current.description) } : {}),
      });
    }
    current = undefined;
  };
  for (const line of logicalLines(text, cut)) {
    if (recipes.length >= MAX_RECIPES) {
      break;
    }
    // A Makefile's multi-line variable (define ... endef) holds no recipe.
    if (runner === 'make' && (inDefine || /^define\b/.test(line))) {
      inDefine = !/^endef\b/.test(line);
      continue;
    }
    if (/^[ \t]/.test(line)) {
      // Its quiet (@), ignore-errors (-) or always-run (+) prefix off, once.
      const command = line.trim().replace(/^[@+-]/, '');
      if (current && command !== '') {
        if (!BODY_NOISE.test(command) && current.commands.length < MAX_COMMAND_LINES) {
          current.commands.push(command);
        } else if (/^(?:echo|printf)\b/.test(command) && current.echoes.length < MAX_COMMAND_LINES) {
          current.echoes.push(command);
        }
      }
      continue;
    }
    if (line.trim() === '') {
      // A comment describes the recipe right below it, not one after a blank line (a file's header, a banner).
      comment = undefined;
      continue;
    }
    close();
    const attribute = runner === 'just' ? ATTRIBUTE.exec(line) : null;
    if (attribute) {
      hidden ||= /\bprivate\b/.test(attribute[1] ?? '');
      continue;
    }
    const described = COMMENT.exec(line);
    if (described) {
      comment = described[1]?.trim();
      continue;
    }
    const header = runner === 'just' ? (JUST_KEYWORDS.test(line) ? null : JUST_HEADER.exec(line)) : MAKE_HEADER.exec(line);
    if (header?.[1] && !hidden) {
      current = { name: header[1], commands: [], echoes: [], ...(comment ? { description: comment } : {}) };
      // A Makefile's recipe may follow its header on the same line ("test: ; go test ./..."), before a comment.
      const rest = runner === 'make' ? line.slice(header[0].length) : '';
      const hash = rest.indexOf('#');
      const semicolon = (hash < 0 ? rest : rest.slice(0, hash)).indexOf(';');
      const inline = semicolon < 0 ? '' : rest.slice(semicolon + 1, hash < 0 ? undefined : hash).trim();
      if (inline !== '') {
        current.commands.push(inline);
      }
    }
    comment = undefined;
    hidden = false;
  }
  close();
  return recipes;
}

// Scripts npm runs without "run": `npm test` is what a session types, and the command it names (extract-tools.ts).
const NPM_SHORTHANDS = new Set(['test', 'start', 'stop', 'restart']);

// package.json's scripts, from a Write of the whole file (an Edit's new text is a fragment of it).
function packageScripts(text: string): Recipe[] {
  let scripts: unknown;
  try {
    scripts = (JSON.parse(text) as { scripts?: unknown }).scripts;
  } catch {
    return [];
  }
  if (!scripts || typeof scripts !== 'object') {
    return [];
  }
  return Object.entries(scripts as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && /^[\w:.-]{1,40}$/.test(entry[0]))
    .slice(0, MAX_RECIPES)
    .map(([name, command]) => ({ invocation: NPM_SHORTHANDS.has(name) ? `npm ${name}` : `npm run ${name}`, command: clip(command) }));
}

const clip = (command: string): string => clipText(redactSecrets(command).text, MAX_COMMAND);

// A recipe as a statement: "`just check` runs `cargo llvm-cov --fail-under-lines 100` (Run all checks)".
export const recipeStatement = (recipe: Recipe): string =>
  `\`${recipe.invocation}\` runs \`${recipe.command.replace(/`/g, "'")}\`${recipe.description ? ` (${recipe.description})` : ''}`;
