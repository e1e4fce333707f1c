// The file memory bank (.memories/): the graph index plus markdown records, written in locked, atomic cycles with an outbox.
import { isMemoryFabricError, MemoryFabricError } from '../../errors.ts';
import { canonicalEntityKey, emptyGraph, type GraphDelta, type KnowledgeGraph } from '../../core/graph.ts';
import { mergeDelta, zeroCounts, type MergeCounts } from '../../core/merge.ts';
import { applySupersessions, findSupersessions } from '../../core/supersede.ts';
import type { WriteProvenance, WriteReport } from '../graph-store.ts';
import { GRAPH_INDEX, RECORD_FOLDERS, recordFileName, recordKindFor, recordNameOf, slugify } from './layout.ts';
import { addToOutbox, deferToOutbox, readOutbox, removeFromOutbox } from './outbox.ts';
import { renderEntityRecordBody, renderSessionOverviewBody } from './record-views.ts';
import type { WriteTime } from './time-source.ts';
import { BankReader } from './bank-reader.ts';
import type { WriteCycle } from './write-cycle.ts';

export type { BankOptions } from './bank-reader.ts';

export const INDEX_RELATIVE_PATH = GRAPH_INDEX;

// The file bank for reading and writing.
export class BankStore extends BankReader {
  // The seed's update mode for a delta: written with anything waiting in the outbox; without a write time it waits there.
  override async writeDelta(delta: GraphDelta, provenance: WriteProvenance = {}): Promise<WriteReport> {
    const isEmpty = delta.entities.length + delta.relations.length === 0;
    if (isEmpty && (await readOutbox(this.outboxDir)).entries.length === 0) {
      return { written: false, counts: zeroCounts(), rejected: [], outboxPending: 0, outboxDrained: 0 };
    }
    let time: WriteTime;
    try {
      time = await this.fetchTime();
    } catch (error) {
      return deferToOutbox(this.outboxDir, delta, error, provenance);
    }
    try {
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
    } catch (error) {
      if (isMemoryFabricError(error) && (error.code === 'STORE_CORRUPT' || error.code === 'STORE_UNREADABLE')) {
        if (!isEmpty) {
          await addToOutbox(this.outboxDir, delta, error.message, provenance);
        }
        throw error;
      }
      return deferToOutbox(this.outboxDir, delta, error, provenance);
    }
  }

  // The write time of a cycle (TIME_SOURCE_UNAVAILABLE when it cannot be had).
  async fetchTime(): Promise<WriteTime> {
    if (!this.options.writeTime) {
      throw new MemoryFabricError('STORE_WRITE_FAILED', `${this.description} was opened read-only`);
    }
    return this.options.writeTime();
  }

  async #applyDeltas(cycle: WriteCycle, delta: GraphDelta, provenance: WriteProvenance): Promise<WriteReport> {
    const pending = await readOutbox(this.outboxDir);
    let graph = (await cycle.readGraph()) ?? emptyGraph();
    const counts = zeroCounts();
    const rejected: string[] = [];
    const batches = [
      ...pending.entries.map((entry) => ({
        delta: entry.delta,
        sessionId: entry.sessionId,
        mergeNearDuplicates: entry.sessionId !== undefined,
      })),
      { delta, sessionId: provenance.sessionId, mergeNearDuplicates: provenance.mergeNearDuplicates === true },
    ];
    const touched = new Map<string, Set<string>>();
    let observationsMerged = 0;
    for (const batch of batches) {
      const outcome = mergeDelta(graph, batch.delta, cycle.time.utcDateTime, { mergeNearDuplicates: batch.mergeNearDuplicates });
      graph = outcome.graph;
      rejected.push(...outcome.rejected);
      observationsMerged += outcome.observationsMergedCount;
      for (const key of Object.keys(counts) as Array<keyof MergeCounts>) {
        counts[key] += outcome.counts[key];
      }
      const session = batch.sessionId ?? '';
      const names = touched.get(session) ?? new Set<string>();
      for (const name of outcome.changedEntities) {
        names.add(name);
      }
      touched.set(session, names);
    }
    const changedKeys = new Set([...touched.values()].flatMap((names) => [...names]));
    const supersessions = findSupersessions(graph, changedKeys);
    if (supersessions.length > 0) {
      graph = applySupersessions(graph, supersessions);
      counts.supersededRecordsCount += supersessions.length;
      for (const entry of supersessions) {
        changedKeys.add(canonicalEntityKey(entry.older));
      }
    }
    const changed =
      counts.entitiesAddedCount + counts.relationsAddedCount + counts.observationsAddedCount + counts.supersededRecordsCount > 0;
    if (changed) {
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
      observationsMerged,
      rejected,
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
