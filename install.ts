// Adds memory-fabric's hooks to a project's .claude/settings.json, keeping the user's comments and formatting.
// Usage: npx tsx install.ts [--project DIR] [--dry-run]
// A second run changes nothing. (Scopes, --uninstall, the MCP store and the plugin come with a later version.)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyEdits, modify, parse, type ParseError } from 'jsonc-parser';
import { buildHookSettings, type HookGroup } from './src/cli/settings-hooks.ts';
import { writeFileAtomic } from './src/stores/bank/atomic-write.ts';

const packageRoot = path.dirname(fileURLToPath(import.meta.url));

// Returns the new settings text with our hook groups added where they are missing.
export function addHooksToSettings(text: string, root: string): string {
  const errors: ParseError[] = [];
  const current = (parse(text === '' ? '{}' : text, errors, { allowTrailingComma: true }) ?? {}) as { hooks?: Record<string, HookGroup[]> };
  if (errors.length > 0) throw new Error('the settings file is not valid JSONC; fix it first (nothing was changed)');
  let updated = text.trim() === '' ? '{}\n' : text;
  for (const [event, groups] of Object.entries(buildHookSettings(root))) {
    const existing = current.hooks?.[event] ?? [];
    const ours = groups[0]?.hooks[0]?.args[0] ?? '';
    if (existing.some((group) => group.hooks?.some((hook) => hook.args?.includes(ours)))) continue;
    const edits = modify(updated, ['hooks', event, existing.length], groups[0], { formattingOptions: { insertSpaces: true, tabSize: 2 }, isArrayInsertion: true });
    updated = applyEdits(updated, edits);
  }
  return updated;
}

async function main(argv: string[]): Promise<number> {
  const projectFlag = argv.indexOf('--project');
  const project = path.resolve(projectFlag >= 0 ? argv[projectFlag + 1] ?? '.' : '.');
  const settingsFile = path.join(project, '.claude', 'settings.json');
  const before = await readFile(settingsFile, 'utf8').catch(() => '');
  const after = addHooksToSettings(before, packageRoot);
  if (after === before) {
    console.log(`memory-fabric hooks are already in ${settingsFile}; nothing changed.`);
    return 0;
  }
  if (argv.includes('--dry-run')) {
    console.log(`Would write ${settingsFile}:\n${after}`);
    return 0;
  }
  await writeFileAtomic(settingsFile, after, (written) => parse(written));
  console.log(`Added memory-fabric hooks to ${settingsFile}.`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`install.ts: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
