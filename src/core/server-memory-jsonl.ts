// The memory MCP server's JSONL format, both ways. Dates and supersession, which the server cannot hold as fields,
// travel as tagged observations ("memory-fabric: updated <ISO>", "memory-fabric: superseded by <name>").
import type { GraphEntity, GraphRelation, KnowledgeGraph } from './graph.ts';

const UPDATED_TAG = /^memory-fabric: updated (\S+)$/;
const SUPERSEDED_TAG = /^memory-fabric: superseded by (.+)$/;

// The graph of a JSONL file, and the lines that could not be read (import prints them as warnings).
export interface ParsedJsonl {
  graph: KnowledgeGraph;
  // Lines that could not be read, each with its line number and reason.
  problems: string[];
}

// Reads server-memory JSONL; malformed or unknown lines are reported, not fatal.
export function parseServerMemoryJsonl(text: string): ParsedJsonl {
  const entities: GraphEntity[] = [];
  const relations: GraphRelation[] = [];
  const problems: string[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .forEach((line, position) => {
      if (line.trim() === '') {
        return;
      }
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        problems.push(`line ${position + 1}: not valid JSON`);
        return;
      }
      if (record.type === 'entity' && typeof record.name === 'string' && typeof record.entityType === 'string') {
        entities.push(entityFromServer(record.name, record.entityType, record.observations));
      } else if (
        record.type === 'relation' &&
        typeof record.from === 'string' &&
        typeof record.to === 'string' &&
        typeof record.relationType === 'string'
      ) {
        relations.push({ from: record.from, to: record.to, relationType: record.relationType });
      } else {
        problems.push(`line ${position + 1}: neither an entity nor a relation`);
      }
    });
  return { graph: { entities, relations }, problems };
}

// Writes server-memory JSONL: entities first, then relations, one per line.
export function renderServerMemoryJsonl(graph: KnowledgeGraph): string {
  const lines = [
    ...graph.entities.map((entity) =>
      JSON.stringify({
        type: 'entity',
        name: entity.name,
        entityType: entity.entityType,
        observations: [
          ...entity.observations,
          ...(entity.updatedAt ? [updatedTag(entity.updatedAt)] : []),
          ...(entity.supersededBy ? [supersededTag(entity.supersededBy)] : []),
        ],
      }),
    ),
    ...graph.relations.map((relation) =>
      JSON.stringify({ type: 'relation', from: relation.from, to: relation.to, relationType: relation.relationType }),
    ),
  ];
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

// A server entity as the core sees it: the tagged observations become its date and supersession; without an
// updated tag, the latest date an observation carries ("[2026-11-30, session ...]") is its date.
export function entityFromServer(name: string, entityType: string, observations: unknown): GraphEntity {
  const entity: GraphEntity = { name, entityType, observations: [] };
  let latestTagged: string | undefined;
  for (const observation of Array.isArray(observations) ? observations : []) {
    if (typeof observation !== 'string') {
      continue;
    }
    const updated = observation.match(UPDATED_TAG)?.[1];
    const superseded = observation.match(SUPERSEDED_TAG)?.[1];
    if (updated && !Number.isNaN(Date.parse(updated))) {
      entity.updatedAt = updated;
    } else if (superseded) {
      entity.supersededBy = superseded;
    } else {
      entity.observations.push(observation);
      const day = observation.match(/\[(\d{4}-\d{2}-\d{2})(?:, session [\w.-]+)?\]$/)?.[1];
      if (day && (!latestTagged || day > latestTagged)) {
        latestTagged = day;
      }
    }
  }
  if (!entity.updatedAt && latestTagged) {
    entity.updatedAt = `${latestTagged}T00:00:00.000Z`;
  }
  return entity;
}

// The tagged observations that carry an entity's date and supersession on a server that keeps no extra fields.
export const updatedTag = (iso: string): string => `memory-fabric: updated ${iso}`;
// The mark of a superseded entity, as the server holds it.
export const supersededTag = (name: string): string => `memory-fabric: superseded by ${name}`;
// Whether an observation is the date tag (the MCP store leaves it out when it checks what the server kept).
export const isUpdatedTag = (observation: string): boolean => UPDATED_TAG.test(observation);
