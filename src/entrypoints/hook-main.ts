// The process edge of both hooks: the only stdout writer and the only exit.
import type { HookHandler } from '../hooks/hook-handler.ts';
import { appendHookLog } from '../hooks/hook-log.ts';
import { runHook } from '../hooks/run-hook.ts';

export async function runHookMain(handler: HookHandler): Promise<void> {
  const started = performance.now();
  const run = await runHook(handler, { stdin: process.stdin, env: process.env, cwd: process.cwd(), nowMs: Date.now });
  for (const line of run.stderr) process.stderr.write(`${line}\n`);
  const flushed = run.stdout === '' ? Promise.resolve() : new Promise<void>((resolve) => process.stdout.write(run.stdout, () => resolve()));
  if (run.stateDir && run.event) {
    await appendHookLog(run.stateDir, {
      at: new Date().toISOString(),
      hook: handler.kind,
      event: run.event,
      sessionId: run.sessionId ?? 'unknown-session',
      durationMs: Math.round(performance.now() - started),
      stdoutChars: run.stdout.length,
      errors: run.stderr,
    });
  }
  await flushed;
  process.exit(run.exitCode);
}
