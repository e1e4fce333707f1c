// The memory-fabric command line: parses argv, runs one command, returns its exit code (the entrypoint exits).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeError, isMemoryFabricError, MemoryFabricError } from '../errors.ts';
import { parseArgs, type CliIo } from './cli-io.ts';
import { runBankCommand } from './bank-commands.ts';
import { runDemo } from './demo.ts';
import { runDoctor } from './doctor.ts';
import { runInstall } from './install-command.ts';
import { runLog } from './log-command.ts';
import { runReplay } from './replay.ts';
import { runSearch } from './search.ts';
import { runSyncCommand } from './sync-command.ts';

const USAGE = `memory-fabric: a knowledge-graph memory for Claude Code

Usage:
  memory-fabric demo [--keep]                       two sessions through the built hooks on a temporary bank
  memory-fabric replay <payload.json> [--hook context|sync]
                                                    a hook payload through the hook's own code path; stdout is what Claude Code gets
  memory-fabric search [--json] "<prompt>"          what the context hook would inject for a prompt
  memory-fabric sync --transcript <file> [--session <id>] [--json]
                                                    sync one transcript into the store and print the report

The file bank's commands (the memory-bank spec's modes; each prints its Output Contract, --json for JSON):
  memory-fabric bootstrap                           create the bank's folders, context/project.md, the graph file and index.md
  memory-fabric retrieve "<task>"                   the retrieval packet for a task (reads only)
  memory-fabric update --decision "<text>" | --error "<text>" [--fix "<text>"] | --plan "<text>" [--session <id>]
  memory-fabric reconcile                           repair the graph file, mark superseded facts, link errors to plans, health
  memory-fabric import <graph.jsonl>                load a memory-server JSONL graph into the bank (deduplicated)
  memory-fabric export                              the bank's graph as memory-server JSONL on stdout
  memory-fabric drain                               write the deltas waiting in the outbox (needs the time source)

Setting it up:
  memory-fabric install [--project DIR] [--scope project|local|user] [--store bank|mcp] [--dry-run] [--uninstall]
                                                    add the hooks to a Claude Code settings file, keeping its formatting;
                                                    --uninstall restores the file (the same as npx tsx install.ts)

Operating it:
  memory-fabric doctor [--json]                     check the setup; each problem comes with its fix
  memory-fabric log [--last N]                      the recent hook runs, and p50/p95 per hook

Configuration is read from MEMORY_FABRIC_* environment variables (see README.md).
`;

// Each command's usage lines (from USAGE), for `memory-fabric <command> --help`.
function commandHelp(command: string): string | undefined {
  const lines = USAGE.split('\n');
  const start = lines.findIndex(
    (line) => line.trimStart().startsWith(`memory-fabric ${command} `) || line.trim() === `memory-fabric ${command}`,
  );
  if (start < 0) {
    return undefined;
  }
  const block = [lines[start] ?? ''];
  for (const line of lines.slice(start + 1)) {
    if (!/^\s{20,}\S/.test(line)) {
      break;
    }
    block.push(line);
  }
  return `Usage:\n${block.join('\n')}\n\nConfiguration is read from MEMORY_FABRIC_* environment variables (see README.md).\n`;
}

// Runs the CLI; packageRoot is the folder holding package.json, samples/ and hooks/.
export async function runCli(argv: readonly string[], io: CliIo, packageRoot: string): Promise<number> {
  const { positional, flags, repeated, ordered } = parseArgs(argv, [
    'hook',
    'transcript',
    'session',
    'decision',
    'error',
    'fix',
    'plan',
    'last',
    'project',
    'scope',
    'store',
  ]);
  const [command, ...rest] = positional;
  if (command !== undefined && command !== 'help' && (flags.has('help') || flags.has('h') || rest.includes('-h'))) {
    const help = commandHelp(command);
    if (help) {
      io.stdout(help);
      return 0;
    }
  }
  try {
    switch (command) {
      case 'demo':
        return await runDemo({ packageRoot }, flags.has('keep'), io);
      case 'replay':
        return await runReplay(rest[0], flags.get('hook'), io);
      case 'search':
        return await runSearch(rest.join(' '), flags.has('json'), io);
      case 'sync':
        return await runSyncCommand(flags.get('transcript'), flags.get('session'), flags.has('json'), io);
      case 'doctor':
        return await runDoctor(flags.has('json'), io, packageRoot);
      case 'log':
        return await runLog(flags.get('last'), io);
      case 'install':
        // The installer parses its own flags (--project DIR, --scope, --store take values).
        return await runInstall(withoutCommand(argv, command), io, packageRoot);
      case 'drain':
      case 'bootstrap':
      case 'retrieve':
      case 'update':
      case 'reconcile':
      case 'import':
      case 'export':
        return await runBankCommand({ command, words: rest, flags, repeated, ordered }, io);
      case undefined:
      case 'help':
        io.stdout(USAGE);
        return command === undefined && !flags.has('help') ? 1 : 0;
      default:
        throw new MemoryFabricError('USAGE', `unknown command ${JSON.stringify(command)}`);
    }
  } catch (error) {
    io.stderr(`memory-fabric: ${describeError(error)}\n`);
    if (isMemoryFabricError(error) && error.code === 'USAGE') {
      io.stderr(USAGE);
    }
    return isMemoryFabricError(error) && error.code === 'USAGE' ? 2 : 1;
  }
}

// The arguments without the command word (the first of them that is the command).
function withoutCommand(argv: readonly string[], command: string): string[] {
  const at = argv.indexOf(command);
  return [...argv.slice(0, at), ...argv.slice(at + 1)];
}

// The folder with package.json above a file (the CLI runs bundled from hooks/cli/ or from src/ under tsx).
export function findPackageRoot(fromFile: string): string {
  for (let folder = path.dirname(fromFile); ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json')) && existsSync(path.join(folder, 'samples'))) {
      return folder;
    }
    if (path.dirname(folder) === folder) {
      return path.dirname(fromFile);
    }
  }
}
