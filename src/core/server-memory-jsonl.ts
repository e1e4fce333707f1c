// The memory MCP server's JSONL format, both ways. Dates and supersession, which the server cannot hold as fields,
// travel as tagged observations ("memory-fabric: updated <ISO>", "memory-fabric: superseded by <name>").
import type { GraphEntity, GraphRelation, KnowledgeGraph } from './graph.ts';

const UPDATED_TAG = /^memory-fabric: updated (\S+)$/;
const SUPERSEDED_TAG = /^memory-fabric: superseded by (.+)$/;

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
  text.replace(/^\uFEFF/, '').split('\n').forEach((line, position) => {
    if (line.trim() === '') return;
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line) as Record<string, unknown>;
    } catch {
      problems.push(`line ${position + 1}: not valid JSON`);
      return;
    }
    if (record.type === 'entity' && typeof record.name === 'string' && typeof record.entityType === 'string') {
      const entity: GraphEntity = { name: record.name, entityType: record.entityType, observations: [] };
      for (const observation of Array.isArray(record.observations) ? record.observations : []) {
        if (typeof observation !== 'string') continue;
        const updated = observation.match(UPDATED_TAG)?.[1];
        const superseded = observation.match(SUPERSEDED_TAG)?.[1];
        if (updated && !Number.isNaN(Date.parse(updated))) entity.updatedAt = updated;
        else if (superseded) entity.supersededBy = superseded;
        else entity.observations.push(observation);
      }
      entities.push(entity);
    } else if (record.type === 'relation' && typeof record.from === 'string' && typeof record.to === 'string' && typeof record.relationType === 'string') {
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
          ...(entity.updatedAt ? [`memory-fabric: updated ${entity.updatedAt}`] : []),
          ...(entity.supersededBy ? [`memory-fabric: superseded by ${entity.supersededBy}`] : []),
        ],
      }),
    ),
    ...graph.relations.map((relation) => JSON.stringify({ type: 'relation', from: relation.from, to: relation.to, relationType: relation.relationType })),
  ];
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
