// install.ts: adds the hooks to a settings file (project, local or user scope), reversibly, and bootstraps the bank.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { loadConfig } from '../config.ts';
import { MemoryFabricError } from '../errors.ts';
import { writeFileAtomic } from '../state/atomic-write.ts';
import { bootstrapBank } from '../stores/bank/commands/bootstrap.ts';
import { slugify } from '../stores/bank/layout.ts';
import { openBank } from '../stores/open-store.ts';
import { parseArgs, type CliIo } from './cli-io.ts';
import {
  addHooksToSettings,
  addMemoryServer,
  enablesPlugin,
  parseSettings,
  removeHooksFromSettings,
  removeMemoryServer,
  removeStoreFromSettings,
  setStoreInSettings,
} from './settings-hooks.ts';

// Claude Code's three settings files: the project's shared one, the project's local one, the user's.
export type Scope = 'project' | 'local' | 'user';

// What install wrote, kept beside the settings file so that --uninstall can restore it byte for byte.
interface InstallRecord {
  settingsFile: string;
  before: string | null;
  after: string;
}

// The settings file of a scope (doctor also looks in all three for our hooks).
export const settingsFileFor = (scope: Scope, project: string, home: string): string =>
  scope === 'user'
    ? path.join(home, '.claude', 'settings.json')
    : path.join(project, '.claude', scope === 'local' ? 'settings.local.json' : 'settings.json');

const recordFileFor = (settingsFile: string): string =>
  path.join(path.dirname(settingsFile), `.memory-fabric-install.${path.basename(settingsFile)}.json`);

// Adds the hooks (with --store mcp, the memory server too) and records what it changed, so --uninstall can undo it.
export async function runInstall(argv: readonly string[], io: CliIo, packageRoot: string): Promise<number> {
  const { flags } = parseArgs(argv, ['project', 'scope', 'store']);
  const project = path.resolve(io.cwd, typeof flags.get('project') === 'string' ? (flags.get('project') as string) : '.');
  const scope = (flags.get('scope') ?? 'project') as Scope;
  if (!['project', 'local', 'user'].includes(scope)) {
    throw new MemoryFabricError('USAGE', `--scope: expected project, local or user, got ${JSON.stringify(scope)}`);
  }
  const store = flags.get('store') ?? 'bank';
  if (store !== 'bank' && store !== 'mcp') {
    throw new MemoryFabricError('USAGE', `--store: expected bank or mcp, got ${JSON.stringify(store)}`);
  }
  const home = io.env.HOME ?? io.env.USERPROFILE ?? '';
  const settingsFile = settingsFileFor(scope, project, home);
  const dryRun = flags.has('dry-run');
  const before = existsSync(settingsFile) ? await readFile(settingsFile, 'utf8') : null;

  const mcpFile = path.join(project, '.mcp.json');
  if (flags.has('uninstall')) {
    const code = await uninstall(settingsFile, before, dryRun, io, (text) => removeStoreFromSettings(removeHooksFromSettings(text)));
    if (existsSync(recordFileFor(mcpFile))) {
      await uninstall(mcpFile, await readFile(mcpFile, 'utf8').catch(() => null), dryRun, io, removeMemoryServer);
    }
    return code;
  }

  const pluginAt = await pluginEnabledIn([
    settingsFileFor('user', project, home),
    settingsFileFor('project', project, home),
    settingsFileFor('local', project, home),
  ]);
  if (pluginAt) {
    io.stderr(
      `memory-fabric: the memory-fabric plugin is enabled in ${pluginAt}; its hooks already run. Use the plugin or install.ts, not both (nothing was changed).\n`,
    );
    return 1;
  }
  const withHooks = addHooksToSettings(before ?? '', packageRoot);
  const after = store === 'mcp' ? setStoreInSettings(withHooks, 'mcp') : withHooks;
  if (after === (before ?? '')) {
    io.stdout(`memory-fabric hooks are already in ${settingsFile}; nothing changed.\n`);
    return 0;
  }
  if (dryRun) {
    io.stdout(createTwoFilesPatch(settingsFile, settingsFile, before ?? '', after, 'before', 'after (dry run: nothing written)'));
    return 0;
  }
  await writeWithRecord(settingsFile, before, after);
  io.stdout(`Added the memory-fabric hooks to ${settingsFile} (SessionStart, UserPromptSubmit, Stop, SubagentStop, SessionEnd).\n`);

  const { config } = loadConfig({ ...io.env, MEMORY_FABRIC_STORE: store }, project);
  if (store === 'mcp') {
    const mcpBefore = existsSync(mcpFile) ? await readFile(mcpFile, 'utf8') : null;
    const memoryFile = path.join(config.bankDir, 'memory-server.jsonl');
    const mcpAfter = addMemoryServer(mcpBefore ?? '', memoryFile);
    if (mcpAfter !== (mcpBefore ?? '')) {
      await writeWithRecord(mcpFile, mcpBefore, mcpAfter);
      await mkdir(path.dirname(memoryFile), { recursive: true });
      io.stdout(
        `Registered the memory server in ${mcpFile} (MEMORY_FILE_PATH=${memoryFile}); the hooks use it (env MEMORY_FABRIC_STORE=mcp).\n`,
      );
    } else {
      io.stdout(`${mcpFile} already has a "memory" server; the hooks use it (env MEMORY_FABRIC_STORE=mcp).\n`);
    }
    return 0;
  }
  const contract = await bootstrapBank(openBank(config), slugify(path.basename(config.projectRoot)));
  io.stdout(
    contract.status === 'failed'
      ? `The bank at ${config.bankDir} was not bootstrapped yet (${contract.error}); the first sync will create it.\n`
      : `The bank is ready at ${config.bankDir}.\n`,
  );
  return 0;
}

// Writes a file, keeping (once) what it was before and what install made of it.
async function writeWithRecord(file: string, before: string | null, after: string): Promise<void> {
  await writeFileAtomic(file, after, (written) => parseSettings(written));
  const recordFile = recordFileFor(file);
  if (!existsSync(recordFile)) {
    await writeFileAtomic(recordFile, `${JSON.stringify({ settingsFile: file, before, after } satisfies InstallRecord, null, 2)}\n`);
  }
}

async function uninstall(
  settingsFile: string,
  current: string | null,
  dryRun: boolean,
  io: CliIo,
  removeOurs: (text: string) => string,
): Promise<number> {
  const recordFile = recordFileFor(settingsFile);
  const record = existsSync(recordFile) ? (JSON.parse(await readFile(recordFile, 'utf8')) as InstallRecord) : undefined;
  if (current === null) {
    io.stdout(`${settingsFile} does not exist; nothing to uninstall.\n`);
    if (record && !dryRun) {
      await rm(recordFile, { force: true });
    }
    return 0;
  }
  // Untouched since install: restore the file exactly as it was (or remove it if install created it).
  const restored = record && record.after === current ? record.before : removeOurs(current);
  if (dryRun) {
    io.stdout(
      createTwoFilesPatch(settingsFile, settingsFile, current, restored ?? '', 'now', 'after uninstall (dry run: nothing written)'),
    );
    return 0;
  }
  if (restored === null) {
    await rm(settingsFile, { force: true });
  } else if (restored !== current) {
    await writeFileAtomic(settingsFile, restored);
  }
  await rm(recordFile, { force: true });
  io.stdout(
    restored === null
      ? `Removed ${settingsFile} (install had created it).\n`
      : record && record.after === current
        ? `Restored ${settingsFile} exactly as it was before install.\n`
        : `Removed what memory-fabric added to ${settingsFile}; everything else in it was kept.\n`,
  );
  return 0;
}

async function pluginEnabledIn(files: string[]): Promise<string | undefined> {
  for (const file of files) {
    if (!existsSync(file)) {
      continue;
    }
    try {
      if (enablesPlugin(parseSettings(await readFile(file, 'utf8')))) {
        return file;
      }
    } catch {
      // an invalid settings file is reported when we edit it, not here
    }
  }
  return undefined;
}
