// The seed's update mode: persists decisions, errors and graph deltas in one write cycle.
import type { GraphDelta } from '../../../core/graph.ts';
import type { BankStore } from '../bank-store.ts';
import { listRecords } from '../records.ts';
import type { OutputContract } from './contract.ts';
import { failedContract } from './failed.ts';
import { checkHealth } from './health.ts';

// Writes the delta (with anything waiting in the outbox); a write without a time source fails recoverably and keeps the delta.
export async function updateBank(bank: BankStore, project: string, delta: GraphDelta, sessionId?: string): Promise<OutputContract> {
  const report = await bank.writeDelta(delta, sessionId ? { sessionId } : {});
  if (!report.written && report.deferredBecause) {
    const failed = failedContract('update', project, new Error(report.deferredBecause));
    return {
      ...failed,
      error: `${report.deferredBecause} (recoverable: the delta waits in the outbox, ${report.outboxPending} pending, and is written by the next write cycle)`,
    };
  }
  const { records, problems } = await listRecords(bank.paths.root);
  const health = await checkHealth(bank.paths.root, records, problems, await bank.readGraph());
  const written = report.writtenFiles ?? [];
  return {
    mode: 'update',
    project,
    status: report.rejected.length > 0 ? 'partial' : 'success',
    ...(report.writeTime
      ? {
          memoryWriteTimestampUtc: report.writeTime.utcDateTime,
          utcDatetimePrefix: report.writeTime.utcDateTimePrefix,
          updatedAt: report.writeTime.utcDateTime,
        }
      : {}),
    artifacts: [...new Set(written)].map((file) => ({ path: file, why: 'written in this update' })),
    graphDelta: report.counts,
    planning: { constraints: [], priorDecisions: [], knownFailuresAndPreventions: [] },
    health: {
      recordListSynced: health.recordListSynced,
      consistencyWarnings: [...report.rejected.map((reason) => `refused: ${reason}`), ...health.warnings],
    },
  };
}
