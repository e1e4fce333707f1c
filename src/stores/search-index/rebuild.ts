// Rebuilding a search index in a detached process: readers serve the previous index of a large graph file that
// changed while one process rebuilds it, and read the file themselves once a rebuild of that version failed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { buildGraphView, type GraphView } from '../../core/graph-view.ts';
import { describeError, MemoryFabricError } from '../../errors.ts';
import { writeFileAtomic } from '../../state/atomic-write.ts';
import { pointerFile, rebuildMarkerFile } from './format.ts';
import { openLastSearchIndex, openSearchIndex } from './reader.ts';

// A rebuild of the index in a detached process, for one version of the graph file (its size and mtime): running,
// or failed (then readers stop serving the old index for that version and read the file themselves, which reports
// what is wrong with it).
interface RebuildMarker {
  state: 'running' | 'failed';
  pid: number;
  atMs: number;
  sourceSize: number;
  sourceMtimeMs: number;
  error?: string;
}

// A running rebuild older than this is presumed dead (a rebuild takes seconds at most: docs/performance.md).
const REBUILD_STALE_MS = 60_000;

function readRebuildMarker(indexDir: string): RebuildMarker | undefined {
  try {
    return JSON.parse(readFileSync(rebuildMarkerFile(indexDir), 'utf8')) as RebuildMarker;
  } catch {
    return undefined;
  }
}

// What readers should do about an index that is behind the graph file: start a rebuild, wait for the one running,
// or read the file themselves (a rebuild of this very version failed).
function rebuildDecision(indexDir: string, graphFile: string, nowMs: number): 'start' | 'running' | 'failed' {
  const marker = readRebuildMarker(indexDir);
  if (!marker) {
    return 'start';
  }
  let source;
  try {
    source = statSync(graphFile);
  } catch {
    return 'failed';
  }
  const sameVersion = marker.sourceSize === source.size && marker.sourceMtimeMs === source.mtimeMs;
  if (marker.state === 'failed') {
    return sameVersion ? 'failed' : 'start';
  }
  return nowMs - marker.atMs < REBUILD_STALE_MS ? 'running' : 'start';
}

// Records that a rebuild of the graph file as it is now is running (pid), or failed (error); clears the record.
export async function markRebuild(
  indexDir: string,
  graphFile: string,
  state: RebuildMarker['state'],
  pid: number,
  error?: string,
): Promise<void> {
  const source = await stat(graphFile).catch(() => ({ size: -1, mtimeMs: -1 }));
  const marker: RebuildMarker = {
    state,
    pid,
    atMs: Date.now(),
    sourceSize: source.size,
    sourceMtimeMs: source.mtimeMs,
    ...(error ? { error } : {}),
  };
  await mkdir(indexDir, { recursive: true });
  await writeFileAtomic(rebuildMarkerFile(indexDir), `${JSON.stringify(marker)}\n`);
}

async function clearRebuildMarker(indexDir: string): Promise<void> {
  await rm(rebuildMarkerFile(indexDir), { force: true });
}

// With no index of this version at all (the first prompt ever, or after an upgrade changed the index format), a
// graph file this large is indexed in the background and the prompt answered from nothing: inline, the build would
// pass the hook's deadline, and every prompt would start it again (docs/performance.md).
const BACKGROUND_REBUILD_MIN_BYTES = 2_000_000;
const EMPTY_VIEW: GraphView = buildGraphView({ entities: [], relations: [] });
function isLargeGraphFile(graphFile: string): boolean {
  try {
    return statSync(graphFile).size >= BACKGROUND_REBUILD_MIN_BYTES;
  } catch {
    return false;
  }
}

// From this size a reader that can rebuild in the background serves an index that is behind its graph file rather
// than rebuild it inline (below it an inline rebuild is cheap: docs/performance.md).
export const BACKGROUND_REBUILD_MIN_ENTITIES = 2000;

// The previous index of a graph file that changed, when it is large, a rebuild is running or can be started (start,
// after this marks it running; a reader without start serves it only while another process rebuilds), and the last
// rebuild of this version of the file did not fail (then the caller reads the file itself, and reports what is
// wrong with it).
export async function openBehindSearchIndex(
  indexDir: string,
  graphFile: string,
  start: (() => Promise<void>) | undefined,
): Promise<GraphView | undefined> {
  if (!existsSync(graphFile)) {
    return undefined;
  }
  const last = openLastSearchIndex(indexDir) ?? (isLargeGraphFile(graphFile) ? EMPTY_VIEW : undefined);
  if (!last || (last !== EMPTY_VIEW && last.size < BACKGROUND_REBUILD_MIN_ENTITIES)) {
    return undefined;
  }
  const decision = rebuildDecision(indexDir, graphFile, Date.now());
  if (decision === 'failed' || (decision === 'start' && !start)) {
    return undefined;
  }
  if (decision === 'start' && start) {
    try {
      await markRebuild(indexDir, graphFile, 'running', process.pid);
      await start();
    } catch {
      return undefined;
    }
  }
  return { ...last, behind: true };
}

// The detached rebuild: build (the reader's own inline path) must leave a fresh index; when it does not, the old
// index is no longer served and the failure is recorded for this version of the file.
export async function rebuildSearchIndexNow(indexDir: string, graphFile: string, build: () => Promise<GraphView>): Promise<string> {
  try {
    const view = await build();
    if (!openSearchIndex(indexDir, graphFile)) {
      await rm(pointerFile(indexDir), { force: true });
      throw new MemoryFabricError('STORE_WRITE_FAILED', `no search index for the ${view.size} entities of ${graphFile}`);
    }
    await clearRebuildMarker(indexDir);
    return `search index of ${graphFile} rebuilt: ${view.size} entities`;
  } catch (error) {
    await markRebuild(indexDir, graphFile, 'failed', process.pid, describeError(error)).catch(() => undefined);
    throw error;
  }
}
