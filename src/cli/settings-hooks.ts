// The hook entries memory-fabric adds to a Claude Code settings file (exec form: no shell quoting), and the pure
// edits that add and remove them while keeping the user's comments and formatting (jsonc-parser modify/applyEdits).
import { applyEdits, modify, parse, type ParseError } from 'jsonc-parser';

// One command hook as Claude Code's settings hold it, in exec form (command and args, no shell).
export interface HookCommand {
  type: 'command';
  command: string;
  args: string[];
  timeout: number;
}

// The hooks of one event, with the matcher that narrows it (SessionStart's sources).
export interface HookGroup {
  matcher?: string;
  hooks: HookCommand[];
}

// The events our hooks run on: SubagentStop syncs a subagent's own transcript (its findings are a source).
export const HOOK_EVENTS = ['SessionStart', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'SessionEnd'] as const;
// An event we register a hook on.
export type HookEvent = (typeof HOOK_EVENTS)[number];
// Our hook groups for every event, as buildHookSettings makes them.
export type HookSettings = Record<HookEvent, HookGroup[]>;

// The bundle the context events run, relative to the package root (doctor checks that it exists and is fresh).
export const CONTEXT_BUNDLE = 'hooks/prompt/memory-fabric-context.mjs';
// The context hook's code, which that bundle (a loader: src/entrypoints/code-cache.ts) runs from V8's code cache.
export const CONTEXT_CODE = 'hooks/prompt/memory-fabric-context.cjs';
// The bundle the sync events run (Stop, SubagentStop, SessionEnd), and the code it runs (as the context hook's).
export const SYNC_BUNDLE = 'hooks/stop/memory-fabric-sync.mjs';
export const SYNC_CODE = 'hooks/stop/memory-fabric-sync.cjs';

// The hook entries for a package at packageRoot; timeouts in seconds. Stop is not `async`: an async Stop hook
// was killed when `claude -p` exited (seen on 2.1.197), losing the sync; ours takes tens of milliseconds anyway.
export function buildHookSettings(packageRoot: string, node = 'node'): HookSettings {
  const context = `${packageRoot}/${CONTEXT_BUNDLE}`;
  const sync = `${packageRoot}/${SYNC_BUNDLE}`;
  const command = (file: string, timeout: number): HookCommand => ({ type: 'command', command: node, args: [file], timeout });
  return {
    SessionStart: [{ matcher: 'startup|resume|clear|compact', hooks: [command(context, 10)] }],
    UserPromptSubmit: [{ hooks: [command(context, 5)] }],
    Stop: [{ hooks: [command(sync, 30)] }],
    SubagentStop: [{ hooks: [command(sync, 30)] }],
    SessionEnd: [{ hooks: [command(sync, 2)] }],
  };
}

// Whether a hook command is one of ours (by the bundle it runs, wherever the package lives).
function isOurHook(hook: { command?: unknown; args?: unknown }): boolean {
  const words = [
    typeof hook.command === 'string' ? hook.command : '',
    ...(Array.isArray(hook.args) ? hook.args.filter((arg): arg is string => typeof arg === 'string') : []),
  ];
  return words.some((word) => word.endsWith('memory-fabric-context.mjs') || word.endsWith('memory-fabric-sync.mjs'));
}

interface SettingsShape {
  hooks?: Record<string, Array<{ hooks?: Array<{ command?: unknown; args?: unknown }> }>>;
  enabledPlugins?: Record<string, unknown>;
}

// Parses settings text (JSONC); an empty text is an empty object; invalid text throws with the reason.
export function parseSettings(text: string): SettingsShape {
  const errors: ParseError[] = [];
  const value = parse(text.trim() === '' ? '{}' : text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length > 0 || typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('the settings file is not valid JSONC; fix it first (nothing was changed)');
  }
  return value as SettingsShape;
}

// Which events already run one of our hooks.
export function eventsWithOurHooks(settings: SettingsShape): HookEvent[] {
  return HOOK_EVENTS.filter((event) => (settings.hooks?.[event] ?? []).some((group) => (group.hooks ?? []).some(isOurHook)));
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2 } };

// The settings text with our hook groups added where an event has none of ours yet.
export function addHooksToSettings(text: string, packageRoot: string, node = 'node'): string {
  const current = parseSettings(text);
  const present = new Set(eventsWithOurHooks(current));
  let updated = text.trim() === '' ? '{}\n' : text;
  for (const [event, groups] of Object.entries(buildHookSettings(packageRoot, node)) as Array<[HookEvent, HookGroup[]]>) {
    if (present.has(event)) {
      continue;
    }
    const position = current.hooks?.[event]?.length ?? 0;
    updated = applyEdits(updated, modify(updated, ['hooks', event, position], groups[0], { ...FORMAT, isArrayInsertion: true }));
  }
  return updated;
}

// The settings text without our hook groups (other tools' hooks and everything else untouched).
export function removeHooksFromSettings(text: string): string {
  let updated = text;
  for (const event of HOOK_EVENTS) {
    for (;;) {
      const groups = parseSettings(updated).hooks?.[event] ?? [];
      const index = groups.findIndex((group) => (group.hooks ?? []).some(isOurHook));
      if (index < 0) {
        break;
      }
      updated = applyEdits(updated, modify(updated, ['hooks', event, index], undefined, FORMAT));
    }
    const remaining = parseSettings(updated).hooks?.[event];
    if (Array.isArray(remaining) && remaining.length === 0) {
      updated = applyEdits(updated, modify(updated, ['hooks', event], undefined, FORMAT));
    }
  }
  const hooks = parseSettings(updated).hooks;
  if (hooks && Object.keys(hooks).length === 0) {
    updated = applyEdits(updated, modify(updated, ['hooks'], undefined, FORMAT));
  }
  return updated;
}

// Whether settings enable the memory-fabric plugin (whose hooks.json already provides the hooks).
export function enablesPlugin(settings: SettingsShape): boolean {
  return Object.entries(settings.enabledPlugins ?? {}).some(
    ([name, enabled]) => name.split('@')[0] === 'memory-fabric' && enabled === true,
  );
}

// The settings text with env.MEMORY_FABRIC_STORE set (the hooks read it; Claude Code passes settings env to hooks).
export function setStoreInSettings(text: string, store: 'mcp'): string {
  return applyEdits(text, modify(text, ['env', 'MEMORY_FABRIC_STORE'], store, FORMAT));
}

// The settings text without our env.MEMORY_FABRIC_STORE (and without env when nothing else is left in it).
export function removeStoreFromSettings(text: string): string {
  const env = (parseSettings(text) as { env?: Record<string, unknown> }).env;
  if (!env || !('MEMORY_FABRIC_STORE' in env)) {
    return text;
  }
  const updated = applyEdits(text, modify(text, ['env', 'MEMORY_FABRIC_STORE'], undefined, FORMAT));
  const left = (parseSettings(updated) as { env?: Record<string, unknown> }).env;
  return left && Object.keys(left).length === 0 ? applyEdits(updated, modify(updated, ['env'], undefined, FORMAT)) : updated;
}

// The .mcp.json text with a `memory` server (the bare memory server, MEMORY_FILE_PATH absolute), unless one exists.
export function addMemoryServer(text: string, memoryFile: string): string {
  const current = parseSettings(text) as { mcpServers?: Record<string, unknown> };
  if (current.mcpServers?.memory) {
    return text;
  }
  const base = text.trim() === '' ? '{}\n' : text;
  const server = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: memoryFile } };
  return applyEdits(base, modify(base, ['mcpServers', 'memory'], server, FORMAT));
}

// The .mcp.json text without the `memory` server (uninstall calls it only where install had added one).
export function removeMemoryServer(text: string): string {
  const current = parseSettings(text) as { mcpServers?: Record<string, unknown> };
  if (!current.mcpServers?.memory) {
    return text;
  }
  return applyEdits(text, modify(text, ['mcpServers', 'memory'], undefined, FORMAT));
}
