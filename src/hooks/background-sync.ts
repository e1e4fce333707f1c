// The detached process's side of background sync (see background-spawn.ts for how it is started).
import path from 'node:path';
import type { Config } from '../config.ts';
import { describeError, isMemoryFabricError, MemoryFabricError } from '../errors.ts';
import { withFileLock } from '../stores/bank/lock.ts';
import { openStore } from '../stores/open-store.ts';
import { findPendingFlushes, findUnfinishedSessions } from '../stores/session-sweep.ts';
import { readFlushRequest, removeFlushRequest } from './background-spawn.ts';
import type { HookInput } from './hook-input.ts';
import { runSyncHook } from './sync-hook.ts';

export interface BackgroundResult {
  lines: string[];
  errors: string[];
}

// The detached process's work: one flush request, or every unfinished session and pending flush (--sweep).
// One sweeper at a time (a lock in the state folder); each session is synced exactly as the Stop hook would.
export async function runBackgroundSync(mode: { flush: string } | { sweep: true }, config: Config, nowMs: number): Promise<BackgroundResult> {
  const result: BackgroundResult = { lines: [], errors: [] };
  const syncOne = async (input: HookInput, request?: string): Promise<void> => {
    try {
      const outcome = await runSyncHook({ ...input, event: input.event === 'SubagentStop' ? 'SubagentStop' : 'Stop' }, config, openStore(config));
      result.lines.push(outcome.stdout.trim());
      if (request) await removeFlushRequest(request);
    } catch (error) {
      result.errors.push(`${input.sessionId}: ${describeError(error)}`);
    }
  };
  if ('flush' in mode) {
    await syncOne(await readFlushRequest(mode.flush), mode.flush);
    return result;
  }
  try {
    await withFileLock(path.join(config.stateDir, 'sweep.lock'), { timeoutMs: 0, staleMs: 10 * 60_000 }, async () => {
      for (const request of await findPendingFlushes(config.stateDir)) await syncOne(await readFlushRequest(request), request);
      for (const session of await findUnfinishedSessions(config.stateDir, '', nowMs)) {
        await syncOne({ event: 'Stop', sessionId: session.sessionId, transcriptPath: session.transcriptPath });
      }
    });
  } catch (error) {
    if (isMemoryFabricError(error) && error.code === 'LOCK_TIMEOUT') result.lines.push('another sweep is running');
    else result.errors.push(describeError(error));
  }
  return result;
}
