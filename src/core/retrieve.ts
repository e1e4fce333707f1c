// The context pipeline over one graph view: parse, score, traverse, dedupe, boost, rank (the seed's unified search).
import { buildGraphView, type GraphView } from './graph-view.ts';
import type { KnowledgeGraph } from './graph.ts';
import { normalizeEntity, type Memory, type RelationStep } from './memory.ts';
import { parseQuery, type ParsedQuery } from './query.ts';
import { boostCrossReferences, computeRecency, rankMemories } from './rank.ts';
import { scoreView } from './relevance.ts';
import { traverseRelations, type Candidate } from './traverse.ts';
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

// Finds the memories worth showing for a prompt in a graph held in memory.
export function retrieveMemories(graph: KnowledgeGraph, prompt: string, options: RetrieveOptions): Retrieval {
  return retrieveFromView(buildGraphView(graph), prompt, options);
}

// Finds the memories worth showing for a prompt; an empty prompt (SessionStart) gives recent, well-connected memories.
export function retrieveFromView(view: GraphView, prompt: string, options: RetrieveOptions): Retrieval {
  const isLive = (ref: number): boolean => options.includeSuperseded || !view.isSuperseded(ref);
  const nameOf = (candidate: string): string | undefined => {
    const id = view.idOf(candidate);
    return id === undefined ? undefined : view.name(id);
  };
  const query = parseQuery(prompt, nameOf, view.nameHeads());
  if (prompt.trim() === '') return { query, mode: 'recent', memories: selectRecent(view, isLive, options) };
  // A prompt with no content words ("ok", "continue") injects nothing: SessionStart already gave the recent
  // memories, and repeating them after every short reply is the token bloat users of other tools complain of.
  if (query.terms.length === 0 && query.entityHints.length === 0) return { query, mode: 'search', memories: [] };
  const seeds: Candidate[] = scoreView(view, query, isLive, options.maxResults * 3)
    .slice(0, options.maxResults * 3)
    .map((match) => ({ ref: match.id, relevance: match.relevance, matchedTerms: match.matchedTerms, hops: 0, path: [] }));
  const expanded = traverseRelations(seeds, view, { maxHops: 2, seeds: 5, queryTerms: query.terms, isLive });
  // Only the strongest candidates go on (and only they are loaded): the rest could not reach the output.
  const strongest = expanded
    .sort((a, b) => b.relevance - a.relevance || a.ref - b.ref)
    .slice(0, options.maxResults * DEDUPE_POOL_FACTOR)
    .map((candidate) => normalizeEntity(candidate.ref, view.entity(candidate.ref), candidate.relevance, candidate.matchedTerms, candidate.hops, candidate.path));
  const unique = dedupeMemories(strongest, options.dedupThreshold);
  const boosted = boostCrossReferences(unique, nameOf, options.boostFactor, view.nameHeads());
  // The floor is on how well the memory matches the prompt, before the cross-reference boost (which ranks, not selects).
  const ranked = rankMemories(boosted, options.nowMs).filter((memory) => memory.breakdown.relevance >= RELEVANCE_FLOOR);
  return { query, mode: 'search', memories: linkResults(ranked.slice(0, options.maxResults), view) };
}

function selectRecent(view: GraphView, isLive: (ref: number) => boolean, options: RetrieveOptions): Memory[] {
  const summaries = view.summaries();
  const maxDegree = Math.max(1, ...summaries.map((summary) => summary.degree));
  const scored = summaries
    .map((summary, ref) => ({ ref, recency: computeRecency(summary.updatedAt, options.nowMs), connectivity: (1 + summary.degree) / (1 + maxDegree) }))
    .filter((entry) => isLive(entry.ref))
    .map((entry) => ({ ...entry, score: entry.recency ** 0.6 * entry.connectivity ** 0.4 }))
    .sort((a, b) => b.score - a.score || (view.name(a.ref) < view.name(b.ref) ? -1 : 1))
    .slice(0, Math.min(RECENT_LIMIT, options.maxResults));
  return scored.map((entry) => {
    const memory = normalizeEntity(entry.ref, view.entity(entry.ref), 1, []);
    memory.score = entry.score;
    memory.breakdown = { ...memory.breakdown, recency: entry.recency };
    return memory;
  });
}

// Adds to each memory the relations that tie it to other memories shown with it, so the context shows the links.
function linkResults(memories: Memory[], view: GraphView): Memory[] {
  const shown = new Set(memories.map((memory) => memory.ref));
  return memories.map((memory) => {
    const known = new Set(memory.graphRelations.map((step) => `${step.from}|${step.relation}|${step.to}`.toLowerCase()));
    const links: RelationStep[] = view
      .relationsOf(memory.ref)
      .filter((relation) => relation.from === memory.ref && shown.has(relation.to))
      .map((relation) => ({ from: view.name(relation.from), relation: relation.relationType, to: view.name(relation.to) }))
      .filter((step) => !known.has(`${step.from}|${step.relation}|${step.to}`.toLowerCase()));
    return links.length === 0 ? memory : { ...memory, graphRelations: [...memory.graphRelations, ...links] };
  });
}
