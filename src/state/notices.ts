// What the user was already told this session: a marker file per session and problem, so that a dead memory server
// or a corrupt bank says so once, not on every prompt.
import { existsSync } from 'node:fs';
import { writeFileAtomic } from './atomic-write.ts';
import { statePaths } from './state-layout.ts';

// Records that the session meets this problem; true the first time (then the caller tells the user).
export async function recordNotice(stateDir: string, sessionId: string, key: string): Promise<boolean> {
  const marker = statePaths.notice(stateDir, sessionId, key);
  if (existsSync(marker)) {
    return false;
  }
  await writeFileAtomic(marker, `${new Date().toISOString()}\n`).catch(() => undefined);
  return true;
}
