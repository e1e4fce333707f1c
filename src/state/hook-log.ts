// One line per hook run in <state>/logs/hooks.jsonl (rotated at 1 MiB): what ran, how long, what it printed.
// Append-only log lines are the one write that does not go through writeFileAtomic: a torn last line is skipped on read.
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { statePaths } from './state-layout.ts';

// One line of the hook log, as `memory-fabric log` and doctor's timings read it back.
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

// Appends a record; never throws (a log must not break a hook). Synchronous: three small calls at exit cost less
// than three trips through the thread pool.
export async function appendHookLog(stateDir: string, record: HookLogRecord): Promise<void> {
  const file = statePaths.hookLog(stateDir);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const size = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
    if (size > ROTATE_BYTES) {
      renameSync(file, `${file}.1`);
    }
    appendFileSync(file, `${JSON.stringify(record)}\n`);
  } catch {
    // the hook's own result matters more than its log line
  }
}

// Every well-formed record (a torn last line is skipped), oldest first, from the rotated file and the current one.
export async function readHookLog(stateDir: string): Promise<HookLogRecord[]> {
  const file = statePaths.hookLog(stateDir);
  const texts = await Promise.all([readFile(`${file}.1`, 'utf8').catch(() => ''), readFile(file, 'utf8').catch(() => '')]);
  const records: HookLogRecord[] = [];
  for (const line of texts.join('\n').split('\n')) {
    if (line.trim() === '') {
      continue;
    }
    try {
      records.push(JSON.parse(line) as HookLogRecord);
    } catch {
      // skipped
    }
  }
  return records;
}
