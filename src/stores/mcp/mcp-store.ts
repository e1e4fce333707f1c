// The memory MCP server as a store (loaded only when MEMORY_FABRIC_STORE=mcp). The server's quirks, handled:
// its search matches the whole query as one substring, so retrieval reads the graph and ranks it here (the same code
// as the bank: same answers); create_entities skips existing names, so those get add_observations; endpoints are
// created before relations; it keeps no extra fields, so dates and supersession are tagged observations; it loses
// concurrent writes, so writes are serialized under a lock and verified afterwards, and what failed waits in the outbox.
import { mkdir, readFile, stat } from 'node:fs/promises';
import { buildGraphView, type GraphView } from '../../core/graph-view.ts';
import { calibrateSilence } from '../../core/retrieval/calibrate.ts';
import { canonicalEntityKey, type GraphDelta, type GraphEntity, type GraphRelation, type KnowledgeGraph } from '../../core/graph.ts';
import { batchesOf, mergeBatches } from '../../core/merge-batches.ts';
import { entityFromServer, isUpdatedTag, parseServerMemoryJsonl, supersededTag, updatedTag } from '../../core/server-memory-jsonl.ts';
import { MemoryFabricError } from '../../errors.ts';
import { withFileLock } from '../../state/lock.ts';
import { statePaths } from '../../state/state-layout.ts';
import { readOutbox, removeFromOutbox } from '../../state/outbox.ts';
import type { WriteTime } from '../../state/time-source.ts';
import type { GraphStore, WriteProvenance, WriteReport } from '../graph-store.ts';
import { loadExpansionsFor } from '../search-index/load-expansions.ts';
import { openSearchIndex } from '../search-index/reader.ts';
import { openBehindSearchIndex, rebuildSearchIndexNow } from '../search-index/rebuild.ts';
import { indexedView, refreshSearchIndex } from '../search-index/refresh.ts';
import { writeThroughOutbox } from '../write-through-outbox.ts';
import { connectServer, type McpConnection } from './mcp-connection.ts';
import type { ServerParams } from './server-config.ts';

// The resolved server, the state folder (lock, outbox, search index) and the call deadline; writeTime to write.
export interface McpStoreOptions {
  server: ServerParams;
  stateDir: string;
  callTimeoutMs: number;
  writeTime?: () => Promise<WriteTime>;
  // See BankOptions.rebuildInBackground (for the search index of the server's local file).
  rebuildInBackground?: () => Promise<void>;
  // For tests: how to connect (an in-memory transport, a server that misbehaves).
  connect?: () => Promise<McpConnection>;
}

// The memory server as a GraphStore: ranking and merging happen here, the server only keeps the graph.
export class McpStore implements GraphStore {
  readonly description: string;
  readonly #options: McpStoreOptions;

  constructor(options: McpStoreOptions) {
    this.#options = options;
    this.description = options.server.description;
  }

  async readGraph(): Promise<KnowledgeGraph> {
    return this.#withConnection((connection) => readServerGraph(connection));
  }

  // The graph as retrieval reads it. With a local MEMORY_FILE_PATH the search index is kept in the state folder and
  // used while the file is unchanged, and rebuilt from the file itself when it changed: prompts never start the server.
  async openView(): Promise<GraphView> {
    const file = this.#localFile;
    if (file) {
      const fresh =
        openSearchIndex(this.#indexDir, file) ?? (await openBehindSearchIndex(this.#indexDir, file, this.#options.rebuildInBackground));
      if (fresh) {
        return fresh;
      }
    }
    return this.#buildView();
  }

  // The detached side of rebuildInBackground.
  async rebuildSearchIndex(): Promise<string> {
    const file = this.#localFile;
    if (!file) {
      throw new MemoryFabricError('STORE_UNREADABLE', `${this.description} has no local MEMORY_FILE_PATH to index`);
    }
    return rebuildSearchIndexNow(this.#indexDir, file, () => this.#buildView());
  }

  get #localFile(): string | undefined {
    return this.#options.server.kind === 'stdio' ? this.#options.server.memoryFile : undefined;
  }

  async #buildView(): Promise<GraphView> {
    const file = this.#localFile;
    // The version of the file is taken before it is read (a write may replace it meanwhile).
    const source = file ? await stat(file).catch(() => undefined) : undefined;
    const graph = (file ? await readLocalFile(file) : undefined) ?? (await this.readGraph());
    // A remote server (no local file to index) is measured in memory as the index build would measure it.
    return file
      ? indexedView(this.#indexDir, file, source, graph)
      : buildGraphView(graph, { expand: await loadExpansionsFor(), calibrate: calibrateSilence });
  }

  async writeDelta(delta: GraphDelta, provenance: WriteProvenance = {}): Promise<WriteReport> {
    const outboxDir = statePaths.outbox(this.#options.stateDir);
    return writeThroughOutbox({
      outboxDir,
      delta,
      provenance,
      description: this.description,
      writeTime: this.#options.writeTime,
      write: async (time) => {
        await mkdir(this.#options.stateDir, { recursive: true });
        return withFileLock(statePaths.mcpLock(this.#options.stateDir), { timeoutMs: 10_000, staleMs: 60_000 }, () =>
          this.#withConnection(async (connection) => {
            const pending = await readOutbox(outboxDir);
            const before = await readServerGraph(connection);
            const merged = mergeBatches(before, batchesOf(pending.entries, delta, provenance), time.utcDateTime);
            await writeDifference(connection, before, merged.graph);
            await verifyWritten(connection, merged.graph, before);
            await removeFromOutbox(pending.entries);
            await this.#refreshIndex(merged.graph);
            return {
              written: true,
              counts: merged.counts,
              observationsMerged: merged.observationsMerged,
              statementsSuperseded: merged.statementsSuperseded,
              rejected: merged.rejected,
              timeSourceLabel: time.sourceLabel,
              outboxPending: pending.unreadable.length,
              outboxDrained: pending.entries.length,
              writeTime: time,
            };
          }),
        );
      },
    });
  }

  // After our own write, the search index follows the server's file, so the next prompt need not start the server.
  async #refreshIndex(graph: KnowledgeGraph): Promise<void> {
    const file = this.#localFile;
    if (file) {
      await refreshSearchIndex(this.#indexDir, file, graph);
    }
  }

  // The search index of the server's file has its own folder: the bank's index may sit in the same state folder
  // (when the context hook reads both stores).
  get #indexDir(): string {
    return statePaths.memoryServerSearchIndex(this.#options.stateDir);
  }

  async #withConnection<T>(work: (connection: McpConnection) => Promise<T>): Promise<T> {
    const connection = await (this.#options.connect ?? (() => connectServer(this.#options.server, this.#options.callTimeoutMs)))();
    try {
      return await work(connection);
    } finally {
      await connection.close();
    }
  }
}

// The server's own file, read directly when it is local (what read_graph would answer, without starting the server);
// undefined when it cannot be read cleanly (absent, or caught in the middle of a write), and the server is asked.
async function readLocalFile(file: string): Promise<KnowledgeGraph | undefined> {
  try {
    const parsed = parseServerMemoryJsonl(await readFile(file, 'utf8'));
    return parsed.problems.length === 0 ? parsed.graph : undefined;
  } catch {
    return undefined;
  }
}

// The server's graph as the core sees it (tags turned back into dates and supersession).
async function readServerGraph(connection: McpConnection): Promise<KnowledgeGraph> {
  const answer = (await connection.call('read_graph', {})) as { entities?: unknown; relations?: unknown } | undefined;
  if (!answer || !Array.isArray(answer.entities) || !Array.isArray(answer.relations)) {
    throw new MemoryFabricError('STORE_CORRUPT', 'read_graph answered without entities and relations');
  }
  const entities: GraphEntity[] = [];
  for (const value of answer.entities) {
    const record = value as { name?: unknown; entityType?: unknown; observations?: unknown };
    if (typeof record.name === 'string' && typeof record.entityType === 'string') {
      entities.push(entityFromServer(record.name, record.entityType, record.observations));
    }
  }
  const relations: GraphRelation[] = [];
  for (const value of answer.relations) {
    const record = value as { from?: unknown; to?: unknown; relationType?: unknown };
    if (typeof record.from === 'string' && typeof record.to === 'string' && typeof record.relationType === 'string') {
      relations.push({ from: record.from, to: record.to, relationType: record.relationType });
    }
  }
  return { entities, relations };
}

// Writes what the merged graph has and the server does not: new entities, new observations on existing ones (with a
// refreshed date tag), supersession tags, then relations (their endpoints exist by then).
async function writeDifference(connection: McpConnection, before: KnowledgeGraph, after: KnowledgeGraph): Promise<void> {
  const existing = new Map(before.entities.map((entity) => [canonicalEntityKey(entity.name), entity] as const));
  const created: Array<{ name: string; entityType: string; observations: string[] }> = [];
  const added: Array<{ entityName: string; contents: string[] }> = [];
  const staleDates: Array<{ entityName: string; observations: string[] }> = [];
  for (const entity of after.entities) {
    const old = existing.get(canonicalEntityKey(entity.name));
    const tags = [
      ...(entity.updatedAt ? [updatedTag(entity.updatedAt)] : []),
      ...(entity.supersededBy ? [supersededTag(entity.supersededBy)] : []),
    ];
    if (!old) {
      created.push({ name: entity.name, entityType: entity.entityType, observations: [...entity.observations, ...tags] });
      continue;
    }
    const fresh = entity.observations.filter((text) => !old.observations.includes(text));
    // Statements the merge rewrote (marked superseded) replace their old text.
    const replaced = old.observations.filter((text) => !entity.observations.includes(text));
    const newSupersession = entity.supersededBy && !old.supersededBy ? [supersededTag(entity.supersededBy)] : [];
    const dateChanged = entity.updatedAt !== old.updatedAt && entity.updatedAt !== undefined;
    if (fresh.length === 0 && newSupersession.length === 0 && !dateChanged) {
      continue;
    }
    const stale = [...replaced, ...(dateChanged && old.updatedAt ? [updatedTag(old.updatedAt)] : [])];
    if (stale.length > 0) {
      staleDates.push({ entityName: old.name, observations: stale });
    }
    added.push({
      entityName: old.name,
      contents: [...fresh, ...newSupersession, ...(dateChanged && entity.updatedAt ? [updatedTag(entity.updatedAt)] : [])],
    });
  }
  if (created.length > 0) {
    await connection.call('create_entities', { entities: created });
  }
  if (staleDates.length > 0) {
    await connection.call('delete_observations', { deletions: staleDates });
  }
  if (added.length > 0) {
    await connection.call('add_observations', { observations: added });
  }
  const knownRelations = new Set(before.relations.map((relation) => `${relation.from}|${relation.relationType}|${relation.to}`));
  const relations = after.relations.filter((relation) => !knownRelations.has(`${relation.from}|${relation.relationType}|${relation.to}`));
  if (relations.length > 0) {
    await connection.call('create_relations', { relations });
  }
}

// Reads back the entities that changed: every observation and relation meant to be there must be.
async function verifyWritten(connection: McpConnection, after: KnowledgeGraph, before: KnowledgeGraph): Promise<void> {
  const beforeKeys = new Map(before.entities.map((entity) => [canonicalEntityKey(entity.name), entity] as const));
  const changed = after.entities.filter((entity) => {
    const old = beforeKeys.get(canonicalEntityKey(entity.name));
    return !old || entity.observations.some((text) => !old.observations.includes(text));
  });
  if (changed.length === 0) {
    return;
  }
  const answer = (await connection.call('open_nodes', { names: changed.map((entity) => entity.name) })) as
    | { entities?: Array<{ name: string; observations: string[] }> }
    | undefined;
  const found = new Map(
    (answer?.entities ?? []).map(
      (entity) => [entity.name, new Set((entity.observations ?? []).filter((text) => !isUpdatedTag(text)))] as const,
    ),
  );
  for (const entity of changed) {
    const held = found.get(entity.name);
    const missing = entity.observations.filter((text) => !held?.has(text));
    if (missing.length > 0) {
      throw new MemoryFabricError(
        'STORE_WRITE_FAILED',
        `the server did not keep ${missing.length} observations of ${entity.name} (a concurrent writer?)`,
      );
    }
  }
}
