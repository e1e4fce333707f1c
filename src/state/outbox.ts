// Deltas that could not be written yet (no time source, a failed write), kept durably until the next cycle.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { GraphDelta } from '../core/graph.ts';
import { writeFileAtomic } from './atomic-write.ts';

// A delta read back from the outbox, with its file (removed once the delta is written) and its session.
export interface OutboxEntry {
  file: string;
  delta: GraphDelta;
  sessionId?: string;
}

// Deltas this process saved (with the time and the pid, a name no other delta has; no node:crypto needed, which
// the context hook would pay for at start-up).
let saved = 0;

// Saves a delta; file names sort in arrival order.
export async function addToOutbox(
  outboxDir: string,
  delta: GraphDelta,
  reason: string,
  provenance: { sessionId?: string } = {},
): Promise<string> {
  saved += 1;
  const unique = `${process.pid}-${saved.toString().padStart(4, '0')}-${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
  const file = path.join(outboxDir, `${Date.now().toString().padStart(15, '0')}-${unique}.json`);
  await writeFileAtomic(
    file,
    `${JSON.stringify({ version: 1, reason, ...(provenance.sessionId ? { sessionId: provenance.sessionId } : {}), delta })}\n`,
    (written) => JSON.parse(written),
  );
  return file;
}

// Reads pending deltas in arrival order; unreadable entries are left in place and reported, never deleted.
export async function readOutbox(outboxDir: string): Promise<{ entries: OutboxEntry[]; unreadable: string[] }> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return { entries: [], unreadable: [] };
  }
  const entries: OutboxEntry[] = [];
  const unreadable: string[] = [];
  for (const name of names) {
    const file = path.join(outboxDir, name);
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as { delta?: GraphDelta; sessionId?: unknown };
      if (!parsed.delta || !Array.isArray(parsed.delta.entities) || !Array.isArray(parsed.delta.relations)) {
        throw new Error('no delta');
      }
      entries.push({ file, delta: parsed.delta, ...(typeof parsed.sessionId === 'string' ? { sessionId: parsed.sessionId } : {}) });
    } catch {
      unreadable.push(file);
    }
  }
  return { entries, unreadable };
}

// Removes entries once their deltas are safely in the store.
export async function removeFromOutbox(entries: readonly OutboxEntry[]): Promise<void> {
  await Promise.all(entries.map((entry) => rm(entry.file, { force: true })));
}
