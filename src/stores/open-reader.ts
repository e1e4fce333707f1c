// Opens the configured store for reading only: the context hook's path, kept free of the write-side code.
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { BankReader } from './bank/bank-reader.ts';
import type { GraphStore } from './graph-store.ts';
import { openMcpStore } from './mcp/open-mcp.ts';

export function openReader(config: Config): GraphStore {
  if (config.store === 'mcp') return openMcpStore(config, undefined, fileURLToPath(import.meta.url));
  return new BankReader({ bankDir: config.bankDir, stateDir: config.stateDir });
}
