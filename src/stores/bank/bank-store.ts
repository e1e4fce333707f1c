// The file memory bank (.memories/): the graph index read and written under a lock, atomically, with an outbox.
import { mkdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MemoryFabricError } from '../../errors.ts';
import { emptyGraph, type GraphDelta, type KnowledgeGraph } from '../../core/graph.ts';
import { mergeDelta, type MergeCounts } from '../../core/merge.ts';
import type { GraphStore, WriteReport } from '../graph-store.ts';
import { writeFileAtomic } from './atomic-write.ts';
import { parseGraphIndex, renderGraphIndex } from './jsonc-index.ts';
import { withFileLock } from './lock.ts';
import { addToOutbox, readOutbox, removeFromOutbox } from './outbox.ts';
import type { WriteTime } from './time-source.ts';

export interface BankOptions {
  bankDir: string;
  stateDir: string;
  // Fetches the canonical time of a write cycle; absent for a read-only bank (the context hook never writes).
  writeTime?: () => Promise<WriteTime>;
  lockTimeoutMs?: number;
}

export const INDEX_RELATIVE_PATH = path.join('context', 'knowledge-graph.index.jsonc');

const zeroCounts = (): MergeCounts => ({ entitiesAddedCount: 0, relationsAddedCount: 0, observationsAddedCount: 0, supersededRecordsCount: 0 });

export class BankStore implements GraphStore {
  readonly description: string;
  readonly indexFile: string;
  readonly outboxDir: string;
  readonly #options: BankOptions;

  constructor(options: BankOptions) {
    this.#options = options;
    this.indexFile = path.join(options.bankDir, INDEX_RELATIVE_PATH);
    this.outboxDir = path.join(options.stateDir, 'outbox');
    this.description = `file bank at ${options.bankDir}`;
  }

  // The whole graph; an absent index is an empty graph, an unreadable or invalid one is an error.
  async readGraph(): Promise<KnowledgeGraph> {
    const text = await this.#readIndexText();
    return text === undefined ? emptyGraph() : parseGraphIndex(text, this.indexFile).graph;
  }

  // Writes a delta, together with anything waiting in the outbox; when no write time can be had the delta waits there.
  async writeDelta(delta: GraphDelta): Promise<WriteReport> {
    const isEmpty = delta.entities.length + delta.relations.length === 0;
    if (isEmpty && (await readOutbox(this.outboxDir)).entries.length === 0) {
      return { written: false, counts: zeroCounts(), rejected: [], outboxPending: 0, outboxDrained: 0 };
    }
    await this.#prepareStateDir();
    if (!this.#options.writeTime) throw new MemoryFabricError('STORE_WRITE_FAILED', `${this.description} was opened read-only`);
    let writeTime: WriteTime;
    try {
      writeTime = await this.#options.writeTime();
    } catch (error) {
      return this.#defer(delta, error);
    }
    try {
      return await withFileLock(path.join(this.#options.stateDir, 'bank.lock'), { timeoutMs: this.#options.lockTimeoutMs ?? 5000, staleMs: 60_000 }, async () => {
        const pending = await readOutbox(this.outboxDir);
        const text = await this.#readIndexText();
        let graph = text === undefined ? emptyGraph() : parseGraphIndex(text, this.indexFile).graph;
        const counts = zeroCounts();
        const rejected: string[] = [];
        for (const next of [...pending.entries.map((entry) => entry.delta), delta]) {
          const outcome = mergeDelta(graph, next, writeTime.utcDateTime);
          graph = outcome.graph;
          rejected.push(...outcome.rejected);
          for (const key of Object.keys(counts) as Array<keyof MergeCounts>) counts[key] += outcome.counts[key];
        }
        const changed = counts.entitiesAddedCount + counts.relationsAddedCount + counts.observationsAddedCount + counts.supersededRecordsCount > 0;
        if (changed || text === undefined) {
          const rendered = renderGraphIndex(graph, writeTime.utcDateTime, writeTime.sourceLabel);
          await writeFileAtomic(this.indexFile, rendered, (written) => {
            parseGraphIndex(written, this.indexFile);
            if (written !== rendered) throw new Error('read-back differs from what was written');
          });
        }
        await removeFromOutbox(pending.entries);
        return {
          written: true,
          counts,
          rejected,
          timeSourceLabel: writeTime.sourceLabel,
          outboxPending: pending.unreadable.length,
          outboxDrained: pending.entries.length,
        };
      });
    } catch (error) {
      if (error instanceof MemoryFabricError && (error.code === 'STORE_CORRUPT' || error.code === 'STORE_UNREADABLE')) {
        await addToOutbox(this.outboxDir, delta, error.message);
        throw error;
      }
      return this.#defer(delta, error);
    }
  }

  async #defer(delta: GraphDelta, error: unknown): Promise<WriteReport> {
    const reason = error instanceof Error ? error.message : String(error);
    const hasContent = delta.entities.length + delta.relations.length > 0;
    if (hasContent) await addToOutbox(this.outboxDir, delta, reason);
    const pending = await readOutbox(this.outboxDir);
    return { written: false, counts: zeroCounts(), rejected: [], outboxPending: pending.entries.length + pending.unreadable.length, outboxDrained: 0, deferredBecause: reason };
  }

  async #readIndexText(): Promise<string | undefined> {
    try {
      return await readFile(this.indexFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new MemoryFabricError('STORE_UNREADABLE', `cannot read ${this.indexFile}`, { cause: error });
    }
  }

  // The state folder; when it lives inside the bank, the bank's .gitignore keeps it out of git.
  async #prepareStateDir(): Promise<void> {
    await mkdir(this.#options.stateDir, { recursive: true });
    const relative = path.relative(this.#options.bankDir, this.#options.stateDir);
    if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) {
      const ignoreFile = path.join(this.#options.bankDir, '.gitignore');
      if (!existsSync(ignoreFile)) await writeFileAtomic(ignoreFile, `${relative.split(path.sep)[0]}/\n`);
    }
  }
}
