// The detached process's side of background sync (see background-spawn.ts for how it is started).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { describeError, isMemoryFabricError, MemoryFabricError } from '../errors.ts';
import { withFileLock } from '../stores/bank/lock.ts';
import { openStore } from '../stores/open-store.ts';
import { BankReader } from '../stores/bank/bank-reader.ts';
import { clearRebuildMarker, markRebuild, openSearchIndex } from '../stores/bank/search-index-files.ts';
import { findPendingFlushes, findUnfinishedSessions } from '../stores/session-sweep.ts';
import { readFlushRequest, removeFlushRequest } from './background-spawn.ts';
import type { HookInput } from './hook-input.ts';
import { runSyncHook } from './sync-hook.ts';

export interface BackgroundResult {
  lines: string[];
  errors: string[];
}

export type BackgroundMode = { flush: string } | { sweep: true } | { reindex: true };

// The detached process's work: one flush request, every unfinished session and pending flush (--sweep), or the
// bank's search index (--reindex). One sweeper at a time (a lock in the state folder); each session is synced
// exactly as the Stop hook would.
export async function runBackgroundSync(mode: BackgroundMode, config: Config, nowMs: number): Promise<BackgroundResult> {
  const result: BackgroundResult = { lines: [], errors: [] };
  if ('reindex' in mode) return reindexBank(config);
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

// Rebuilds the bank's search index from the graph file (a reader found it behind and serves the old one meanwhile).
// A failure is recorded for this version of the file: readers then read the file themselves and report the problem.
async function reindexBank(config: Config): Promise<BackgroundResult> {
  const bank = new BankReader({ bankDir: config.bankDir, stateDir: config.stateDir });
  try {
    const view = await bank.openView();
    if (!openSearchIndex(config.stateDir, bank.indexFile)) {
      // No index now (a graph too small for one, or the state folder not writable): the old one must not be served.
      await rm(path.join(config.stateDir, 'search-index', 'current.json'), { force: true });
      throw new MemoryFabricError('STORE_WRITE_FAILED', `no search index for the ${view.size} entities of ${bank.indexFile}`);
    }
    await clearRebuildMarker(config.stateDir);
    return { lines: [`search index rebuilt: ${view.size} entities`], errors: [] };
  } catch (error) {
    await markRebuild(config.stateDir, bank.indexFile, 'failed', process.pid, describeError(error)).catch(() => undefined);
    return { lines: [], errors: [describeError(error)] };
  }
}
