// The one way memory-fabric writes a file: temp file in the same folder, fsync, verify, rename.
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { MemoryFabricError } from '../errors.ts';

// Temp names are unique by process id, time and a counter (no crypto: it costs the hooks start-up time).
let tempCounter = 0;

// Writes text atomically; verify (when given) must accept the bytes read back before the rename.
// On any failure the target keeps its old content and the temp file is removed.
export async function writeFileAtomic(target: string, text: string, verify?: (written: string) => void): Promise<void> {
  const folder = path.dirname(target);
  await mkdir(folder, { recursive: true });
  const temp = path.join(folder, `.${path.basename(target)}.${process.pid}.${Date.now().toString(36)}.${(tempCounter += 1)}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (verify) {
      verify(await readFile(temp, 'utf8'));
    }
    await rename(temp, target);
    await syncFolder(folder);
  } catch (error) {
    await rm(temp, { force: true });
    throw new MemoryFabricError('STORE_WRITE_FAILED', `could not write ${target}`, { cause: error });
  }
}

async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on a folder; the rename is still atomic there.
  }
}
