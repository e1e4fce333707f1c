// SessionEnd's requests to the detached flusher: the hook's input saved as a file, removed once the flush is done.
// A request left behind (its flusher died, or never started) is found and done by the next sweep.
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './atomic-write.ts';
import { statePaths } from './state-layout.ts';

// Saves a session's request; returns its file.
export async function saveFlushRequest(stateDir: string, sessionId: string, request: object): Promise<string> {
  await mkdir(statePaths.flushRequests(stateDir), { recursive: true });
  const file = statePaths.flushRequest(stateDir, sessionId);
  await writeFileAtomic(file, `${JSON.stringify(request)}\n`, (written) => JSON.parse(written));
  return file;
}

// Reads a request as it was saved (the caller knows its shape).
export async function readFlushRequest(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8'));
}

// Done with a request: removed, and no error when another flusher removed it first.
export const removeFlushRequest = (file: string): Promise<void> => rm(file, { force: true });

// Requests no process has completed.
export async function findPendingFlushes(stateDir: string): Promise<string[]> {
  const folder = statePaths.flushRequests(stateDir);
  try {
    return (await readdir(folder)).filter((name) => name.endsWith('.json')).map((name) => path.join(folder, name));
  } catch {
    return [];
  }
}
