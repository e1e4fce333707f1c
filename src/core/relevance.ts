// Lexical relevance of graph entities to a parsed query: IDF-weighted term coverage over weighted fields,
// blended with how well one single field (the name, or one observation) covers the query.
import type { GraphEntity } from './graph.ts';
import type { ParsedQuery } from './query.ts';
import { synonymsOf } from './synonyms.ts';
import { extractTerms } from './text.ts';

// How much a term found in each field counts, before IDF.
export const FIELD_WEIGHTS = { name: 1, observation: 0.75, type: 0.5 } as const;
// A near-miss (a word that starts with the term, or a stem of 5+ letters inside a longer word) counts this much.
const FUZZY_FACTOR = 0.7;
// A synonym (synonyms.ts) counts this much of the word itself.
const SYNONYM_FACTOR = 0.6;
// Relevance = this share of the best single field's coverage + the rest of the whole entity's coverage:
// query words scattered over many long observations say less than the same words together in one place.
const LOCAL_SHARE = 0.5;
// An entity named verbatim in the prompt is fully relevant: the user said its name.
const NAMED_ENTITY_FLOOR = 1;

interface EntityTerms {
  name: Set<string>;
  type: Set<string>;
  // The terms of each observation.
  observations: Array<Set<string>>;
  words: string[];
}

export interface RelevanceIndex {
  entities: readonly GraphEntity[];
  // Lowercased name, type and observations of each entity: a cheap substring pass finds the candidates.
  blobs: string[];
  // Tokenized lazily, only for entities a query could match.
  terms: Array<EntityTerms | undefined>;
}

export interface EntityMatch {
  entity: GraphEntity;
  relevance: number;
  matchedTerms: string[];
}

// Prepares a graph for scoring many queries.
export function buildRelevanceIndex(entities: readonly GraphEntity[]): RelevanceIndex {
  return {
    entities,
    blobs: entities.map((entity) => `${entity.name}\n${entity.entityType}\n${entity.observations.join('\n')}`.toLowerCase().replace(/[-_.]/g, ' ')),
    terms: new Array(entities.length).fill(undefined),
  };
}

// Scores every entity that matches at least one query term (or a synonym); relevance is in [0, 1].
export function scoreEntities(index: RelevanceIndex, query: ParsedQuery): EntityMatch[] {
  const hinted = new Set(query.entityHints.map((hint) => hint.trim().toLowerCase()));
  if (query.terms.length === 0 && hinted.size === 0) return [];
  const total = index.entities.length;
  const alternates = new Map(query.terms.map((term) => [term, synonymsOf(term)] as const));
  const needles = [...new Set(query.terms.flatMap((term) => [term, ...(alternates.get(term) ?? [])]))];
  // Document frequency by substring: a stem inside the entity's text (also counts longer words: postgres in postgresql).
  const documentFrequency = new Map<string, number>(needles.map((needle) => [needle, 0]));
  const candidates: number[] = [];
  index.blobs.forEach((blob, position) => {
    let hit = hinted.has(index.entities[position]?.name.trim().toLowerCase() ?? '');
    for (const needle of needles) {
      if (blob.includes(needle)) {
        documentFrequency.set(needle, (documentFrequency.get(needle) ?? 0) + 1);
        hit = true;
      }
    }
    if (hit) candidates.push(position);
  });
  const idfOf = (needle: string): number => Math.log(1 + (total + 1) / ((documentFrequency.get(needle) ?? 0) + 0.5));
  const idf = new Map(query.terms.map((term) => [term, idfOf(term)] as const));
  // A term the graph never uses says nothing about which entity fits, but it is part of the question: it counts as
  // much as the rarest term the graph does use (not as an infinitely rare one).
  const present = query.terms.filter((term) => (documentFrequency.get(term) ?? 0) > 0 || (alternates.get(term) ?? []).some((alternate) => (documentFrequency.get(alternate) ?? 0) > 0));
  const rarestPresent = Math.max(0, ...present.map((term) => idf.get(term) ?? 0));
  for (const term of query.terms) if (!present.includes(term)) idf.set(term, rarestPresent);
  const idfSum = [...idf.values()].reduce((sum, value) => sum + value, 0);

  const matches: EntityMatch[] = [];
  for (const position of candidates) {
    const entity = index.entities[position];
    if (!entity) continue;
    const entry = (index.terms[position] ??= tokenize(entity));
    let whole = 0;
    const perField = new Array<number>(entry.observations.length + 1).fill(0);
    const matchedTerms: string[] = [];
    for (const term of query.terms) {
      const weight = idf.get(term) ?? 0;
      const found = matchTerm(entry, term, alternates.get(term) ?? []);
      if (found.score === 0) continue;
      whole += found.score * weight;
      matchedTerms.push(term);
      found.fields.forEach((fieldScore, field) => {
        perField[field] = (perField[field] ?? 0) + fieldScore * weight;
      });
    }
    const named = hinted.has(entity.name.trim().toLowerCase());
    if (matchedTerms.length === 0 && !named) continue;
    const best = Math.max(0, ...perField);
    const coverage = idfSum > 0 ? (LOCAL_SHARE * best + (1 - LOCAL_SHARE) * whole) / idfSum : 0;
    matches.push({ entity, relevance: Math.min(1, named ? Math.max(coverage, NAMED_ENTITY_FLOOR) : coverage), matchedTerms });
  }
  return matches.sort((a, b) => b.relevance - a.relevance || compareNames(a.entity.name, b.entity.name));
}

function tokenize(entity: GraphEntity): EntityTerms {
  const observations = entity.observations.map((text) => new Set(extractTerms(text)));
  const name = new Set(extractTerms(entity.name));
  return { name, type: new Set(extractTerms(entity.entityType)), observations, words: [...new Set([...name, ...observations.flatMap((set) => [...set])])] };
}

// How well a term (or a near-miss, or a synonym) matches the entity: overall, and per field (0 = name, i+1 = observation i).
function matchTerm(entry: EntityTerms, term: string, synonyms: readonly string[]): { score: number; fields: Map<number, number> } {
  const exact = fieldScores(entry, (word) => word === term, 1);
  if (exact.score > 0) return exact;
  const near = term.length >= 4 ? fieldScores(entry, (word) => word.startsWith(term) || (term.length >= 5 && word.includes(term)) || (word.length >= 5 && term.startsWith(word)), FUZZY_FACTOR) : exact;
  if (near.score > 0) return near;
  return synonyms.length > 0 ? fieldScores(entry, (word) => synonyms.includes(word), SYNONYM_FACTOR) : near;
}

function fieldScores(entry: EntityTerms, matches: (word: string) => boolean, factor: number): { score: number; fields: Map<number, number> } {
  const fields = new Map<number, number>();
  if ([...entry.name].some(matches)) fields.set(0, FIELD_WEIGHTS.name * factor);
  let inObservations = 0;
  entry.observations.forEach((terms, position) => {
    if ([...terms].some(matches)) {
      fields.set(position + 1, FIELD_WEIGHTS.observation * factor);
      inObservations += 1;
    }
  });
  let score = fields.get(0) ?? 0;
  if (score === 0 && inObservations > 0) score = FIELD_WEIGHTS.observation * factor * (inObservations > 1 ? 1.1 : 1);
  if (score === 0 && [...entry.type].some(matches)) score = FIELD_WEIGHTS.type * factor;
  return { score, fields };
}

const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
