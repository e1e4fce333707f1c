// Adds memory-fabric's hooks to Claude Code settings, keeping the user's comments and formatting; --uninstall restores
// the file exactly as it was. Usage: npx tsx install.ts [--project DIR] [--scope project|local|user] [--dry-run] [--uninstall]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeError } from './src/errors.ts';
import { runInstall } from './src/cli/install-command.ts';
import { processIo } from './src/entrypoints/process-io.ts';

try {
  process.exitCode = await runInstall(process.argv.slice(2), processIo(), path.dirname(fileURLToPath(import.meta.url)));
} catch (error) {
  process.stderr.write(`install.ts: ${describeError(error)}\n`);
  process.exitCode = error instanceof Error && 'code' in error && error.code === 'USAGE' ? 2 : 1;
}
