// Opens the configured store for reading only: the context hook's path, kept free of the write-side code.
import type { Config } from '../config.ts';
import { BankReader } from './bank/bank-reader.ts';
import type { GraphStore } from './graph-store.ts';

export function openReader(config: Config): GraphStore {
  return new BankReader({ bankDir: config.bankDir, stateDir: config.stateDir });
}
