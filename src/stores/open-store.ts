// Opens the configured store for reading and writing (the sync hook and the CLI).
import type { Config } from '../config.ts';
import { BankStore } from './bank/bank-store.ts';
import { fetchWriteTime } from './bank/time-source.ts';
import type { GraphStore } from './graph-store.ts';

export function openStore(config: Config): GraphStore {
  const time = { kind: config.timeSource, url: config.timeUrl, timeoutMs: config.timeTimeoutMs };
  return new BankStore({ bankDir: config.bankDir, stateDir: config.stateDir, writeTime: () => fetchWriteTime(time) });
}
