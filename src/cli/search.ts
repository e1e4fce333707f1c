// memory-fabric search [--json] "<prompt>": the context pipeline, with the seed's Result Format and a score breakdown.
import { loadConfig } from '../config.ts';
import { renderContext } from '../core/render.ts';
import type { Memory } from '../core/memory.ts';
import type { Retrieval } from '../core/retrieve.ts';
import { parseStatement } from '../core/statement.ts';
import { openSources } from '../stores/open-reader.ts';
import { searchSources, type SourceReport } from '../stores/search-sources.ts';
import type { CliIo } from './cli-io.ts';

// What the context hook would inject for a prompt; with --json, the seed's Result Format with every score.
export async function runSearch(prompt: string, asJson: boolean, io: CliIo): Promise<number> {
  const { config, warnings } = loadConfig(io.env, io.cwd);
  for (const warning of warnings) {
    io.stderr(`memory-fabric: ${warning}\n`);
  }
  const { retrieval, reports, failed } = await searchSources(openSources(config), prompt, config, io.nowMs());
  for (const report of failed) {
    io.stderr(`memory-fabric: ${report.description} could not be searched: ${report.error ?? 'unknown error'}\n`);
  }
  if (asJson) {
    io.stdout(`${JSON.stringify(renderResultFormat(prompt, retrieval.memories, reports, retrieval), null, 2)}\n`);
    return 0;
  }
  const rendered = renderContext(retrieval.memories, retrieval.mode, config.contextChars);
  io.stdout(
    rendered.text === '' ? 'No memory is relevant to this prompt (the context hook would inject nothing).\n' : `${rendered.text}\n`,
  );
  return 0;
}

// The seed's Result Format, plus the reasons for each score and how each store answered (`dispatch`).
function renderResultFormat(
  query: string,
  memories: readonly Memory[],
  reports: readonly SourceReport[] = [],
  retrieval?: Pick<Retrieval, 'silence' | 'terms'>,
) {
  return {
    query,
    total_results: memories.length,
    // Why each store answered or stayed silent (silence by evidence), and how each term of the prompt was searched.
    ...(retrieval
      ? {
          silence: retrieval.silence.map((report) => ({
            store: report.source,
            answered: report.answered,
            reason: report.reason,
            best_score: report.topRaw,
            generic_threshold: report.threshold,
            specific_terms: report.specificTerms,
            named: report.named,
            unknown: report.unknown,
          })),
          terms: retrieval.terms.map((term) => ({
            term: term.term,
            idf: round(term.idf),
            document_frequency: term.documentFrequency,
            literal_idf: round(term.literalIdf),
            variants: term.variants,
          })),
        }
      : {}),
    sources: { graph: memories.length },
    dispatch: reports.map((report) => ({
      store: report.source,
      description: report.description,
      status: report.error === undefined ? 'ok' : 'failed',
      ms: report.ms,
      ...(report.entities === undefined ? {} : { entities: report.entities }),
      results: report.results,
      ...(report.error === undefined ? {} : { error: report.error }),
    })),
    results: memories.map((memory) => ({
      id: memory.id,
      text: memory.text,
      score: round(memory.score),
      source: memory.source,
      timestamp: memory.timestamp ?? null,
      entities: memory.entities,
      graph_relations: memory.graphRelations,
      stores: memory.stores,
      // The seed's normalized format (Step 3) also carries the relevance in [0, 1] (after the boost) and metadata.
      relevance: round(memory.relevance),
      metadata: {
        entity_type: memory.entity.entityType,
        observations: memory.entity.observations.length,
        ...(memory.entity.supersededBy ? { superseded_by: memory.entity.supersededBy } : {}),
        ...(memory.mergedIds.length > 0 ? { merged_ids: memory.mergedIds } : {}),
        cross_validated: memory.crossValidated,
      },
      score_breakdown: {
        relevance: round(memory.breakdown.relevance),
        recency: round(memory.breakdown.recency),
        authority: round(memory.breakdown.authority),
        boost: memory.breakdown.boost,
        hops: memory.breakdown.hops,
        cross_validated: memory.crossValidated,
        matched_terms: memory.matchedTerms,
        bm25: memory.breakdown.raw,
      },
      // The statements that answer, best first, each with its BM25 score and the terms it matched.
      statements: memory.statements.map((entry) => {
        const statement = entry.index >= 0 ? parseStatement(memory.entity.observations[entry.index] ?? '') : undefined;
        return {
          index: entry.index,
          text: statement ? statement.text : memory.entity.name,
          field: statement ? 'statement' : 'name',
          ...(statement ? { kind: statement.kind } : {}),
          ...(statement?.date ? { date: statement.date } : {}),
          ...(statement?.supersededOn ? { superseded_on: statement.supersededOn } : {}),
          score: entry.score,
          matched_terms: memory.matchedTerms.length > 0 ? termsOf(entry.termMask, retrieval?.terms.map((term) => term.term) ?? []) : [],
        };
      }),
    })),
  };
}

const round = (value: number): number => Math.round(value * 1000) / 1000;
const termsOf = (mask: number, terms: readonly string[]): string[] => terms.filter((_, index) => (mask & (1 << index)) !== 0);
