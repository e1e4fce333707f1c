// Opens the configured stores for reading only: the context hook's path, kept free of the write-side code.
import { fileURLToPath } from 'node:url';
import type { Config, StoreKind } from '../config.ts';
import { BankReader } from './bank/bank-reader.ts';
import type { GraphStore } from './graph-store.ts';
import { openMcpStore } from './mcp/open-mcp.ts';

// What the context hook adds to a reader: a way to rebuild a stale search index outside the prompt.
export interface ReaderOptions {
  // Starts a detached rebuild of a store's search index (see BankOptions.rebuildInBackground).
  rebuildInBackground?: (kind: StoreKind) => Promise<void>;
}

// One store for reading: the bank's reader, or the MCP store without a write time (so it cannot write).
export function openReader(config: Config, kind: StoreKind = config.store, options: ReaderOptions = {}): GraphStore {
  const { rebuildInBackground } = options;
  const rebuild = rebuildInBackground ? (): Promise<void> => rebuildInBackground(kind) : undefined;
  if (kind === 'mcp') {
    return openMcpStore(config, undefined, fileURLToPath(import.meta.url), rebuild);
  }
  return new BankReader({ bankDir: config.bankDir, stateDir: config.stateDir, ...(rebuild ? { rebuildInBackground: rebuild } : {}) });
}

// Every store the context hook searches (MEMORY_FABRIC_SOURCES), by name.
export function openSources(config: Config, options: ReaderOptions = {}): Array<{ source: StoreKind; store: GraphStore }> {
  return config.sources.map((source) => ({ source, store: openReader(config, source, options) }));
}
