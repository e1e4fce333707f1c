// The process edge of both hooks: the only stdout writer and the only exit. The sync bundle also runs detached
// as `--flush <request>` (the final flush of a SessionEnd) or `--sweep` (sessions whose end was never seen).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import type { HookHandler } from '../hooks/hook-handler.ts';
import { appendHookLog } from '../state/hook-log.ts';
import { runHook } from '../hooks/run-hook.ts';
import type { BackgroundMode } from '../hooks/background-sync.ts';

// A hook bundle's main: runs the handler on this process's stdin, logs the run, prints, and exits 0.
export async function runHookMain(handler: HookHandler, moduleUrl: string): Promise<void> {
  const started = performance.now();
  const syncScript = findSyncScript(fileURLToPath(moduleUrl));
  const run = await runHook(handler, {
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    nowMs: Date.now,
    ...(syncScript ? { syncScript } : {}),
  });
  for (const line of run.stderr) {
    process.stderr.write(`${line}\n`);
  }
  const flushed = run.stdout === '' ? Promise.resolve() : new Promise<void>((resolve) => process.stdout.write(run.stdout, () => resolve()));
  if (run.stateDir && run.event) {
    await appendHookLog(run.stateDir, {
      at: new Date().toISOString(),
      hook: handler.kind,
      event: run.event,
      sessionId: run.sessionId ?? 'unknown-session',
      durationMs: Math.round(performance.now() - started),
      stdoutChars: run.stdout.length,
      ...(run.logSummary ? { summary: run.logSummary } : {}),
      errors: run.stderr,
    });
  }
  await flushed;
  process.exit(run.exitCode);
}

// The detached side of the sync bundle; never prints, logs one line, always exits 0.
export async function runBackgroundMain(argv: readonly string[]): Promise<void> {
  const started = performance.now();
  const { runBackgroundSync } = await import('../hooks/background-sync.ts');
  const { config } = loadConfig(process.env, process.cwd());
  const request = argv.includes('--flush') ? argv[argv.indexOf('--flush') + 1] : undefined;
  const reindex = argv.includes('--reindex') ? (argv[argv.indexOf('--reindex') + 1] === 'mcp' ? 'mcp' : 'bank') : undefined;
  const mode: BackgroundMode = request ? { flush: request } : reindex ? { reindex } : { sweep: true };
  const result = await runBackgroundSync(mode, config, Date.now()).catch((error: unknown) => ({ lines: [], errors: [String(error)] }));
  await appendHookLog(config.stateDir, {
    at: new Date().toISOString(),
    hook: 'sync',
    event: request ? 'SessionEnd (background flush)' : 'reindex' in mode ? 'Search index rebuild (background)' : 'Sweep (background)',
    sessionId: request ? path.basename(request, '.json') : 'all',
    durationMs: Math.round(performance.now() - started),
    stdoutChars: result.lines.join('\n').length,
    errors: result.errors,
  });
  process.exit(0);
}

// The built sync hook beside this bundle (hooks/stop/memory-fabric-sync.mjs), when there is one.
function findSyncScript(thisFile: string): string | undefined {
  const candidates = [thisFile, path.resolve(path.dirname(thisFile), '..', 'stop', 'memory-fabric-sync.mjs')];
  return candidates.find((file) => file.endsWith(`${path.sep}stop${path.sep}memory-fabric-sync.mjs`) && existsSync(file));
}
