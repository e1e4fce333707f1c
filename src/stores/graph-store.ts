// What the core needs from a store; the file bank and the memory server's store implement it.
import type { GraphDelta, KnowledgeGraph } from '../core/graph.ts';
import type { GraphView } from '../core/graph-view.ts';
import type { MergeCounts } from '../core/merge.ts';

// What writeDelta did, in the same shape for both stores: the sync report and the bank's contract read it.
export interface WriteReport {
  // True when the delta reached the store; false when it waits in the outbox.
  written: boolean;
  counts: MergeCounts;
  // Observations dropped as near-duplicates of ones the graph already held.
  observationsMerged?: number;
  rejected: string[];
  // Where the write time came from, when one was fetched.
  timeSourceLabel?: string;
  // Deltas still waiting in the outbox after this write, and how many earlier ones this write drained.
  outboxPending: number;
  outboxDrained: number;
  // Why the delta was not written, when it was not.
  deferredBecause?: string;
  // Set when the write failed for a reason we did not expect (a bug); the delta waits in the outbox all the same.
  unexpectedError?: string;
  // Older statements a newer one about the same slot superseded.
  statementsSuperseded?: number;
  // Files the write created or changed (bank-relative), and the canonical time of the write.
  writtenFiles?: string[];
  writeTime?: { utcDateTime: string; utcDateTimePrefix: string };
}

// Where a delta came from, so the store can keep a per-session account.
export interface WriteProvenance {
  sessionId?: string;
  // Drop observations that nearly repeat one the entity holds (the sync's paraphrases); imports keep everything.
  mergeNearDuplicates?: boolean;
}

// The one interface of the two stores (the bank and the memory server): the hooks and the CLI see only this.
export interface GraphStore {
  // A short description for reports, e.g. "file bank at /repo/.memories".
  readonly description: string;
  readGraph(): Promise<KnowledgeGraph>;
  // The graph as retrieval reads it (an inverted index; prebuilt on disk where the store can keep one).
  openView(): Promise<GraphView>;
  writeDelta(delta: GraphDelta, provenance?: WriteProvenance): Promise<WriteReport>;
  // Rebuilds the store's search index from its graph file now (the detached side of a reader that served the
  // previous index); says what it did. Stores without a graph file of their own have none.
  rebuildSearchIndex?(): Promise<string>;
}
