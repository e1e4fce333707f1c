// The write path both stores share: an empty write is a no-op report, a read-only store refuses, and a write that
// fails for a reason we expect (time source down, lock timeout, write failed, server unreachable, deadline) leaves
// its delta in the outbox for the next cycle. Any other error is a bug: the delta still waits in the outbox
// (nothing is lost), and the report says it was unexpected instead of "not written yet".
import { describeError, type ErrorCode, isMemoryFabricError, MemoryFabricError } from '../errors.ts';
import type { GraphDelta } from '../core/graph.ts';
import { zeroCounts } from '../core/merge.ts';
import { addToOutbox, readOutbox } from '../state/outbox.ts';
import type { WriteTime } from '../state/time-source.ts';
import type { WriteProvenance, WriteReport } from './graph-store.ts';

const EXPECTED: ReadonlySet<ErrorCode> = new Set([
  'TIME_SOURCE_UNAVAILABLE',
  'LOCK_TIMEOUT',
  'STORE_WRITE_FAILED',
  'STORE_UNREADABLE',
  'DEADLINE_EXCEEDED',
]);

// The report of a write that had nothing to write.
const emptyWriteReport = (): WriteReport => ({
  written: false,
  counts: zeroCounts(),
  rejected: [],
  outboxPending: 0,
  outboxDrained: 0,
});

// Whether a failed write is one we expect and recover from by waiting in the outbox.
const isExpectedWriteFailure = (error: unknown): boolean => isMemoryFabricError(error) && EXPECTED.has(error.code);

// What a store hands the shared write path: its outbox, the delta, and its own write of one cycle.
export interface WriteThroughOutboxOptions {
  outboxDir: string;
  delta: GraphDelta;
  provenance: WriteProvenance;
  description: string;
  writeTime: (() => Promise<WriteTime>) | undefined;
  // Codes the user must see: the delta is kept in the outbox and the error is thrown (e.g. a corrupt bank).
  mustSee?: ReadonlySet<ErrorCode>;
  write: (time: WriteTime) => Promise<WriteReport>;
}

// The one read-only check: a store opened without a time source cannot write.
export function requireWriteTime(writeTime: (() => Promise<WriteTime>) | undefined, description: string): () => Promise<WriteTime> {
  if (!writeTime) {
    throw new MemoryFabricError('STORE_WRITE_FAILED', `${description} was opened read-only`);
  }
  return writeTime;
}

// Writes a delta (with what waits in the outbox) or leaves it in the outbox, saying why.
export async function writeThroughOutbox(options: WriteThroughOutboxOptions): Promise<WriteReport> {
  const { outboxDir, delta, provenance } = options;
  const isEmpty = delta.entities.length + delta.relations.length === 0;
  if (isEmpty && (await readOutbox(outboxDir)).entries.length === 0) {
    return emptyWriteReport();
  }
  const writeTime = requireWriteTime(options.writeTime, options.description);
  try {
    const time = await writeTime();
    return await options.write(time);
  } catch (error) {
    if (isMemoryFabricError(error) && options.mustSee?.has(error.code)) {
      if (!isEmpty) {
        await addToOutbox(outboxDir, delta, error.message, provenance);
      }
      throw error;
    }
    return deferFailedWrite(outboxDir, delta, error, provenance);
  }
}

// A write that failed: the delta waits in the outbox either way; a failure we do not expect (a bug) is reported as
// unexpected, not as "not written yet".
export async function deferFailedWrite(
  outboxDir: string,
  delta: GraphDelta,
  error: unknown,
  provenance: { sessionId?: string } = {},
): Promise<WriteReport> {
  const report = await deferToOutbox(outboxDir, delta, error, provenance);
  if (isExpectedWriteFailure(error)) {
    return report;
  }
  const unexpected = describeError(error);
  return { ...report, unexpectedError: unexpected, deferredBecause: `an unexpected error, a bug to report (${unexpected})` };
}

// A write that could not happen now: the delta (if any) waits in the outbox, and the report says why.
async function deferToOutbox(
  outboxDir: string,
  delta: GraphDelta,
  error: unknown,
  provenance: { sessionId?: string } = {},
): Promise<WriteReport> {
  const reason = error instanceof Error ? error.message : String(error);
  if (delta.entities.length + delta.relations.length > 0) {
    await addToOutbox(outboxDir, delta, reason, provenance);
  }
  const pending = await readOutbox(outboxDir);
  return {
    written: false,
    counts: zeroCounts(),
    rejected: [],
    outboxPending: pending.entries.length + pending.unreadable.length,
    outboxDrained: 0,
    deferredBecause: reason,
  };
}
