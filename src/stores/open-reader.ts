// Opens the configured stores for reading only: the context hook's path, kept free of the write-side code.
import { fileURLToPath } from 'node:url';
import type { Config, StoreKind } from '../config.ts';
import { BankReader } from './bank/bank-reader.ts';
import type { GraphStore } from './graph-store.ts';
import { openMcpStore } from './mcp/open-mcp.ts';

export interface ReaderOptions {
  // Starts a detached rebuild of a store's search index (see BankOptions.rebuildInBackground).
  rebuildInBackground?: (kind: StoreKind) => Promise<void>;
}

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
