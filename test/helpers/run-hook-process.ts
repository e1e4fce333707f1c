// Runs a built hook the way Claude Code does: a fresh node process with the payload on stdin.
import { execa } from 'execa';

export interface HookProcessResult {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  durationMs: number;
  timedOut: boolean;
}

export async function runHookProcess(
  hookFile: string,
  stdin: string | undefined,
  options: { env: Record<string, string>; cwd: string; keepStdinOpen?: boolean; timeoutMs?: number },
): Promise<HookProcessResult> {
  const started = performance.now();
  const child = execa(process.execPath, [hookFile], {
    env: options.env,
    extendEnv: false,
    cwd: options.cwd,
    reject: false,
    timeout: options.timeoutMs ?? 30_000,
    stdin: 'pipe',
    stripFinalNewline: false,
  });
  if (stdin !== undefined) {
    child.stdin?.write(stdin);
  }
  if (!options.keepStdinOpen) {
    child.stdin?.end();
  }
  const result = await child;
  return {
    exitCode: result.exitCode,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    durationMs: performance.now() - started,
    timedOut: result.timedOut,
  };
}
