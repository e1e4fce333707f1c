// The hook log summed up: p50/p95 durations per hook and event.
import type { HookLogRecord } from '../state/hook-log.ts';

// One "<hook> <event>" of the hook log: how many runs, their p50 and p95 in ms, how many logged errors.
export interface TimingRow {
  key: string;
  runs: number;
  p50: number;
  p95: number;
  errors: number;
}

// Durations per "<hook> <event>", nearest-rank percentiles.
export function summarizeTimings(records: readonly HookLogRecord[]): TimingRow[] {
  const groups = new Map<string, HookLogRecord[]>();
  for (const record of records) {
    groups.set(`${record.hook} ${record.event}`, [...(groups.get(`${record.hook} ${record.event}`) ?? []), record]);
  }
  return [...groups.entries()]
    .map(([key, group]) => {
      const durations = group.map((record) => record.durationMs).sort((a, b) => a - b);
      const at = (share: number): number =>
        durations[Math.min(durations.length - 1, Math.max(0, Math.ceil(share * durations.length) - 1))] ?? 0;
      return { key, runs: group.length, p50: at(0.5), p95: at(0.95), errors: group.filter((record) => record.errors.length > 0).length };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}

// The rows as aligned text, shared by `memory-fabric log` and doctor's timings check.
export function renderTimings(rows: readonly TimingRow[]): string {
  if (rows.length === 0) {
    return 'no hook runs logged yet\n';
  }
  const lines = rows.map(
    (row) =>
      `${row.key.padEnd(44)} ${String(row.runs).padStart(5)} runs   p50 ${String(row.p50).padStart(5)} ms   p95 ${String(row.p95).padStart(5)} ms   ${row.errors} with errors`,
  );
  return `${lines.join('\n')}\n`;
}
