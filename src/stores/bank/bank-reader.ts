// The file bank for reading: the graph file and its search index. The context hook uses only this, so the
// write side (records, YAML, the write cycle) stays out of its bundle.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { GraphView } from '../../core/graph-view.ts';
import { emptyGraph, type GraphDelta, type KnowledgeGraph } from '../../core/graph.ts';
import { MemoryFabricError } from '../../errors.ts';
import type { GraphStore, WriteReport } from '../graph-store.ts';
import { readGraphFileText } from './graph-file.ts';
import { parseGraphFile } from './graph-file.ts';
import { GRAPH_FILE } from './layout.ts';
import { statePaths } from '../../state/state-layout.ts';
import type { WriteTime } from '../../state/time-source.ts';
import { openSearchIndex } from '../search-index/reader.ts';
import { openBehindSearchIndex, rebuildSearchIndexNow } from '../search-index/rebuild.ts';
import { indexedView } from '../search-index/refresh.ts';

// Where a bank is and how it writes; BankStore takes the same options (a reader leaves writeTime out).
export interface BankOptions {
  bankDir: string;
  stateDir: string;
  // Fetches the canonical time of a write cycle; absent for a read-only bank (the context hook never writes).
  writeTime?: () => Promise<WriteTime>;
  lockTimeoutMs?: number;
  // Starts a rebuild of the search index in a detached process (the context hook passes one): a large graph whose
  // index is behind its file (edited by hand, or pulled from git) is then answered from the previous index at once,
  // instead of the prompt rebuilding it (what that costs: docs/performance.md).
  rebuildInBackground?: () => Promise<void>;
}

// Below this size a graph is indexed in memory on every read: it costs less than the files.
const SEARCH_INDEX_MIN_ENTITIES = 200;

// The bank's read side, the only part the context hook bundles; BankStore extends it with the write cycle.
export class BankReader implements GraphStore {
  readonly description: string;
  readonly graphFile: string;
  readonly outboxDir: string;
  readonly searchIndexDir: string;
  readonly options: BankOptions;

  constructor(options: BankOptions) {
    this.options = options;
    this.graphFile = path.join(options.bankDir, GRAPH_FILE);
    this.outboxDir = statePaths.outbox(options.stateDir);
    this.searchIndexDir = statePaths.bankSearchIndex(options.stateDir);
    this.description = `file bank at ${options.bankDir}`;
  }

  get paths(): { root: string; stateDir: string } {
    return { root: this.options.bankDir, stateDir: this.options.stateDir };
  }

  // The whole graph; an absent graph file is an empty graph, an unreadable or invalid one is an error.
  async readGraph(): Promise<KnowledgeGraph> {
    const text = await readGraphFileText(this.options.bankDir);
    return text === undefined ? emptyGraph() : parseGraphFile(text, this.graphFile).graph;
  }

  // The graph as retrieval reads it: the prebuilt search index when it matches the graph file, else built now
  // (and saved for the next reader, best effort).
  async openView(): Promise<GraphView> {
    const fresh = openSearchIndex(this.searchIndexDir, this.graphFile);
    if (fresh) {
      return fresh;
    }
    return (await openBehindSearchIndex(this.searchIndexDir, this.graphFile, this.options.rebuildInBackground)) ?? this.#buildView();
  }

  // The detached side of rebuildInBackground: the search index rebuilt from the graph file now.
  async rebuildSearchIndex(): Promise<string> {
    return rebuildSearchIndexNow(this.searchIndexDir, this.graphFile, () => this.#buildView());
  }

  async #buildView(): Promise<GraphView> {
    // The version of the file is taken before it is read (a write cycle may replace the file meanwhile).
    const before = await stat(this.graphFile).catch(() => undefined);
    const graph = await this.readGraph();
    return indexedView(this.searchIndexDir, this.graphFile, graph.entities.length >= SEARCH_INDEX_MIN_ENTITIES ? before : undefined, graph);
  }

  // A reader never writes.
  async writeDelta(_delta: GraphDelta): Promise<WriteReport> {
    throw new MemoryFabricError('STORE_WRITE_FAILED', `${this.description} was opened read-only`);
  }
}
