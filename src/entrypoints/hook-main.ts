// The process edge of both hooks: the only stdout writer and the only exit.
import type { HookHandler } from '../hooks/hook-handler.ts';
import { runHook } from '../hooks/run-hook.ts';

export async function runHookMain(handler: HookHandler): Promise<void> {
  const run = await runHook(handler, { stdin: process.stdin, env: process.env, cwd: process.cwd(), nowMs: Date.now });
  for (const line of run.stderr) process.stderr.write(`${line}\n`);
  if (run.stdout === '') process.exit(run.exitCode);
  process.stdout.write(run.stdout, () => process.exit(run.exitCode));
}
