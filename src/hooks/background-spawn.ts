// Starting sync work in a detached process: the final flush at SessionEnd (1.5 s budget for all hooks), and the
// sweep at SessionStart of sessions whose end was never seen. The detached process is the sync bundle itself,
// started with --flush <request> or --sweep (see background-sync.ts); the hook returns at once.
import type { Config, StoreKind } from '../config.ts';
import { findPendingFlushes, readFlushRequest as readRequestFile, saveFlushRequest } from '../state/flush-requests.ts';
import { findUnfinishedSessions } from '../state/session-sweep.ts';
import type { HookInput } from './hook-input.ts';
import { importModule } from '../import-module.ts';

// Starts the sync bundle detached from this process; returns its pid.
async function spawnDetachedSync(syncScript: string, args: string[], cwd: string): Promise<number | undefined> {
  const { spawn } = await importModule<typeof import('node:child_process')>('node:child_process');
  const child = spawn(process.execPath, [syncScript, ...args], { cwd, detached: true, stdio: 'ignore' });
  child.unref();
  return child.pid;
}

// Saves the SessionEnd input as a flush request and starts a detached flusher for it.
export async function handOffFlush(input: HookInput, config: Config, syncScript: string): Promise<{ pid?: number; request: string }> {
  const request = await saveFlushRequest(config.stateDir, input.sessionId, input);
  const pid = await spawnDetachedSync(syncScript, ['--flush', request], config.projectRoot);
  return { ...(pid ? { pid } : {}), request };
}

// Reads a flush request: the SessionEnd input handOffFlush saved (the caller removes it once handled).
export async function readFlushRequest(file: string): Promise<HookInput> {
  return (await readRequestFile(file)) as HookInput;
}

// At SessionStart: when other sessions were left unsynced, one detached sweeper syncs them. Returns a note, or undefined.
export async function sweepUnfinishedSessions(
  config: Config,
  currentSessionId: string,
  nowMs: number,
  syncScript: string,
): Promise<string | undefined> {
  const [unfinished, pending] = await Promise.all([
    findUnfinishedSessions(config.stateDir, currentSessionId, nowMs),
    findPendingFlushes(config.stateDir),
  ]);
  if (unfinished.length === 0 && pending.length === 0) {
    return undefined;
  }
  const pid = await spawnDetachedSync(syncScript, ['--sweep'], config.projectRoot);
  return `handed ${unfinished.length} unfinished sessions and ${pending.length} pending flushes to a background sweep (pid ${pid ?? 'unknown'})`;
}

// Starts a detached rebuild of a store's search index (the store has marked it running).
export async function startSearchIndexRebuild(config: Config, syncScript: string, kind: StoreKind): Promise<void> {
  await spawnDetachedSync(syncScript, ['--reindex', kind], config.projectRoot);
}
