// memory-fabric sync --transcript <file> [--session <id>] [--json]: the sync pipeline on one transcript.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { MemoryFabricError } from '../errors.ts';
import { runSyncHook } from '../hooks/sync-hook.ts';
import { openStore } from '../stores/open-store.ts';
import type { CliIo } from './cli-io.ts';
import { createProgress } from './progress.ts';

// One transcript synced as a Stop would sync it (the session from --session, else the file name).
export async function runSyncCommand(
  transcript: string | true | undefined,
  session: string | true | undefined,
  asJson: boolean,
  io: CliIo,
): Promise<number> {
  if (typeof transcript !== 'string') {
    throw new MemoryFabricError('USAGE', 'sync needs --transcript <file.jsonl>');
  }
  const { config, warnings } = loadConfig(io.env, io.cwd);
  for (const warning of warnings) {
    io.stderr(`memory-fabric: ${warning}\n`);
  }
  const transcriptPath = path.resolve(io.cwd, transcript);
  const sessionId = typeof session === 'string' ? session : path.basename(transcriptPath, '.jsonl');
  const progress = createProgress(io.stderrIsTerminal === true, io.stderr);
  progress.update(`syncing ${transcriptPath} ...`);
  const outcome = await runSyncHook({ event: 'Stop', sessionId, transcriptPath }, config, openStore(config));
  progress.done();
  io.stdout(asJson ? `${JSON.stringify(outcome.report, null, 2)}\n` : outcome.stdout);
  return 0;
}
