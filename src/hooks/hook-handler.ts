// What the hook runner needs from a hook: its name, its deadline, and the work itself.
import type { Config } from '../config.ts';
import type { HookInput } from './hook-input.ts';

export interface HookOutcome {
  // Exactly what goes to stdout.
  stdout: string;
  explanation: string[];
}

export interface HookHandler {
  kind: 'context' | 'sync';
  deadlineMs(input: HookInput, config: Config): number;
  run(input: HookInput, config: Config, nowMs: number): Promise<HookOutcome>;
}
