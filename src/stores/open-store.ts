// Opens the configured store for reading and writing (the sync hook and the CLI).
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { BankStore } from './bank/bank-store.ts';
import type { GraphStore } from './graph-store.ts';
import { openMcpStore } from './mcp/open-mcp.ts';

// rebuildInBackground: see BankOptions (the Stop hook passes one: a large bank's search index is then rebuilt by a
// detached process, not inside the hook).
export function openStore(config: Config, rebuildInBackground?: () => Promise<void>): GraphStore {
  if (config.store === 'mcp') {
    return openMcpStore(config, writeTimeOf(config), fileURLToPath(import.meta.url));
  }
  return openBank(config, rebuildInBackground);
}

// The file bank with its write-time source.
export function openBank(config: Config, rebuildInBackground?: () => Promise<void>): BankStore {
  return new BankStore({
    bankDir: config.bankDir,
    stateDir: config.stateDir,
    writeTime: writeTimeOf(config),
    ...(rebuildInBackground ? { rebuildInBackground } : {}),
  });
}

// Loaded only when a write cycle needs a time: a Stop with nothing new never pays for it.
function writeTimeOf(config: Config) {
  const time = { kind: config.timeSource, url: config.timeUrl, timeoutMs: config.timeTimeoutMs };
  return async () => (await import('../state/time-source.ts')).fetchWriteTime(time);
}
