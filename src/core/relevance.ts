// Lexical relevance of graph entities to a parsed query: IDF-weighted term coverage over weighted fields.
import type { GraphEntity } from './graph.ts';
import type { ParsedQuery } from './query.ts';
import { extractTerms } from './text.ts';

// How much a term found in each field counts, before IDF.
export const FIELD_WEIGHTS = { name: 1, observation: 0.75, type: 0.5 } as const;
// A near-miss (shared prefix of 5+ characters) counts this much of an exact match.
const FUZZY_FACTOR = 0.7;
// An entity named verbatim in the prompt is relevant at least this much.
const NAMED_ENTITY_FLOOR = 0.9;

interface EntityTerms {
  name: Set<string>;
  type: Set<string>;
  observation: Map<string, number>;
}

export interface RelevanceIndex {
  entities: readonly GraphEntity[];
  terms: EntityTerms[];
  documentFrequency: Map<string, number>;
  vocabulary: string[];
}

export interface EntityMatch {
  entity: GraphEntity;
  relevance: number;
  matchedTerms: string[];
}

// Tokenizes every entity once so that many queries can be scored against the same graph.
export function buildRelevanceIndex(entities: readonly GraphEntity[]): RelevanceIndex {
  const documentFrequency = new Map<string, number>();
  const terms = entities.map((entity) => {
    const observation = new Map<string, number>();
    for (const text of entity.observations) for (const term of extractTerms(text)) observation.set(term, (observation.get(term) ?? 0) + 1);
    const entry: EntityTerms = { name: new Set(extractTerms(entity.name)), type: new Set(extractTerms(entity.entityType)), observation };
    for (const term of new Set([...entry.name, ...entry.type, ...observation.keys()])) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
    return entry;
  });
  return { entities, terms, documentFrequency, vocabulary: [...documentFrequency.keys()] };
}

// Scores every entity that matches at least one query term; relevance is in [0, 1].
export function scoreEntities(index: RelevanceIndex, query: ParsedQuery): EntityMatch[] {
  if (query.terms.length === 0) return [];
  const total = index.entities.length;
  const expansions = new Map(query.terms.map((term) => [term, expandTerm(term, index.vocabulary)] as const));
  const idf = new Map(query.terms.map((term) => [term, inverseDocumentFrequency(index, term, expansions.get(term) ?? [], total)] as const));
  const idfSum = [...idf.values()].reduce((sum, value) => sum + value, 0);
  const hinted = new Set(query.entityHints.map((hint) => hint.trim().toLowerCase()));

  const matches: EntityMatch[] = [];
  index.terms.forEach((entry, position) => {
    const entity = index.entities[position];
    if (!entity) return;
    let weighted = 0;
    const matchedTerms: string[] = [];
    for (const term of query.terms) {
      let weight = fieldWeight(entry, term);
      if (weight === 0) {
        const near = Math.max(0, ...(expansions.get(term) ?? []).map((variant) => fieldWeight(entry, variant)));
        weight = near * FUZZY_FACTOR;
      }
      if (weight > 0) {
        weighted += weight * (idf.get(term) ?? 0);
        matchedTerms.push(term);
      }
    }
    const named = hinted.has(entity.name.trim().toLowerCase());
    if (matchedTerms.length === 0 && !named) return;
    const coverage = idfSum > 0 ? weighted / idfSum : 0;
    matches.push({ entity, relevance: Math.min(1, named ? Math.max(coverage, NAMED_ENTITY_FLOOR) : coverage), matchedTerms });
  });
  return matches.sort((a, b) => b.relevance - a.relevance || compareNames(a.entity.name, b.entity.name));
}

function fieldWeight(entry: EntityTerms, term: string): number {
  if (entry.name.has(term)) return FIELD_WEIGHTS.name;
  const frequency = entry.observation.get(term) ?? 0;
  if (frequency > 0) return FIELD_WEIGHTS.observation * (frequency > 1 ? 1.1 : 1);
  if (entry.type.has(term)) return FIELD_WEIGHTS.type;
  return 0;
}

// Vocabulary terms that share a 5-character prefix with the term (postgres ~ postgresql), excluding itself.
function expandTerm(term: string, vocabulary: readonly string[]): string[] {
  if (term.length < 5) return [];
  const prefix = term.slice(0, 5);
  return vocabulary.filter((candidate) => candidate !== term && candidate.startsWith(prefix) && (candidate.startsWith(term) || term.startsWith(candidate)));
}

function inverseDocumentFrequency(index: RelevanceIndex, term: string, variants: readonly string[], total: number): number {
  const frequency = Math.max(index.documentFrequency.get(term) ?? 0, ...variants.map((variant) => index.documentFrequency.get(variant) ?? 0));
  return Math.log(1 + (total + 1) / (frequency + 0.5));
}

const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
