// A cross-process lock (the bank's write cycle, the memory server's writes, the sweep): an exclusive lock file holding
// the owner's pid and start time.
import { open, readFile, rm, stat } from 'node:fs/promises';
import { MemoryFabricError } from '../errors.ts';

// How long to wait for the lock, and when a held lock counts as abandoned.
export interface LockOptions {
  timeoutMs: number;
  // A lock older than this is considered abandoned even if its pid is alive (pids get reused).
  staleMs: number;
}

// Runs work while holding the lock; a lock left by a dead process or older than staleMs is taken over.
export async function withFileLock<T>(lockFile: string, options: LockOptions, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx');
      try {
        await handle.writeFile(JSON.stringify({ pid: process.pid, acquiredAt: new Date().toISOString() }));
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new MemoryFabricError('STORE_WRITE_FAILED', `could not create lock ${lockFile}`, { cause: error });
      }
      if (await isAbandoned(lockFile, options.staleMs)) {
        await rm(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new MemoryFabricError('LOCK_TIMEOUT', `${lockFile} is held by another memory-fabric process`);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, 10 + attempt * 5)));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockFile, { force: true });
  }
}

async function isAbandoned(lockFile: string, staleMs: number): Promise<boolean> {
  let text: string;
  let ageMs: number;
  try {
    const [content, info] = await Promise.all([readFile(lockFile, 'utf8'), stat(lockFile)]);
    text = content;
    ageMs = Date.now() - info.mtimeMs;
  } catch {
    return false; // gone already: the next attempt takes it
  }
  if (ageMs > staleMs) {
    return true;
  }
  let pid: unknown;
  try {
    pid = (JSON.parse(text) as { pid?: unknown }).pid;
  } catch {
    return ageMs > 1000; // a lock file still being written by its owner is not abandoned
  }
  if (typeof pid !== 'number') {
    return ageMs > 1000;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
