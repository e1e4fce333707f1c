// The seed's bootstrap mode: the core tree, an empty graph file, the record list (index.md), and the event in the session timeline.
import type { BankStore } from '../bank-store.ts';
import { zeroCounts } from '../../../core/merge.ts';
import { RECORD_FOLDERS, recordFileName } from '../layout.ts';
import { findRecordPaths, listRecords } from '../records.ts';
import { runWriteCycle } from '../write-cycle.ts';
import type { OutputContract } from './contract.ts';
import { checkHealth } from './health.ts';
import { failedContract } from './failed.ts';

const TIMELINE = 'session-timeline';

// Creates what is missing; an existing bank is left as it is (only the timeline notes the run when it created something).
export async function bootstrapBank(bank: BankStore, project: string): Promise<OutputContract> {
  let time;
  try {
    time = await bank.fetchTime();
  } catch (error) {
    return failedContract('bootstrap', project, error);
  }
  const { root } = bank.paths;
  const { written } = await runWriteCycle(bank.paths, time, async (cycle) => {
    if (cycle.written.length === 0) {
      return;
    }
    const relativePath =
      (await findRecordPaths(root)).get(`session|${TIMELINE}`) ??
      `${RECORD_FOLDERS.session}/${recordFileName(time.utcDateTimePrefix, TIMELINE)}`;
    const existing = await cycle.readRecord(relativePath);
    const previous = existing?.body.trimEnd() ?? '# Session timeline\n\nEvents of this memory bank, oldest first.\n';
    await cycle.writeRecord(
      relativePath,
      `${previous}\n- ${time.utcDateTime} bootstrap: memory bank initialized (${cycle.written.join(', ')})\n`,
    );
  });
  const { records, problems } = await listRecords(root);
  const health = await checkHealth(root, records, problems, await bank.readGraph());
  return {
    mode: 'bootstrap',
    project,
    status: 'success',
    memoryWriteTimestampUtc: time.utcDateTime,
    utcDatetimePrefix: time.utcDateTimePrefix,
    ...(written.length > 0 ? { createdAt: time.utcDateTime, updatedAt: time.utcDateTime } : {}),
    artifacts:
      written.length > 0
        ? [...new Set(written)].map((file) => ({ path: file, why: 'created by bootstrap' }))
        : [{ path: root, why: 'already bootstrapped: nothing to create' }],
    graphDelta: zeroCounts(),
    planning: { constraints: [], priorDecisions: [], knownFailuresAndPreventions: [] },
    health: { recordListSynced: health.recordListSynced, consistencyWarnings: health.warnings },
  };
}
