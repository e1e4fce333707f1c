// memory-fabric log [--last N]: the recent hook runs and p50/p95 per hook.
import { loadConfig } from '../config.ts';
import type { CliIo } from './cli-io.ts';
import { readHookLog } from '../state/hook-log.ts';
import { renderTimings, summarizeTimings } from './hook-log-stats.ts';

// Prints the last N runs of the hook log (20 by default), then the timings of all of them.
export async function runLog(last: string | true | undefined, io: CliIo): Promise<number> {
  const { config } = loadConfig(io.env, io.cwd);
  const records = await readHookLog(config.stateDir);
  const count = typeof last === 'string' && Number.isInteger(Number(last)) ? Number(last) : 20;
  io.stdout(`Hook log: ${records.length} runs in ${config.stateDir}/logs\n\n`);
  for (const record of records.slice(-count)) {
    const problems = record.errors.length > 0 ? `  ERROR ${record.errors[0]}` : '';
    io.stdout(
      `${record.at}  ${record.hook.padEnd(7)} ${record.event.padEnd(30)} ${String(record.durationMs).padStart(5)} ms  session ${record.sessionId.slice(0, 8)}  ${record.summary ?? `${record.stdoutChars} chars out`}${problems}\n`,
    );
  }
  io.stdout(`\nTimings:\n${renderTimings(summarizeTimings(records))}`);
  return 0;
}
