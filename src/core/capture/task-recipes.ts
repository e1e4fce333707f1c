// What a project's task runner runs, read from the edit that wrote it: "`just check` runs `cargo llvm-cov
// --fail-under-lines 100` (Run all checks (tests with 100% coverage requirement))". Later sessions ask what a recipe
// does ("what does just check run now that the project is Rust?": five questions of the spent capture sets, none held
// before: the Justfile's content was only "Changed Justfile"), and the edit is its only record.
//
// Read: a Justfile's and a Makefile's recipes (a header at the start of a line, `name args: deps`, then its indented
// lines; the comment line just above it is its description), a Write of package.json's "scripts". Not recipes
// whose name starts with a dot or an underscore (.PHONY, private helpers), nor settings (`set shell := ...`,
// assignments). At most MAX_RECIPES recipes an edit, each command its first MAX_COMMAND_LINES lines, clipped. One
// pass over the lines of a text of at most RECIPE_TEXT characters (a tool input is kept to 8,000: bounds.ts), every
// pattern anchored and bounded: linear.
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

// A recipe's header: its name, then parameters or prerequisites, a colon that is not an assignment (:=).
const JUST_HEADER = /^@?([A-Za-z][\w-]{0,40})(?:\s[^:#]{0,120})?:(?![=:])/;
const MAKE_HEADER = /^([A-Za-z][\w.-]{0,40})\s{0,4}::?(?!=)/;
const JUST_KEYWORDS = /^(?:set|export|alias|import|mod|if|else)\b/;
const COMMENT = /^#\s?(.{1,120})/;

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

function runnerRecipes(runner: 'just' | 'make', text: string, cut: boolean): Recipe[] {
  const lines = text.split('\n');
  if (cut) {
    lines.pop();
  }
  const recipes: Recipe[] = [];
  let current: { name: string; description?: string; commands: string[] } | undefined;
  let comment: string | undefined;
  const close = (): void => {
    if (current && current.commands.length > 0 && recipes.length < MAX_RECIPES) {
      recipes.push({
        invocation: `${runner} ${current.name}`,
        command: clip(current.commands.join('; ')),
        ...(current.description ? { description: current.description } : {}),
      });
    }
    current = undefined;
  };
  for (const line of lines) {
    if (recipes.length >= MAX_RECIPES) {
      break;
    }
    if (/^[ \t]/.test(line)) {
      const command = line.trim().replace(/^[@-]+/, '');
      if (current && command !== '' && !command.startsWith('#') && current.commands.length < MAX_COMMAND_LINES) {
        current.commands.push(command);
      }
      continue;
    }
    if (line.trim() === '') {
      continue;
    }
    close();
    const described = COMMENT.exec(line);
    if (described) {
      comment = described[1]?.trim();
      continue;
    }
    const header = runner === 'just' ? (JUST_KEYWORDS.test(line) ? null : JUST_HEADER.exec(line)) : MAKE_HEADER.exec(line);
    if (header?.[1]) {
      current = { name: header[1], commands: [], ...(comment ? { description: comment } : {}) };
      // A Makefile's recipe may follow its header on the same line ("test: ; go test ./...").
      const inline = runner === 'make' ? /;\s*(.+)$/.exec(line.slice(header[0].length))?.[1] : undefined;
      if (inline) {
        current.commands.push(inline.trim());
      }
    }
    comment = undefined;
  }
  close();
  return recipes;
}

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
    .map(([name, command]) => ({ invocation: `npm run ${name}`, command: clip(command) }));
}

const clip = (command: string): string => {
  const clean = redactSecrets(command.replace(/\s+/g, ' ').trim()).text;
  return clean.length > MAX_COMMAND ? `${clean.slice(0, MAX_COMMAND - 1)}…` : clean;
};

// A recipe as a statement: "`just check` runs `cargo llvm-cov --fail-under-lines 100` (Run all checks)".
export const recipeStatement = (recipe: Recipe): string =>
  `\`${recipe.invocation}\` runs \`${recipe.command.replace(/`/g, "'")}\`${recipe.description ? ` (${recipe.description})` : ''}`;
