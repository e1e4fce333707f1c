// One write cycle's merge, the same for every store: the deltas waiting in the outbox, then the new one, merged
// in order into the graph; then decisions that a newer one replaced are marked superseded.
import { canonicalEntityKey, type GraphDelta, type KnowledgeGraph } from './graph.ts';
import { type MergeCounts, mergeDelta, zeroCounts } from './merge.ts';
import { applySupersessions, findSupersessions } from './supersede.ts';

// One delta of a write cycle (an outbox entry or the new delta) and the session it came from.
export interface DeltaBatch {
  delta: GraphDelta;
  sessionId?: string;
  // The sync's deltas merge near-duplicate statements; imports keep everything.
  mergeNearDuplicates: boolean;
}

// A write cycle's merge: the graph to write, what the store reports, and the entities whose records change.
export interface BatchesMerge {
  graph: KnowledgeGraph;
  counts: MergeCounts;
  rejected: string[];
  observationsMerged: number;
  // Older statements a newer one about the same slot superseded.
  statementsSuperseded: number;
  // Canonical keys of the entities each session's batches changed ('' for batches without a session).
  touched: Map<string, Set<string>>;
  // Every entity changed, superseded decisions included.
  changedKeys: Set<string>;
}

// The outbox's entries (oldest first) and the new delta as batches.
export function batchesOf(
  pending: ReadonlyArray<{ delta: GraphDelta; sessionId?: string }>,
  delta: GraphDelta,
  provenance: { sessionId?: string; mergeNearDuplicates?: boolean },
): DeltaBatch[] {
  return [
    ...pending.map((entry) => ({
      delta: entry.delta,
      ...(entry.sessionId ? { sessionId: entry.sessionId } : {}),
      mergeNearDuplicates: entry.sessionId !== undefined,
    })),
    {
      delta,
      ...(provenance.sessionId ? { sessionId: provenance.sessionId } : {}),
      mergeNearDuplicates: provenance.mergeNearDuplicates === true,
    },
  ];
}

// Merges the batches in order, then marks superseded decisions among the entities they changed.
export function mergeBatches(graph: KnowledgeGraph, batches: readonly DeltaBatch[], writeTimeUtc: string): BatchesMerge {
  let merged = graph;
  const counts = zeroCounts();
  const rejected: string[] = [];
  const touched = new Map<string, Set<string>>();
  let observationsMerged = 0;
  let statementsSuperseded = 0;
  for (const batch of batches) {
    const outcome = mergeDelta(merged, batch.delta, writeTimeUtc, { mergeNearDuplicates: batch.mergeNearDuplicates });
    merged = outcome.graph;
    rejected.push(...outcome.rejected);
    observationsMerged += outcome.observationsMergedCount;
    statementsSuperseded += outcome.statementsSupersededCount;
    for (const key of Object.keys(counts) as Array<keyof MergeCounts>) {
      counts[key] += outcome.counts[key];
    }
    const names = touched.get(batch.sessionId ?? '') ?? new Set<string>();
    for (const name of outcome.changedEntities) {
      names.add(name);
    }
    touched.set(batch.sessionId ?? '', names);
  }
  const changedKeys = new Set([...touched.values()].flatMap((names) => [...names]));
  const supersessions = findSupersessions(merged, changedKeys);
  if (supersessions.length > 0) {
    merged = applySupersessions(merged, supersessions);
    counts.supersededRecordsCount += supersessions.length;
    for (const entry of supersessions) {
      changedKeys.add(canonicalEntityKey(entry.older));
    }
  }
  return { graph: merged, counts, rejected, observationsMerged, statementsSuperseded, touched, changedKeys };
}

// Whether a merge changed anything that must be written.
export const changedAnything = (counts: MergeCounts, statementsSuperseded = 0): boolean =>
  counts.entitiesAddedCount +
    counts.relationsAddedCount +
    counts.observationsAddedCount +
    counts.supersededRecordsCount +
    statementsSuperseded >
  0;
