// What the hook runner needs from a hook: its name, its deadline, and the work itself.
import type { Config } from '../config.ts';
import type { HookInput } from './hook-input.ts';

// What a hook's work gives the runner: its output, its account for replay, and problems that did not stop it.
export interface HookOutcome {
  // Exactly what goes to stdout.
  stdout: string;
  explanation: string[];
  // One short line for the hook log: what was injected or written.
  logSummary?: string;
  // Problems that did not stop the hook (a source that could not be searched while others could): each goes to
  // stderr, and its notice to the user once per session (key names the problem for that once).
  problems?: Array<{ key: string; line: string; notice: string }>;
}

// What a hook gets from the process it runs in.
export interface HookRuntime {
  nowMs: number;
  // The built sync hook file, when the hook runs from the built bundles: background work (the SessionEnd flush,
  // the sweep of unfinished sessions) is handed to a detached process running it. Absent: that work runs inline.
  syncScript?: string;
}

// A hook as the runner drives it; contextHandler and syncHandler are the two there are.
export interface HookHandler {
  kind: 'context' | 'sync';
  deadlineMs(input: HookInput, config: Config): number;
  run(input: HookInput, config: Config, runtime: HookRuntime): Promise<HookOutcome>;
}
