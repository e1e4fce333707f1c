// Opens the configured stores for reading only: the context hook's path, kept free of the write-side code.
import { fileURLToPath } from 'node:url';
import type { Config, StoreKind } from '../config.ts';
import { BankReader } from './bank/bank-reader.ts';
import type { GraphStore } from './graph-store.ts';
import { openMcpStore } from './mcp/open-mcp.ts';

export function openReader(config: Config, kind: StoreKind = config.store): GraphStore {
  if (kind === 'mcp') return openMcpStore(config, undefined, fileURLToPath(import.meta.url));
  return new BankReader({ bankDir: config.bankDir, stateDir: config.stateDir });
}

// Every store the context hook searches (MEMORY_FABRIC_SOURCES), by name.
export function openSources(config: Config): Array<{ source: StoreKind; store: GraphStore }> {
  return config.sources.map((source) => ({ source, store: openReader(config, source) }));
}
