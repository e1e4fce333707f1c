// Adds memory-fabric's hooks to Claude Code settings, keeping the user's comments and formatting; --uninstall restores
// the file exactly as it was. Usage: npx tsx install.ts [--project DIR] [--scope project|local|user] [--dry-run] [--uninstall]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeError } from './src/errors.ts';
import { runInstall } from './src/cli/install-command.ts';

const io = {
  stdout: (text: string) => void process.stdout.write(text),
  stderr: (text: string) => void process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  nowMs: Date.now,
};
try {
  process.exitCode = await runInstall(process.argv.slice(2), io, path.dirname(fileURLToPath(import.meta.url)));
} catch (error) {
  process.stderr.write(`install.ts: ${describeError(error)}\n`);
  process.exitCode = error instanceof Error && 'code' in error && error.code === 'USAGE' ? 2 : 1;
}
