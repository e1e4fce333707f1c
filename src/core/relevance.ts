// Lexical relevance of graph entities to a parsed query: IDF-weighted term coverage over weighted fields.
import type { GraphEntity } from './graph.ts';
import type { ParsedQuery } from './query.ts';
import { extractTerms } from './text.ts';

// How much a term found in each field counts, before IDF.
export const FIELD_WEIGHTS = { name: 1, observation: 0.75, type: 0.5 } as const;
// A near-miss (a word that starts with the term's stem, or a stem of 5+ letters inside a longer word) counts this much.
const FUZZY_FACTOR = 0.7;
// An entity named verbatim in the prompt is relevant at least this much.
const NAMED_ENTITY_FLOOR = 0.9;

interface EntityTerms {
  name: Set<string>;
  type: Set<string>;
  observation: Map<string, number>;
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
    blobs: entities.map((entity) => `${entity.name}\n${entity.entityType}\n${entity.observations.join('\n')}`.toLowerCase().replace(/[-_]/g, ' ')),
    terms: new Array(entities.length).fill(undefined),
  };
}

// Scores every entity that matches at least one query term; relevance is in [0, 1].
export function scoreEntities(index: RelevanceIndex, query: ParsedQuery): EntityMatch[] {
  const hinted = new Set(query.entityHints.map((hint) => hint.trim().toLowerCase()));
  if (query.terms.length === 0 && hinted.size === 0) return [];
  const total = index.entities.length;
  // Document frequency by substring: a term's stem inside the entity's text (also counts longer words, e.g. postgres in postgresql).
  const documentFrequency = new Map<string, number>(query.terms.map((term) => [term, 0]));
  const candidates: number[] = [];
  index.blobs.forEach((blob, position) => {
    let hit = hinted.has(index.entities[position]?.name.trim().toLowerCase() ?? '');
    for (const term of query.terms) {
      if (blob.includes(term)) {
        documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
        hit = true;
      }
    }
    if (hit) candidates.push(position);
  });
  const idf = new Map(query.terms.map((term) => [term, Math.log(1 + (total + 1) / ((documentFrequency.get(term) ?? 0) + 0.5))] as const));
  // A term the graph never uses says nothing about which entity fits; it counts as an average term, not a rare one.
  const present = query.terms.filter((term) => (documentFrequency.get(term) ?? 0) > 0);
  const averagePresent = present.reduce((sum, term) => sum + (idf.get(term) ?? 0), 0) / Math.max(1, present.length);
  for (const term of query.terms) if (!present.includes(term)) idf.set(term, averagePresent);
  const idfSum = [...idf.values()].reduce((sum, value) => sum + value, 0);

  const matches: EntityMatch[] = [];
  for (const position of candidates) {
    const entity = index.entities[position];
    if (!entity) continue;
    const entry = (index.terms[position] ??= tokenize(entity));
    let weighted = 0;
    const matchedTerms: string[] = [];
    for (const term of query.terms) {
      const weight = fieldWeight(entry, term) || fuzzyWeight(entry, term);
      if (weight > 0) {
        weighted += weight * (idf.get(term) ?? 0);
        matchedTerms.push(term);
      }
    }
    const named = hinted.has(entity.name.trim().toLowerCase());
    if (matchedTerms.length === 0 && !named) continue;
    const coverage = idfSum > 0 ? weighted / idfSum : 0;
    matches.push({ entity, relevance: Math.min(1, named ? Math.max(coverage, NAMED_ENTITY_FLOOR) : coverage), matchedTerms });
  }
  return matches.sort((a, b) => b.relevance - a.relevance || compareNames(a.entity.name, b.entity.name));
}

function tokenize(entity: GraphEntity): EntityTerms {
  const observation = new Map<string, number>();
  for (const text of entity.observations) for (const term of extractTerms(text)) observation.set(term, (observation.get(term) ?? 0) + 1);
  const name = new Set(extractTerms(entity.name));
  return { name, type: new Set(extractTerms(entity.entityType)), observation, words: [...new Set([...name, ...observation.keys()])] };
}

function fieldWeight(entry: EntityTerms, term: string): number {
  if (entry.name.has(term)) return FIELD_WEIGHTS.name;
  const frequency = entry.observation.get(term) ?? 0;
  if (frequency > 0) return FIELD_WEIGHTS.observation * (frequency > 1 ? 1.1 : 1);
  if (entry.type.has(term)) return FIELD_WEIGHTS.type;
  return 0;
}

// Near-misses: postgres ~ postgresql (a word starting with the term), or a long stem inside a compound word.
function fuzzyWeight(entry: EntityTerms, term: string): number {
  if (term.length < 4) return 0;
  const near = entry.words.find((word) => word.startsWith(term) || (term.length >= 5 && word.includes(term)) || (word.length >= 5 && term.startsWith(word)));
  if (!near) return 0;
  return (entry.name.has(near) ? FIELD_WEIGHTS.name : FIELD_WEIGHTS.observation) * FUZZY_FACTOR;
}

const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
