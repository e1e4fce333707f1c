// The context pipeline over the graph views of one or more sources: parse, score, traverse, merge, dedupe, boost, rank (the seed's unified search).
import { buildGraphView, type GraphView } from './graph-view.ts';
import { canonicalEntityKey, stripProvenance, type KnowledgeGraph } from './graph.ts';
import { describeEntity, normalizeEntity, type Memory, type RelationStep } from './memory.ts';
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

// One source of memories: a store's graph as retrieval reads it, and the store's name for reports.
export interface SourceView {
  source: string;
  view: GraphView;
}

// Finds the memories worth showing for a prompt in one graph; an empty prompt (SessionStart) gives recent,
// well-connected memories.
export function retrieveFromView(view: GraphView, prompt: string, options: RetrieveOptions, source = 'graph'): Retrieval {
  return retrieveFromSources([{ source, view }], prompt, options);
}

// The same over several sources at once (the bank and a memory server): each source is searched and traversed
// on its own graph, capped at maxResults; then the candidates of all sources are merged (the same entity in two
// sources is one memory, cross-validated), deduplicated, boosted and ranked together.
export function retrieveFromSources(sources: readonly SourceView[], prompt: string, options: RetrieveOptions): Retrieval {
  const nameOf = (candidate: string): string | undefined => {
    for (const { view } of sources) {
      const id = view.idOf(candidate);
      if (id !== undefined) {
        return view.name(id);
      }
    }
    return undefined;
  };
  const heads =
    sources.length === 1 ? (sources[0] as SourceView).view.nameHeads() : new Set(sources.flatMap(({ view }) => [...view.nameHeads()]));
  const query = parseQuery(prompt, nameOf, heads);
  const sourceOrder = (source: string): number => sources.findIndex((entry) => entry.source === source);
  const liveIn =
    (view: GraphView) =>
    (ref: number): boolean =>
      options.includeSuperseded || !view.isSuperseded(ref);
  if (prompt.trim() === '') {
    const recent = sources.flatMap((source, origin) =>
      selectRecent(source.view, liveIn(source.view), options).map((memory) => tag(memory, source.source, origin)),
    );
    const merged = mergeSameEntities(recent, sourceOrder).sort((a, b) => b.score - a.score || compareText(a.id, b.id));
    return { query, mode: 'recent', memories: merged.slice(0, Math.min(RECENT_LIMIT, options.maxResults)) };
  }
  // A prompt with no content words ("ok", "continue") injects nothing: SessionStart already gave the recent
  // memories, and repeating them after every short reply is the token bloat users of other tools complain of.
  if (query.terms.length === 0 && query.entityHints.length === 0) {
    return { query, mode: 'search', memories: [] };
  }
  const candidates = sources.flatMap((source, origin) =>
    searchSource(source.view, query, liveIn(source.view), options).map((memory) => tag(memory, source.source, origin)),
  );
  const unique = dedupeMemories(mergeSameEntities(candidates, sourceOrder), options.dedupThreshold);
  const boosted = boostCrossReferences(unique, nameOf, options.boostFactor, heads);
  // The floor is on how well the memory matches the prompt, before the cross-reference boost (which ranks, not selects).
  const ranked = rankMemories(boosted, options.nowMs).filter((memory) => memory.breakdown.relevance >= RELEVANCE_FLOOR);
  return { query, mode: 'search', memories: linkResults(capPerSource(ranked, options.maxResults), sources) };
}

// One source's candidates: scored, traversed, and the strongest normalized (only they are loaded: the rest could
// not reach the output).
function searchSource(view: GraphView, query: ParsedQuery, isLive: (ref: number) => boolean, options: RetrieveOptions): Memory[] {
  const seeds: Candidate[] = scoreView(view, query, isLive, options.maxResults * 3)
    .slice(0, options.maxResults * 3)
    .map((match) => ({ ref: match.id, relevance: match.relevance, matchedTerms: match.matchedTerms, hops: 0, path: [] }));
  const expanded = traverseRelations(seeds, view, { maxHops: 2, seeds: 5, queryTerms: query.terms, isLive });
  return expanded
    .sort((a, b) => b.relevance - a.relevance || a.ref - b.ref)
    .slice(0, options.maxResults * DEDUPE_POOL_FACTOR)
    .map((candidate) =>
      normalizeEntity(
        candidate.ref,
        view.entity(candidate.ref),
        candidate.relevance,
        candidate.matchedTerms,
        candidate.hops,
        candidate.path,
      ),
    );
}

function selectRecent(view: GraphView, isLive: (ref: number) => boolean, options: RetrieveOptions): Memory[] {
  const summaries = view.summaries();
  const maxDegree = Math.max(1, ...summaries.map((summary) => summary.degree));
  const scored = summaries
    .map((summary, ref) => ({
      ref,
      recency: computeRecency(summary.updatedAt, options.nowMs),
      connectivity: (1 + summary.degree) / (1 + maxDegree),
    }))
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

const tag = (memory: Memory, source: string, origin: number): Memory => ({ ...memory, stores: [source], origin });

// The same entity (by canonical name) found in several sources becomes one memory: the more relevant copy, with
// the observations only the other holds, the later date, both sources, and marked cross-validated (two stores
// agreeing is the strongest validation a memory can get).
function mergeSameEntities(memories: readonly Memory[], sourceOrder: (source: string) => number): Memory[] {
  if (!memories.some((memory, index) => index > 0 && memory.origin !== memories[0]?.origin)) {
    return [...memories];
  }
  const byKey = new Map<string, Memory>();
  for (const memory of memories) {
    const key = canonicalEntityKey(memory.entity.name);
    const held = byKey.get(key);
    if (!held) {
      byKey.set(key, memory);
      continue;
    }
    const [keep, other] = memory.relevance > held.relevance ? [memory, held] : [held, memory];
    // An observation both hold is one, whatever its provenance tag says (the same fact synced in two sessions).
    const known = new Set(keep.entity.observations.map((text) => stripProvenance(text).trim()));
    const observations = [
      ...keep.entity.observations,
      ...other.entity.observations.filter((text) => !known.has(stripProvenance(text).trim())),
    ];
    const updatedAt = [keep.entity.updatedAt, other.entity.updatedAt]
      .filter((time): time is string => !!time)
      .sort()
      .pop();
    const entity = { ...keep.entity, observations, ...(updatedAt ? { updatedAt } : {}) };
    byKey.set(key, {
      ...keep,
      entity,
      text: describeEntity(entity),
      ...(updatedAt ? { timestamp: updatedAt } : {}),
      stores: [...new Set([...keep.stores, ...other.stores])].sort((a, b) => sourceOrder(a) - sourceOrder(b)),
      crossValidated: keep.crossValidated || keep.origin !== other.origin || other.crossValidated,
      entities: [...new Set([...keep.entities, ...other.entities])],
      graphRelations: [
        ...keep.graphRelations,
        ...other.graphRelations.filter((step) => !keep.graphRelations.some((known) => sameStep(known, step))),
      ],
    });
  }
  return [...byKey.values()];
}

// At most max memories whose first source is each source (the seed: MEMORY_FABRIC_MAX_RESULTS per source).
function capPerSource(memories: readonly Memory[], max: number): Memory[] {
  const taken = new Map<string, number>();
  return memories.filter((memory) => {
    const source = memory.stores[0] ?? memory.source;
    const count = taken.get(source) ?? 0;
    taken.set(source, count + 1);
    return count < max;
  });
}

const sameStep = (a: RelationStep, b: RelationStep): boolean =>
  `${a.from}|${a.relation}|${a.to}`.toLowerCase() === `${b.from}|${b.relation}|${b.to}`.toLowerCase();
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// Adds to each memory the relations that tie it to other memories shown with it (in the memory's own source), so
// the context shows the links.
function linkResults(memories: Memory[], sources: readonly SourceView[]): Memory[] {
  const shown = new Set(memories.map((memory) => `${memory.origin}:${memory.ref}`));
  return memories.map((memory) => {
    const view = sources[memory.origin]?.view;
    if (!view) {
      return memory;
    }
    const links: RelationStep[] = view
      .relationsOf(memory.ref)
      .filter((relation) => relation.from === memory.ref && shown.has(`${memory.origin}:${relation.to}`))
      .map((relation) => ({ from: view.name(relation.from), relation: relation.relationType, to: view.name(relation.to) }))
      .filter((step) => !memory.graphRelations.some((known) => sameStep(known, step)));
    return links.length === 0 ? memory : { ...memory, graphRelations: [...memory.graphRelations, ...links] };
  });
}
