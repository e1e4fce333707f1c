// The hook entries memory-fabric adds to a Claude Code settings file (exec form: no shell quoting).
export interface HookCommand {
  type: 'command';
  command: string;
  args: string[];
  timeout: number;
}

export interface HookGroup {
  matcher?: string;
  hooks: HookCommand[];
}

export type HookSettings = Record<'SessionStart' | 'UserPromptSubmit' | 'Stop' | 'SessionEnd', HookGroup[]>;

// The four hook entries, for a package installed at packageRoot; timeouts are in seconds.
export function buildHookSettings(packageRoot: string, node = 'node'): HookSettings {
  const context = `${packageRoot}/hooks/prompt/memory-fabric-context.mjs`;
  const sync = `${packageRoot}/hooks/stop/memory-fabric-sync.mjs`;
  const command = (file: string, timeout: number): HookCommand => ({ type: 'command', command: node, args: [file], timeout });
  return {
    SessionStart: [{ matcher: 'startup|resume|clear|compact', hooks: [command(context, 10)] }],
    UserPromptSubmit: [{ hooks: [command(context, 5)] }],
    Stop: [{ hooks: [command(sync, 30)] }],
    SessionEnd: [{ hooks: [command(sync, 2)] }],
  };
}
