// memory-fabric bootstrap | retrieve | update | reconcile | import | export: the bank's modes from the command line.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { buildManualDelta } from '../core/manual-delta.ts';
import { parseServerMemoryJsonl, renderServerMemoryJsonl } from '../core/server-memory-jsonl.ts';
import { MemoryFabricError } from '../errors.ts';
import { slugify } from '../stores/bank/layout.ts';
import { bootstrapBank } from '../stores/bank/commands/bootstrap.ts';
import { renderContractJson, renderContractMarkdown, type OutputContract } from '../stores/bank/commands/contract.ts';
import { reconcileBank } from '../stores/bank/commands/reconcile.ts';
import { retrieveFromBank } from '../stores/bank/commands/retrieval-packet.ts';
import { updateBank } from '../stores/bank/commands/update.ts';
import { openBank } from '../stores/open-store.ts';
import type { CliIo } from './cli-io.ts';
import { createProgress } from './progress.ts';

// The command line as main.ts parsed it, for the bank commands.
export interface BankCommandArgs {
  command: 'bootstrap' | 'retrieve' | 'update' | 'reconcile' | 'import' | 'export' | 'drain';
  words: string[];
  flags: Map<string, string | true>;
  // Repeatable flags (--decision, --error, --fix, --plan), by name, and all of them in the order given.
  repeated: Map<string, string[]>;
  ordered: Array<[string, string]>;
}

// Runs one bank command and prints its contract (export prints JSONL); exit 1 only when the contract says failed.
export async function runBankCommand(args: BankCommandArgs, io: CliIo): Promise<number> {
  const { config, warnings } = loadConfig(io.env, io.cwd);
  for (const warning of warnings) {
    io.stderr(`memory-fabric: ${warning}\n`);
  }
  const bank = openBank(config);
  const project = slugify(path.basename(config.projectRoot));
  if (args.command === 'export') {
    io.stdout(renderServerMemoryJsonl(await bank.readGraph()));
    return 0;
  }
  let contract: OutputContract;
  switch (args.command) {
    case 'bootstrap':
      contract = await bootstrapBank(bank, project);
      break;
    case 'retrieve':
      contract = await retrieveFromBank(bank, project, args.words.join(' '), {
        nowMs: io.nowMs(),
        maxResults: config.maxResults,
        dedupThreshold: config.dedupThreshold,
        boostFactor: config.boostFactor,
      });
      break;
    case 'update': {
      const delta = buildManualDelta({
        decisions: args.repeated.get('decision') ?? [],
        errors: errorsWithFixes(args),
        plans: args.repeated.get('plan') ?? [],
      });
      if (delta.entities.length === 0) {
        throw new MemoryFabricError(
          'USAGE',
          'update needs at least one --decision "<text>", --error "<text>" [--fix "<text>"] or --plan "<text>"',
        );
      }
      const session = args.flags.get('session');
      contract = await updateBank(bank, project, delta, typeof session === 'string' ? session : undefined);
      break;
    }
    case 'reconcile': {
      const progress = createProgress(io.stderrIsTerminal === true, io.stderr);
      progress.update(`reconciling ${config.bankDir} ...`);
      contract = await reconcileBank(bank, project);
      progress.done();
      break;
    }
    case 'drain':
      contract = await updateBank(bank, project, { entities: [], relations: [] });
      break;
    case 'import': {
      const file = args.words[0];
      if (!file) {
        throw new MemoryFabricError('USAGE', 'import needs a file: memory-fabric import <graph.jsonl>');
      }
      const progress = createProgress(io.stderrIsTerminal === true, io.stderr);
      progress.update(`reading ${file} ...`);
      const parsed = parseServerMemoryJsonl(await readFile(path.resolve(io.cwd, file), 'utf8'));
      for (const problem of parsed.problems) {
        io.stderr(`memory-fabric import: ${file} ${problem}\n`);
      }
      progress.update(
        `importing ${parsed.graph.entities.length} entities and ${parsed.graph.relations.length} relations into ${config.bankDir} ...`,
      );
      contract = await updateBank(bank, project, parsed.graph);
      progress.done();
      break;
    }
  }
  io.stdout(args.flags.has('json') ? renderContractJson(contract) : renderContractMarkdown(contract));
  return contract.status === 'failed' ? 1 : 0;
}

// Each --fix goes with the --error given before it ("--error A --error B --fix forB" fixes B, not A).
function errorsWithFixes(args: BankCommandArgs): Array<{ text: string; fix?: string }> {
  const errors: Array<{ text: string; fix?: string }> = [];
  for (const [name, value] of args.ordered) {
    const last = errors.at(-1);
    if (name === 'error') {
      errors.push({ text: value });
    } else if (name === 'fix') {
      if (!last || last.fix !== undefined) {
        throw new MemoryFabricError('USAGE', `--fix "${value}" must follow the --error it fixes`);
      }
      last.fix = value;
    }
  }
  return errors;
}
