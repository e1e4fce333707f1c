// The context pipeline over one graph: parse, score, traverse, dedupe, boost, rank (the seed's unified search).
import type { KnowledgeGraph } from './graph.ts';
import { normalizeEntity, toStep, type Memory } from './memory.ts';
import { parseQuery, type ParsedQuery } from './query.ts';
import { boostCrossReferences, computeRecency, rankMemories } from './rank.ts';
import { buildRelevanceIndex, scoreEntities } from './relevance.ts';
import { traverseRelations } from './traverse.ts';
import { dedupeMemories } from './dedupe.ts';

export interface RetrieveOptions {
  nowMs: number;
  maxResults: number;
  dedupThreshold: number;
  boostFactor: number;
  includeSuperseded: boolean;
}

export interface Retrieval {
  query: ParsedQuery;
  mode: 'search' | 'recent';
  memories: Memory[];
}

// Below this relevance a match is noise: the hook stays silent rather than inject it.
export const RELEVANCE_FLOOR = 0.3;
// How many candidates per result slot are kept for dedupe, boost and ranking.
const DEDUPE_POOL_FACTOR = 2;
// SessionStart (no prompt) shows at most this many memories.
export const RECENT_LIMIT = 10;

// Finds the memories worth showing for a prompt; an empty prompt (SessionStart) gives recent, well-connected memories.
export function retrieveMemories(graph: KnowledgeGraph, prompt: string, options: RetrieveOptions): Retrieval {
  const live = options.includeSuperseded ? graph.entities : graph.entities.filter((entity) => !entity.supersededBy);
  const query = parseQuery(prompt, live.map((entity) => entity.name));
  if (prompt.trim() === '') return { query, mode: 'recent', memories: selectRecent(graph, live, options) };
  // A prompt with no content words ("ok", "continue") injects nothing: SessionStart already gave the recent
  // memories, and repeating them after every short reply is the token bloat users of other tools complain of.
  if (query.terms.length === 0 && query.entityHints.length === 0) return { query, mode: 'search', memories: [] };
  const index = buildRelevanceIndex(live);
  const matches = scoreEntities(index, query).slice(0, options.maxResults * 3);
  const seeds = matches.map((match) => normalizeEntity(match.entity, match.relevance, match.matchedTerms));
  const expanded = traverseRelations(seeds, live, graph.relations, { maxHops: 2, seeds: 5, queryTerms: query.terms });
  // Only the strongest candidates go on: the rest could not reach the output, and dedupe is quadratic in the worst case.
  const strongest = expanded.sort((a, b) => b.relevance - a.relevance).slice(0, options.maxResults * DEDUPE_POOL_FACTOR);
  const unique = dedupeMemories(strongest, options.dedupThreshold);
  const boosted = boostCrossReferences(unique, live, options.boostFactor);
  // The floor is on how well the memory matches the prompt, before the cross-reference boost (which ranks, not selects).
  const ranked = rankMemories(boosted, options.nowMs).filter((memory) => memory.breakdown.relevance >= RELEVANCE_FLOOR);
  return { query, mode: 'search', memories: linkResults(ranked.slice(0, options.maxResults), graph) };
}

function selectRecent(graph: KnowledgeGraph, live: KnowledgeGraph['entities'], options: RetrieveOptions): Memory[] {
  const degree = new Map<string, number>();
  for (const relation of graph.relations) {
    for (const end of [relation.from, relation.to]) degree.set(end.toLowerCase(), (degree.get(end.toLowerCase()) ?? 0) + 1);
  }
  const maxDegree = Math.max(1, ...degree.values());
  const memories = live.map((entity) => {
    const connectivity = (1 + (degree.get(entity.name.toLowerCase()) ?? 0)) / (1 + maxDegree);
    const recency = computeRecency(entity.updatedAt, options.nowMs);
    const memory = normalizeEntity(entity, 1, []);
    memory.score = recency ** 0.6 * connectivity ** 0.4;
    memory.breakdown = { ...memory.breakdown, recency };
    return memory;
  });
  return memories.sort((a, b) => b.score - a.score || (a.entity.name < b.entity.name ? -1 : 1)).slice(0, Math.min(RECENT_LIMIT, options.maxResults));
}

// Adds to each memory the relations that tie it to other memories shown with it, so the context shows the links.
function linkResults(memories: Memory[], graph: KnowledgeGraph): Memory[] {
  const shown = new Set(memories.map((memory) => memory.entity.name.toLowerCase()));
  return memories.map((memory) => {
    const own = memory.entity.name.toLowerCase();
    const known = new Set(memory.graphRelations.map((step) => `${step.from}|${step.relation}|${step.to}`.toLowerCase()));
    const links = graph.relations
      .filter((relation) => relation.from.toLowerCase() === own && shown.has(relation.to.toLowerCase()))
      .map(toStep)
      .filter((step) => !known.has(`${step.from}|${step.relation}|${step.to}`.toLowerCase()));
    return links.length === 0 ? memory : { ...memory, graphRelations: [...memory.graphRelations, ...links] };
  });
}
