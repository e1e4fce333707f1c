// Bundled as hooks/cli/memory-fabric.mjs: the package's bin.
import { fileURLToPath } from 'node:url';
import { findPackageRoot, runCli } from '../cli/main.ts';

const io = {
  stdout: (text: string) => void process.stdout.write(text),
  stderr: (text: string) => void process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  nowMs: Date.now,
  stderrIsTerminal: process.stderr.isTTY === true,
};
process.exitCode = await runCli(process.argv.slice(2), io, findPackageRoot(fileURLToPath(import.meta.url)));
