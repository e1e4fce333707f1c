// One line per hook run in <state>/logs/hooks.jsonl (rotated at 1 MiB): what ran, how long, what it printed.
// Append-only log lines are the one write that does not go through writeFileAtomic: a torn last line is skipped on read.
import { appendFile, mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';

export interface HookLogRecord {
  at: string;
  hook: 'context' | 'sync';
  event: string;
  sessionId: string;
  durationMs: number;
  stdoutChars: number;
  // What was injected or written, in a few words.
  summary?: string;
  errors: string[];
}

const ROTATE_BYTES = 1024 * 1024;

export const hookLogFile = (stateDir: string): string => path.join(stateDir, 'logs', 'hooks.jsonl');

// Appends a record; never throws (a log must not break a hook).
export async function appendHookLog(stateDir: string, record: HookLogRecord): Promise<void> {
  const file = hookLogFile(stateDir);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const size = await stat(file).then((info) => info.size, () => 0);
    if (size > ROTATE_BYTES) await rename(file, `${file}.1`);
    await appendFile(file, `${JSON.stringify(record)}\n`);
  } catch {
    // the hook's own result matters more than its log line
  }
}
