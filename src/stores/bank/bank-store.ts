// The file memory bank (.memories/): the graph file plus markdown records, written in locked, atomic cycles with an outbox.
import type { ErrorCode } from '../../errors.ts';
import { canonicalEntityKey, emptyGraph, type GraphDelta, type KnowledgeGraph } from '../../core/graph.ts';
import { batchesOf, changedAnything, mergeBatches } from '../../core/merge-batches.ts';
import type { WriteProvenance, WriteReport } from '../graph-store.ts';
import { requireWriteTime, writeThroughOutbox } from '../write-through-outbox.ts';
import { RECORD_FOLDERS, recordFileName, recordKindFor, slugify } from './layout.ts';
import { readOutbox, removeFromOutbox } from '../../state/outbox.ts';
import type { WriteTime } from '../../state/time-source.ts';
import { renderEntityRecordBody, renderSessionOverviewBody } from './record-views.ts';
import { BankReader } from './bank-reader.ts';
import type { WriteCycle } from './write-cycle.ts';

// BankStore takes the reader's options: named here too, for callers of the store.
export type { BankOptions } from './bank-reader.ts';

const MUST_SEE: ReadonlySet<ErrorCode> = new Set(['STORE_CORRUPT', 'STORE_UNREADABLE']);

// The file bank for reading and writing.
export class BankStore extends BankReader {
  // The seed's update mode for a delta: written with anything waiting in the outbox; without a write time it waits there.
  override writeDelta(delta: GraphDelta, provenance: WriteProvenance = {}): Promise<WriteReport> {
    return writeThroughOutbox({
      outboxDir: this.outboxDir,
      delta,
      provenance,
      description: this.description,
      writeTime: this.options.writeTime,
      // A bank that cannot be read is the user's to see (and fix); its delta waits meanwhile.
      mustSee: MUST_SEE,
      write: async (time) => {
        // The write side (records, YAML) is loaded only when there is something to write.
        const { runWriteCycle } = await import('./write-cycle.ts');
        const { value, written } = await runWriteCycle(
          this.paths,
          time,
          (cycle) => this.#applyDeltas(cycle, delta, provenance),
          this.options.lockTimeoutMs,
          this.options.rebuildInBackground,
        );
        return { ...value, writtenFiles: written, writeTime: { utcDateTime: time.utcDateTime, utcDateTimePrefix: time.utcDateTimePrefix } };
      },
    });
  }

  // The write time of a cycle (TIME_SOURCE_UNAVAILABLE when it cannot be had), for the bank commands that write directly.
  fetchTime(): Promise<WriteTime> {
    return requireWriteTime(this.options.writeTime, this.description)();
  }

  async #applyDeltas(cycle: WriteCycle, delta: GraphDelta, provenance: WriteProvenance): Promise<WriteReport> {
    const pending = await readOutbox(this.outboxDir);
    const merged = mergeBatches(
      (await cycle.readGraph()) ?? emptyGraph(),
      batchesOf(pending.entries, delta, provenance),
      cycle.time.utcDateTime,
    );
    const { graph, counts, changedKeys, touched } = merged;
    if (changedAnything(counts, merged.statementsSuperseded)) {
      const { findRecordPaths } = await import('./records.ts');
      const existing = await findRecordPaths(this.options.bankDir);
      await this.#writeEntityRecords(cycle, graph, changedKeys, existing);
      for (const [sessionId, names] of touched) {
        if (sessionId !== '' && names.size > 0) {
          await this.#writeSessionOverview(cycle, sessionId, [...names].sort(), existing);
        }
      }
      await cycle.writeGraph(graph);
    }
    await removeFromOutbox(pending.entries);
    return {
      written: true,
      counts,
      observationsMerged: merged.observationsMerged,
      statementsSuperseded: merged.statementsSuperseded,
      rejected: merged.rejected,
      timeSourceLabel: cycle.time.sourceLabel,
      outboxPending: pending.unreadable.length,
      outboxDrained: pending.entries.length,
    };
  }

  // Decision and error entities that changed get their markdown record (created once, refreshed after).
  async #writeEntityRecords(
    cycle: WriteCycle,
    graph: KnowledgeGraph,
    changedNames: ReadonlySet<string>,
    existing: ReadonlyMap<string, string>,
  ): Promise<void> {
    for (const entity of graph.entities) {
      const kind = recordKindFor(entity.entityType);
      if (!kind || !changedNames.has(canonicalEntityKey(entity.name))) {
        continue;
      }
      const relativePath =
        existing.get(`${kind}|${slugify(entity.name)}`) ??
        `${RECORD_FOLDERS[kind]}/${recordFileName(cycle.time.utcDateTimePrefix, entity.name)}`;
      const status = entity.supersededBy
        ? 'superseded'
        : kind === 'error'
          ? entity.observations.some((text) => /^fix(ed)?\b/i.test(text))
            ? 'resolved'
            : 'unresolved'
          : 'active';
      await cycle.writeRecord(relativePath, renderEntityRecordBody(entity, graph.relations), {
        entity_name: entity.name,
        status,
        ...(entity.supersededBy ? { superseded_by: entity.supersededBy } : {}),
      });
    }
  }

  async #writeSessionOverview(cycle: WriteCycle, sessionId: string, names: string[], existing: ReadonlyMap<string, string>): Promise<void> {
    const suffix = `session-${slugify(sessionId).slice(0, 36)}-overview`;
    const relativePath =
      existing.get(`session|${suffix}`) ?? `${RECORD_FOLDERS.session}/${recordFileName(cycle.time.utcDateTimePrefix, suffix)}`;
    const previous = await cycle.readRecord(relativePath);
    const body = renderSessionOverviewBody(previous?.body, { sessionId, entities: names, syncedAt: cycle.time.utcDateTime });
    await cycle.writeRecord(relativePath, body, { session_id: sessionId });
  }
}
