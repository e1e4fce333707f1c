// Opens the configured store for reading and writing (the sync hook and the CLI).
import type { Config } from '../config.ts';
import { BankStore } from './bank/bank-store.ts';
import type { GraphStore } from './graph-store.ts';

export function openStore(config: Config): GraphStore {
  return openBank(config);
}

// The file bank with its write-time source.
export function openBank(config: Config): BankStore {
  const time = { kind: config.timeSource, url: config.timeUrl, timeoutMs: config.timeTimeoutMs };
  // Loaded only when a write cycle needs a time: a Stop with nothing new never pays for the HTTP client.
  const writeTime = async () => (await import('./bank/time-source.ts')).fetchWriteTime(time);
  return new BankStore({ bankDir: config.bankDir, stateDir: config.stateDir, writeTime });
}
