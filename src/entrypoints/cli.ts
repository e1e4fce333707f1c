// Bundled as hooks/cli/memory-fabric.mjs: the package's bin.
import { fileURLToPath } from 'node:url';
import { findPackageRoot, runCli } from '../cli/main.ts';
import { processIo } from './process-io.ts';

process.exitCode = await runCli(process.argv.slice(2), processIo(), findPackageRoot(fileURLToPath(import.meta.url)));
