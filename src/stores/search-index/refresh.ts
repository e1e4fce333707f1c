// Keeping a search index with its graph file: written after a write, or built by the reader that found none.
import { stat } from 'node:fs/promises';
import { buildGraphView, type GraphView } from '../../core/graph-view.ts';
import type { KnowledgeGraph } from '../../core/graph.ts';
import { calibrateSilence } from '../../core/retrieval/calibrate.ts';
import { loadExpansionsFor } from './load-expansions.ts';
import { openSearchIndex } from './reader.ts';
import { writeSearchIndex } from './writer.ts';

// The view of a graph read from graphFile when it had the given version (size and mtime, taken before the read:
// an index must never claim a newer version than the graph it holds): its index written and opened, or, when
// that fails, built in memory.
export async function indexedView(
  indexDir: string,
  graphFile: string,
  version: { size: number; mtimeMs: number } | undefined,
  graph: KnowledgeGraph,
): Promise<GraphView> {
  if (version) {
    await writeSearchIndex(indexDir, graph, { size: version.size, mtimeMs: version.mtimeMs }).catch(() => undefined);
    const built = openSearchIndex(indexDir, graphFile);
    if (built) {
      return built;
    }
  }
  // Measured as the index build measures (expansions and calibration): the same graph ranks the same either way.
  return buildGraphView(graph, { expand: await loadExpansionsFor(), calibrate: calibrateSilence });
}

// Rebuilds the search index for the graph file as it is now on disk; a failure only costs readers some speed.
export async function refreshSearchIndex(indexDir: string, graphFile: string, graph: KnowledgeGraph): Promise<void> {
  try {
    const source = await stat(graphFile);
    await writeSearchIndex(indexDir, graph, { size: source.size, mtimeMs: source.mtimeMs });
  } catch {
    // the next reader builds it
  }
}
