// memory-fabric search [--json] "<prompt>": the context pipeline, with the seed's Result Format and a score breakdown.
import { loadConfig } from '../config.ts';
import { renderContext } from '../core/render.ts';
import { retrieveFromView } from '../core/retrieve.ts';
import type { Memory } from '../core/memory.ts';
import { openStore } from '../stores/open-store.ts';
import type { CliIo } from './cli-io.ts';

export async function runSearch(prompt: string, asJson: boolean, io: CliIo): Promise<number> {
  const { config, warnings } = loadConfig(io.env, io.cwd);
  for (const warning of warnings) io.stderr(`memory-fabric: ${warning}\n`);
  const view = await openStore(config).openView();
  const retrieval = retrieveFromView(view, prompt, {
    nowMs: io.nowMs(),
    maxResults: config.maxResults,
    dedupThreshold: config.dedupThreshold,
    boostFactor: config.boostFactor,
    includeSuperseded: config.includeSuperseded,
  });
  if (asJson) {
    io.stdout(`${JSON.stringify(renderResultFormat(prompt, retrieval.memories), null, 2)}\n`);
    return 0;
  }
  const rendered = renderContext(retrieval.memories, retrieval.mode, config.contextChars);
  io.stdout(rendered.text === '' ? 'No memory is relevant to this prompt (the context hook would inject nothing).\n' : `${rendered.text}\n`);
  return 0;
}

// The seed's Result Format, plus the reasons for each score.
export function renderResultFormat(query: string, memories: readonly Memory[]) {
  return {
    query,
    total_results: memories.length,
    sources: { graph: memories.length },
    results: memories.map((memory) => ({
      id: memory.id,
      text: memory.text,
      score: round(memory.score),
      source: memory.source,
      timestamp: memory.timestamp ?? null,
      entities: memory.entities,
      graph_relations: memory.graphRelations,
      score_breakdown: {
        relevance: round(memory.breakdown.relevance),
        recency: round(memory.breakdown.recency),
        authority: round(memory.breakdown.authority),
        boost: memory.breakdown.boost,
        hops: memory.breakdown.hops,
        cross_validated: memory.crossValidated,
        matched_terms: memory.matchedTerms,
      },
    })),
  };
}

const round = (value: number): number => Math.round(value * 1000) / 1000;
