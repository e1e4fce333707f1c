// The contract of a mode that could not write (time source down, bank locked): a recoverable error, nothing changed.
import { describeError } from '../../../errors.ts';
import { zeroCounts } from '../../../core/merge.ts';
import type { BankMode, OutputContract } from './contract.ts';

// The contract of a mode that failed before it changed anything, with the error and how to recover.
export function failedContract(mode: BankMode, project: string, error: unknown): OutputContract {
  return {
    mode,
    project,
    status: 'failed',
    artifacts: [],
    graphDelta: zeroCounts(),
    planning: { constraints: [], priorDecisions: [], knownFailuresAndPreventions: [] },
    health: { recordListSynced: false, consistencyWarnings: [] },
    error: `${describeError(error)} (recoverable: nothing was written; run it again once the cause above is fixed; a time source that does not answer can be replaced with MEMORY_FABRIC_TIME_SOURCE=system)`,
  };
}
