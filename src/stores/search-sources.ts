// The context pipeline's dispatch over the configured stores: every store opened at once, each within its own
// deadline; the ones that answered are searched together, the others reported. Shared by the context hook and
// `memory-fabric search`.
import type { Config } from '../config.ts';
import { dispatchSources } from './dispatch-sources.ts';
import type { GraphView } from '../core/graph-view.ts';
import { type RetrieveOptions, retrieveFromSources, type Retrieval } from '../core/retrieve.ts';
import { isVocabularyStem } from './search-index/vocabulary.ts';
import { describeError, MemoryFabricError } from '../errors.ts';
import type { GraphStore } from './graph-store.ts';

// The ranking's settings from the configuration, with the vocabulary filter (what the context hook searches with;
// the benchmarks use the same).
export const retrieveOptionsOf = (
  config: Pick<Config, 'maxResults' | 'dedupThreshold' | 'boostFactor' | 'includeSuperseded'>,
  nowMs: number,
): RetrieveOptions => ({
  nowMs,
  maxResults: config.maxResults,
  dedupThreshold: config.dedupThreshold,
  boostFactor: config.boostFactor,
  includeSuperseded: config.includeSuperseded,
  isVocabulary: isVocabularyStem,
});

// How one source fared for a prompt: the context hook's log and `search` print one line of each.
export interface SourceReport {
  source: string;
  description: string;
  ms: number;
  // Entities in the source's graph, when it answered.
  entities?: number;
  // True when it answered from a search index of an older version of its graph (rebuilt meanwhile in the background).
  behind?: boolean;
  // Why it could not be searched, when it could not.
  error?: string;
  // Memories in the result that this source holds.
  results: number;
}

// The retrieval over the sources that answered, with a report of every source (the failed ones also apart).
export interface SourcesRetrieval {
  retrieval: Retrieval;
  reports: SourceReport[];
  // The sources that could not be searched while others could: reported, not fatal.
  failed: SourceReport[];
}

// How long each source may take: most of the context hook's deadline, leaving the rest for ranking and output.
const sourceDeadlineMs = (config: Config): number => Math.max(100, Math.round(config.contextDeadlineMs * 0.8));

// Searches every source for the prompt. When no source can be searched, throws the first one's error (a source
// that ran out of time as DEADLINE_EXCEEDED), so the hook fails open as it does for a single unreadable store.
export async function searchSources(
  sources: ReadonlyArray<{ source: string; store: GraphStore }>,
  prompt: string,
  config: Config,
  nowMs: number,
): Promise<SourcesRetrieval> {
  const outcomes = await dispatchSources(
    sources.map(({ source, store }) => ({ source, open: (): Promise<GraphView> => store.openView() })),
    sourceDeadlineMs(config),
  );
  const answered = outcomes.flatMap((outcome) => (outcome.ok ? [{ source: outcome.source, view: outcome.value }] : []));
  if (answered.length === 0) {
    const first = outcomes.find((outcome) => !outcome.ok);
    const error = first && !first.ok ? first.error : new MemoryFabricError('STORE_UNREADABLE', 'no store is configured to search');
    throw error;
  }
  const retrieval = retrieveFromSources(answered, prompt, retrieveOptionsOf(config, nowMs));
  const reports = outcomes.map((outcome, index): SourceReport => {
    const description = sources[index]?.store.description ?? outcome.source;
    const results = retrieval.memories.filter((memory) => memory.stores.includes(outcome.source)).length;
    return outcome.ok
      ? {
          source: outcome.source,
          description,
          ms: Math.round(outcome.ms),
          entities: outcome.value.size,
          results,
          ...(outcome.value.behind ? { behind: true } : {}),
        }
      : { source: outcome.source, description, ms: Math.round(outcome.ms), error: describeError(outcome.error), results };
  });
  return { retrieval, reports, failed: reports.filter((report) => report.error !== undefined) };
}
