// Where the sync hook stopped reading each session's transcript: a byte offset at a line boundary.
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { MemoryFabricError } from '../errors.ts';
import { writeFileAtomic } from './atomic-write.ts';
import { importModule } from '../import-module.ts';

// One transcript's cursor (statePaths.cursor): the inode and the head hash tell a replaced file from a grown one.
export interface SessionCursor {
  sessionId?: string;
  transcriptPath: string;
  offset: number;
  inode: number;
  // A hash of the file's first bytes (up to the first line, at most 4 KiB): inodes get reused, contents do not.
  headHash: string;
  headLength: number;
  // What extraction carries to the next sync of this transcript (opaque here).
  extractionState?: unknown;
}

// The complete lines after the cursor, and what the read found about the file (replaced, missing, not read to its end).
export interface NewLines {
  lines: string[];
  // The offset just after the last complete line read; save it once the lines are safely handled.
  nextCursor: SessionCursor;
  // True when the transcript shrank or was replaced and was read again from the start.
  reset: boolean;
  // True when the transcript does not exist yet (Claude Code can run Stop before it writes the file).
  missing?: boolean;
  // True when bytes are left after nextCursor that this read did not reach (maxBytes): read again from nextCursor.
  truncated?: boolean;
}

// Bytes read per sync at most; a larger backlog is read over several syncs.
export const MAX_READ_BYTES = 64 * 1024 * 1024;

// The saved cursor, or undefined when there is none or it is damaged (the transcript is then read from the start).
export async function loadCursor(file: string): Promise<SessionCursor | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<SessionCursor>;
    if (
      typeof parsed.offset === 'number' &&
      typeof parsed.transcriptPath === 'string' &&
      typeof parsed.inode === 'number' &&
      typeof parsed.headHash === 'string' &&
      typeof parsed.headLength === 'number'
    ) {
      return parsed as SessionCursor;
    }
  } catch {
    // a missing or damaged cursor means: read from the start (merging makes that harmless)
  }
  return undefined;
}

// Atomic, so a crash leaves the old cursor or the new one, never half of one.
export async function saveCursor(file: string, cursor: SessionCursor): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(cursor)}\n`);
}

// Reads the complete lines written after the cursor, at most maxBytes of them; a partial last line is left for the
// next read.
export async function readNewLines(
  transcriptPath: string,
  cursor: SessionCursor | undefined,
  maxBytes = MAX_READ_BYTES,
): Promise<NewLines> {
  let handle;
  try {
    handle = await open(transcriptPath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && cursor === undefined) {
      return { lines: [], nextCursor: { transcriptPath, offset: 0, inode: -1, headHash: '', headLength: 0 }, reset: false, missing: true };
    }
    throw new MemoryFabricError('TRANSCRIPT_UNREADABLE', `cannot read transcript ${transcriptPath}`, { cause: error });
  }
  try {
    // Loaded here, not at the top: the context hook reads cursors (loadCursor) but never hashes, and loading
    // node:crypto costs start-up time (docs/performance.md).
    const { createHash } = await importModule<typeof import('node:crypto')>('node:crypto');
    const hashBytes = (bytes: Buffer): string => createHash('sha1').update(bytes).digest('hex');
    const info = await handle.stat();
    if (!info.isFile()) {
      throw new Error('not a regular file');
    }
    const head = await readHead(handle, info.size, hashBytes);
    const sameFile =
      cursor !== undefined &&
      cursor.transcriptPath === transcriptPath &&
      cursor.inode === info.ino &&
      cursor.offset <= info.size &&
      cursor.headLength <= info.size &&
      (cursor.headLength === head.length
        ? cursor.headHash === head.hash
        : hashBytes(head.bytes.subarray(0, cursor.headLength)) === cursor.headHash);
    const start = sameFile ? cursor.offset : 0;
    const length = Math.min(info.size - start, maxBytes);
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled);
      if (bytesRead === 0) {
        break;
      }
      filled += bytesRead;
    }
    const lastNewline = buffer.lastIndexOf(0x0a, filled - 1);
    const complete = lastNewline < 0 ? 0 : lastNewline + 1;
    const lines = complete === 0 ? [] : buffer.subarray(0, complete).toString('utf8').split('\n');
    return {
      lines: lines.filter((line) => line !== ''),
      nextCursor: { transcriptPath, offset: start + complete, inode: info.ino, headHash: head.hash, headLength: head.length },
      reset: cursor !== undefined && !sameFile,
      ...(start + length < info.size ? { truncated: true } : {}),
    };
  } catch (error) {
    throw new MemoryFabricError('TRANSCRIPT_UNREADABLE', `cannot read transcript ${transcriptPath}`, { cause: error });
  } finally {
    await handle.close();
  }
}

const HEAD_BYTES = 4096;

async function readHead(
  handle: FileHandle,
  size: number,
  hashBytes: (bytes: Buffer) => string,
): Promise<{ bytes: Buffer; length: number; hash: string }> {
  const bytes = Buffer.alloc(Math.min(HEAD_BYTES, size));
  const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
  const newline = bytes.subarray(0, bytesRead).indexOf(0x0a);
  const length = newline >= 0 ? newline + 1 : bytesRead;
  return { bytes: bytes.subarray(0, bytesRead), length, hash: hashBytes(bytes.subarray(0, length)) };
}
