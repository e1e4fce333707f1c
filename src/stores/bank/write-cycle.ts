// One bank write cycle: under the lock, with one canonical time, records first, the graph file next, the record list (index.md) last.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { emptyGraph, type KnowledgeGraph } from '../../core/graph.ts';
import { writeFileAtomic } from '../../state/atomic-write.ts';
import { readGraphFileText } from './graph-file.ts';
import { parseGraphFile, renderGraphFile } from './graph-file.ts';
import { BANK_FOLDERS, GRAPH_FILE, RECORD_LIST, PROJECT_MD, resolveInsideRoot } from './layout.ts';
import { withFileLock } from '../../state/lock.ts';
import { statePaths } from '../../state/state-layout.ts';
import { BACKGROUND_REBUILD_MIN_ENTITIES, markRebuild } from '../search-index/rebuild.ts';
import { refreshSearchIndex } from '../search-index/refresh.ts';
import { PROJECT_BODY, recordTitle, renderRecordList } from './record-views.ts';
import { listRecords, readRecord, stampFrontmatter, writeRecord, type MemoryRecord } from './records.ts';
import type { WriteTime } from '../../state/time-source.ts';

// The bank's root and its state folder (where the cycle's lock and the search index live).
export interface BankPaths {
  root: string;
  stateDir: string;
}

// What work does inside a cycle: every read and write goes through it, and every record gets the cycle's time.
export interface WriteCycle {
  time: WriteTime;
  // Files created or changed in this cycle, relative to the root.
  written: string[];
  readGraph(): Promise<KnowledgeGraph | undefined>;
  writeGraph(graph: KnowledgeGraph): Promise<void>;
  readRecord(relativePath: string): Promise<MemoryRecord | undefined>;
  // Writes a record, keeping created_at when it exists; extra frontmatter keys go after the seed's three.
  writeRecord(relativePath: string, body: string, extra?: Record<string, unknown>): Promise<void>;
}

// Runs work inside a write cycle; creates the seed's minimum structure first, regenerates index.md last.
// rebuildInBackground: for a large graph, the search index is rebuilt by a detached process instead of inside the
// cycle (readers serve the previous index until it is done; see openBehindSearchIndex).
export async function runWriteCycle<T>(
  paths: BankPaths,
  time: WriteTime,
  work: (cycle: WriteCycle) => Promise<T>,
  lockTimeoutMs = 5000,
  rebuildInBackground?: () => Promise<void>,
): Promise<{ value: T; written: string[] }> {
  await mkdir(paths.stateDir, { recursive: true });
  return withFileLock(statePaths.bankLock(paths.stateDir), { timeoutMs: lockTimeoutMs, staleMs: 60_000 }, async () => {
    const written: string[] = [];
    let lastGraph: KnowledgeGraph | undefined;
    const cycle: WriteCycle = {
      time,
      written,
      readGraph: async () => {
        const text = await readGraphFileText(paths.root);
        return text === undefined ? undefined : parseGraphFile(text, path.join(paths.root, GRAPH_FILE)).graph;
      },
      writeGraph: async (graph) => {
        lastGraph = graph;
        const file = resolveInsideRoot(paths.root, GRAPH_FILE);
        const rendered = renderGraphFile(graph, time.utcDateTime, time.sourceLabel);
        await writeFileAtomic(file, rendered, (text) => {
          if (text !== rendered) {
            throw new Error('read-back differs from what was written');
          }
          parseGraphFile(text, file);
        });
        written.push(GRAPH_FILE);
      },
      readRecord: (relativePath) => readRecord(paths.root, relativePath),
      writeRecord: async (relativePath, body, extra = {}) => {
        const existing = await readRecord(paths.root, relativePath);
        await writeRecord(paths.root, relativePath, stampFrontmatter(existing?.frontmatter, time, extra), body);
        written.push(relativePath);
      },
    };
    await ensureLayout(paths, cycle);
    const value = await work(cycle);
    if (written.length > 0 || !existsSync(path.join(paths.root, RECORD_LIST))) {
      await writeRecordList(paths.root, cycle);
    }
    // The search index follows the graph it was built from (readers rebuild it if this fails).
    if (lastGraph) {
      await followGraph(paths, lastGraph, rebuildInBackground);
    }
    return { value, written };
  });
}

async function followGraph(paths: BankPaths, graph: KnowledgeGraph, rebuildInBackground: (() => Promise<void>) | undefined): Promise<void> {
  if (rebuildInBackground && graph.entities.length >= BACKGROUND_REBUILD_MIN_ENTITIES) {
    try {
      await markRebuild(statePaths.bankSearchIndex(paths.stateDir), path.join(paths.root, GRAPH_FILE), 'running', process.pid);
      await rebuildInBackground();
      return;
    } catch {
      // rebuilt here instead
    }
  }
  await refreshSearchIndex(statePaths.bankSearchIndex(paths.stateDir), path.join(paths.root, GRAPH_FILE), graph);
}

// The seed's pre-flight: folders, context/project.md and an (empty) graph file exist before anything else.
async function ensureLayout(paths: BankPaths, cycle: WriteCycle): Promise<void> {
  for (const folder of BANK_FOLDERS) {
    await mkdir(resolveInsideRoot(paths.root, folder), { recursive: true });
  }
  if (!existsSync(path.join(paths.root, PROJECT_MD))) {
    await cycle.writeRecord(PROJECT_MD, PROJECT_BODY);
  }
  if ((await readGraphFileText(paths.root)) === undefined) {
    await cycle.writeGraph(emptyGraph());
  }
  const relative = path.relative(paths.root, paths.stateDir);
  if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) {
    const ignoreFile = path.join(paths.root, '.gitignore');
    if (!existsSync(ignoreFile)) {
      await writeFileAtomic(ignoreFile, `${relative.split(path.sep)[0]}/\n`);
    }
  }
}

// index.md lists every record; it is written last in the cycle.
async function writeRecordList(root: string, cycle: WriteCycle): Promise<void> {
  const { records } = await listRecords(root);
  const body = renderRecordList(
    records.map((record) => ({
      relativePath: record.relativePath,
      ...(record.kind ? { kind: record.kind } : {}),
      title: recordTitle(record.relativePath, record.body),
      updatedAt: record.frontmatter.updated_at,
    })),
  );
  const existing = await readRecord(root, RECORD_LIST);
  if (existing && existing.body === body) {
    return;
  }
  await cycle.writeRecord(RECORD_LIST, body);
}
