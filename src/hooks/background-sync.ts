// The detached process's side of background sync (see background-spawn.ts for how it is started).
import type { Config, StoreKind } from '../config.ts';
import { describeError, isMemoryFabricError, MemoryFabricError } from '../errors.ts';
import { withFileLock } from '../state/lock.ts';
import { openStore } from '../stores/open-store.ts';
import { openReader } from '../stores/open-reader.ts';
import { findPendingFlushes, removeFlushRequest } from '../state/flush-requests.ts';
import { findUnfinishedSessions } from '../state/session-sweep.ts';
import { statePaths } from '../state/state-layout.ts';
import { readFlushRequest } from './background-spawn.ts';
import type { HookInput } from './hook-input.ts';
import { runSyncHook } from './sync-hook.ts';

// What the detached process did: one line per sync or rebuild, and the errors (hook-main.ts logs these).
export interface BackgroundResult {
  lines: string[];
  errors: string[];
}

// The detached process's jobs, chosen by hook-main.ts: --flush <request>, --reindex <store>, else the sweep.
export type BackgroundMode = { flush: string } | { sweep: true } | { reindex: StoreKind };

// The detached process's work: one flush request, every unfinished session and pending flush (--sweep), or the
// bank's search index (--reindex). One sweeper at a time (a lock in the state folder); each session is synced
// exactly as the Stop hook would.
export async function runBackgroundSync(mode: BackgroundMode, config: Config, nowMs: number): Promise<BackgroundResult> {
  const result: BackgroundResult = { lines: [], errors: [] };
  if ('reindex' in mode) {
    return rebuildSearchIndexOf(config, mode.reindex);
  }
  const syncOne = async (input: HookInput, request?: string): Promise<void> => {
    try {
      const outcome = await runSyncHook(
        { ...input, event: input.event === 'SubagentStop' ? 'SubagentStop' : 'Stop' },
        config,
        openStore(config),
      );
      result.lines.push(outcome.stdout.trim());
      if (request) {
        await removeFlushRequest(request);
      }
    } catch (error) {
      result.errors.push(`${input.sessionId}: ${describeError(error)}`);
    }
  };
  if ('flush' in mode) {
    await syncOne(await readFlushRequest(mode.flush), mode.flush);
    return result;
  }
  try {
    await withFileLock(statePaths.sweepLock(config.stateDir), { timeoutMs: 0, staleMs: 10 * 60_000 }, async () => {
      for (const request of await findPendingFlushes(config.stateDir)) {
        await syncOne(await readFlushRequest(request), request);
      }
      for (const session of await findUnfinishedSessions(config.stateDir, '', nowMs)) {
        await syncOne({ event: 'Stop', sessionId: session.sessionId, transcriptPath: session.transcriptPath });
      }
    });
  } catch (error) {
    if (isMemoryFabricError(error) && error.code === 'LOCK_TIMEOUT') {
      result.lines.push('another sweep is running');
    } else {
      result.errors.push(describeError(error));
    }
  }
  return result;
}

// Rebuilds a store's search index from its graph file (a reader found it behind and serves the old one meanwhile).
async function rebuildSearchIndexOf(config: Config, kind: StoreKind): Promise<BackgroundResult> {
  const store = openReader(config, kind);
  try {
    if (!store.rebuildSearchIndex) {
      throw new MemoryFabricError('STORE_UNREADABLE', `${store.description} keeps no search index`);
    }
    return { lines: [await store.rebuildSearchIndex()], errors: [] };
  } catch (error) {
    return { lines: [], errors: [describeError(error)] };
  }
}
