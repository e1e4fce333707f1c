// The knowledge graph as the core sees it, whatever store it came from.
import { parseStatement } from './statement.ts';

// An entity as the memory MCP server defines it (name, type, observations), plus the date and supersession we add.
export interface GraphEntity {
  name: string;
  entityType: string;
  observations: string[];
  // ISO 8601 UTC time this entity last changed; absent when the store keeps no dates.
  updatedAt?: string;
  // Set when a newer entity replaced this one; history is kept, not deleted.
  supersededBy?: string;
}

// A typed relation from one entity to another, by name, as the server holds it.
export interface GraphRelation {
  from: string;
  to: string;
  relationType: string;
}

// A whole graph, as a store reads it and writes it back.
export interface KnowledgeGraph {
  entities: GraphEntity[];
  relations: GraphRelation[];
}

// What one sync wants added to the graph.
export interface GraphDelta {
  entities: GraphEntity[];
  relations: GraphRelation[];
  // The order its observations were said in, as [entity index, observation index] pairs: a newer statement
  // supersedes an older one of the same slot, and the entity grouping alone loses which came first.
  order?: Array<[number, number]>;
}

// A type that says more than the generic "component" wins, whichever was seen first (a package named in prose
// before its install is still a package): so the graph does not depend on how a transcript was cut into syncs.
export function preferType(held: string, incoming: string): string {
  const rank = (type: string): number => TYPE_RANK[type] ?? 1;
  return rank(incoming) > rank(held) ? incoming : held;
}

// Generic types lose to specific ones ("component" to anything); other types rank alike and the first seen stays
// (extraction adds them in the order they were said, so that is the same however the transcript was cut).
const TYPE_RANK: Record<string, number> = { component: 0, session: 0 };

// The graph of a bank or a server that holds nothing yet.
export const emptyGraph = (): KnowledgeGraph => ({ entities: [], relations: [] });

// The memory-bank seed's canonical keys.
export const canonicalEntityKey = (name: string): string => name.trim().toLowerCase();

// Two relations with the same ends and type, whatever their case, are one relation.
export const canonicalRelationKey = (relation: GraphRelation): string =>
  `${canonicalEntityKey(relation.from)}|${relation.relationType.trim().toLowerCase()}|${canonicalEntityKey(relation.to)}`;

// The seed's observation key, on the observation without its provenance tag: the same fact recorded in two
// sessions is one fact (the first-seen copy, with its date, is kept).
export const canonicalObservationKey = (entityName: string, observation: string): string =>
  `${canonicalEntityKey(entityName)}|${stripProvenance(observation).trim()}`;

// Observations written by the sync carry where they came from: "<fact> [2026-11-30, session 84734307, decision]"
// (see statement.ts for the whole tag).

// Appends the date and the short session id; an observation without a date is left untagged.
export function tagProvenance(observation: string, date: string | undefined, sessionId: string | undefined): string {
  if (!date) {
    return observation;
  }
  return `${observation} [${date}${sessionId ? `, session ${sessionId.slice(0, 8)}` : ''}]`;
}

// An observation's text without its tag, for keys and comparisons (the same fact from two sessions is one).
export function stripProvenance(observation: string): string {
  return parseStatement(observation).text;
}

const PLACEHOLDER_NAMES = new Set([
  'data',
  'info',
  'temp',
  'tmp',
  'item',
  'unknown',
  'thing',
  'stuff',
  'misc',
  'object',
  'value',
  'result',
  'null',
  'undefined',
  'none',
  'n/a',
  'todo',
  'test',
]);

// Why a name cannot be stored (empty or a placeholder), or undefined when it is meaningful.
export function validateName(name: unknown): string | undefined {
  if (typeof name !== 'string') {
    return `expected a string name, got ${typeof name}`;
  }
  const trimmed = name.trim();
  if (trimmed === '') {
    return 'name is empty';
  }
  if (PLACEHOLDER_NAMES.has(trimmed.toLowerCase())) {
    return `name ${JSON.stringify(trimmed)} is a placeholder, not a meaningful name`;
  }
  return undefined;
}

// Types and relation endpoints only need to be non-empty strings (a type such as "data" is a real type).
export function validateLabel(label: unknown, what: string): string | undefined {
  if (typeof label !== 'string') {
    return `expected a string ${what}, got ${typeof label}`;
  }
  return label.trim() === '' ? `${what} is empty` : undefined;
}
