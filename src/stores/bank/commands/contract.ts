// The memory-bank seed's Output Contract, returned by every mode, as markdown or JSON.
import type { MergeCounts } from '../../../core/merge.ts';

// The seed's four modes; the CLI's import and drain report as update, export prints no contract.
export type BankMode = 'bootstrap' | 'retrieve' | 'update' | 'reconcile';

// One operation's report, with every field of the seed's contract; rendered as markdown or as JSON below.
export interface OutputContract {
  mode: BankMode;
  project: string;
  status: 'success' | 'partial' | 'failed';
  memoryWriteTimestampUtc?: string;
  utcDatetimePrefix?: string;
  createdAt?: string;
  updatedAt?: string;
  artifacts: Array<{ path: string; why: string }>;
  graphDelta: MergeCounts;
  planning: { constraints: string[]; priorDecisions: string[]; knownFailuresAndPreventions: string[] };
  // recordListSynced is the seed's index_synced: index.md lists every record.
  health: { recordListSynced: boolean; consistencyWarnings: string[] };
  // A recoverable error that made the operation fail or partial (e.g. the time source was down).
  error?: string;
}

const list = (items: readonly string[], empty: string): string =>
  items.length === 0 ? empty : items.map((item) => `\n  - ${item}`).join('');

// The contract as the seed's markdown.
export function renderContractMarkdown(contract: OutputContract): string {
  const lines = [
    '## Memory Operation',
    `- mode: ${contract.mode}`,
    `- project: ${contract.project}`,
    `- status: ${contract.status}`,
    `- memory_write_timestamp_utc: ${contract.memoryWriteTimestampUtc ?? 'none (no write in this operation)'}`,
    `- utc_datetime_prefix: ${contract.utcDatetimePrefix ?? 'none'}`,
    `- created_at: ${contract.createdAt ?? 'none'}`,
    `- updated_at: ${contract.updatedAt ?? 'none'}`,
    ...(contract.error ? [`- error: ${contract.error}`] : []),
    '',
    '## Retrieved or Updated Artifacts',
    ...(contract.artifacts.length === 0 ? ['- none'] : contract.artifacts.map((artifact) => `- ${artifact.path}: ${artifact.why}`)),
    '',
    '## Graph Delta',
    `- entities_added_count: ${contract.graphDelta.entitiesAddedCount}`,
    `- relations_added_count: ${contract.graphDelta.relationsAddedCount}`,
    `- observations_added_count: ${contract.graphDelta.observationsAddedCount}`,
    `- superseded_records_count: ${contract.graphDelta.supersededRecordsCount}`,
    '',
    '## Planning-Relevant Context',
    `- constraints: ${list(contract.planning.constraints, 'none')}`,
    `- prior_decisions: ${list(contract.planning.priorDecisions, 'none')}`,
    `- known_failures_and_preventions: ${list(contract.planning.knownFailuresAndPreventions, 'none')}`,
    '',
    '## Memory Health',
    `- index_synced: ${contract.health.recordListSynced ? 'yes' : 'no'}`,
    `- consistency_warnings: ${list(contract.health.consistencyWarnings, 'none')}`,
  ];
  return `${lines.join('\n')}\n`;
}

// The contract as JSON with the seed's snake_case keys.
export function renderContractJson(contract: OutputContract): string {
  return `${JSON.stringify(
    {
      memory_operation: {
        mode: contract.mode,
        project: contract.project,
        status: contract.status,
        memory_write_timestamp_utc: contract.memoryWriteTimestampUtc ?? null,
        utc_datetime_prefix: contract.utcDatetimePrefix ?? null,
        created_at: contract.createdAt ?? null,
        updated_at: contract.updatedAt ?? null,
        error: contract.error ?? null,
      },
      artifacts: contract.artifacts,
      graph_delta: {
        entities_added_count: contract.graphDelta.entitiesAddedCount,
        relations_added_count: contract.graphDelta.relationsAddedCount,
        observations_added_count: contract.graphDelta.observationsAddedCount,
        superseded_records_count: contract.graphDelta.supersededRecordsCount,
      },
      planning_relevant_context: {
        constraints: contract.planning.constraints,
        prior_decisions: contract.planning.priorDecisions,
        known_failures_and_preventions: contract.planning.knownFailuresAndPreventions,
      },
      memory_health: { index_synced: contract.health.recordListSynced, consistency_warnings: contract.health.consistencyWarnings },
    },
    null,
    2,
  )}\n`;
}
