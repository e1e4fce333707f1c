// Sessions whose end was never seen: their transcript grew past the cursor and has been quiet for a while.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadCursor } from './session-cursor.ts';
import { statePaths } from './state-layout.ts';

// A session to sync from outside it, by the sweep.
export interface UnfinishedSession {
  sessionId: string;
  transcriptPath: string;
}

// A transcript untouched for this long belongs to a session that is over (or idle): safe to sync from outside.
const QUIET_MS = 60_000;

// The other sessions with unsynced lines in a transcript quiet for quietMs, found from the cursors.
export async function findUnfinishedSessions(
  stateDir: string,
  currentSessionId: string,
  nowMs: number,
  quietMs = QUIET_MS,
): Promise<UnfinishedSession[]> {
  const folder = statePaths.cursors(stateDir);
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const found: UnfinishedSession[] = [];
  for (const name of names) {
    const cursor = await loadCursor(path.join(folder, name));
    const sessionId = cursor?.sessionId ?? name.split('__')[0] ?? '';
    if (!cursor || sessionId === currentSessionId) {
      continue;
    }
    const info = await stat(cursor.transcriptPath).catch(() => undefined);
    if (!info || info.size <= cursor.offset || nowMs - info.mtimeMs < quietMs) {
      continue;
    }
    found.push({ sessionId, transcriptPath: cursor.transcriptPath });
  }
  return found;
}
