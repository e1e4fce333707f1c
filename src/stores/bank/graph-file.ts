// The bank's graph file, context/knowledge-graph.index.jsonc (the file name is the seed's and users have it): read,
// parsed leniently, validated, written sorted.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { MemoryFabricError } from '../../errors.ts';
import type { GraphEntity, GraphRelation, KnowledgeGraph } from '../../core/graph.ts';
import { validateName } from '../../core/graph.ts';
import { sortGraph } from '../../core/merge.ts';
import { GRAPH_FILE } from './layout.ts';

// A parsed graph file: the graph, the write cycle's time and its source, and names kept but flagged.
export interface GraphFile {
  graphGeneratedAtUtc: string;
  graphTimeSource?: string;
  graph: KnowledgeGraph;
  // Records with a placeholder or empty name: kept as they are, reported so reconcile can fix them.
  warnings: string[];
}

interface EntityRecord {
  entityName: string;
  entityType: string;
  observations: string[];
  updatedAtUtc?: string;
  supersededBy?: string;
  status?: string;
}

interface RelationRecord {
  sourceEntityName: string;
  targetEntityName: string;
  relationType: string;
}

// Reads the graph file's text, or undefined when the bank has none yet.
export async function readGraphFileText(root: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(root, GRAPH_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined;
    }
    throw new MemoryFabricError('STORE_UNREADABLE', `cannot read ${path.join(root, GRAPH_FILE)}`, { cause: error });
  }
}

// Parses the graph file's text; structural problems throw STORE_CORRUPT naming the file and the problem.
export function parseGraphFile(text: string, file: string): GraphFile {
  const errors: ParseError[] = [];
  const root: unknown = parseFast(text) ?? parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const fail = (problem: string): never => {
    throw new MemoryFabricError('STORE_CORRUPT', `${file}: ${problem}`);
  };
  if (errors.length > 0) {
    const first = errors[0];
    if (first) {
      fail(`invalid JSONC: ${printParseErrorCode(first.error)} at offset ${first.offset}`);
    }
  }
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    return fail('expected a JSON object at the top level');
  }
  const record = root as Record<string, unknown>;
  for (const key of ['graphGeneratedAtUtc', 'entities', 'relations']) {
    if (!(key in record)) {
      fail(`missing required key "${key}"`);
    }
  }
  if (typeof record.graphGeneratedAtUtc !== 'string') {
    fail('"graphGeneratedAtUtc" must be a string');
  }
  if (!Array.isArray(record.entities)) {
    fail('"entities" must be an array');
  }
  if (!Array.isArray(record.relations)) {
    fail('"relations" must be an array');
  }

  const warnings: string[] = [];
  const entities = (record.entities as unknown[]).map((value, position) => toEntity(value, position, fail, warnings));
  const relations = (record.relations as unknown[]).map((value, position) => toRelation(value, position, fail));
  return {
    graphGeneratedAtUtc: record.graphGeneratedAtUtc as string,
    ...(typeof record.graphTimeSource === 'string' ? { graphTimeSource: record.graphTimeSource } : {}),
    graph: { entities, relations },
    warnings,
  };
}

// Serializes a graph as sorted, commented JSONC with the seed's field names.
export function renderGraphFile(graph: KnowledgeGraph, generatedAtUtc: string, timeSource: string): string {
  const sorted = sortGraph(graph);
  const document = {
    graphGeneratedAtUtc: generatedAtUtc,
    graphTimeSource: timeSource,
    entities: sorted.entities.map(
      (entity): EntityRecord => ({
        entityName: entity.name,
        entityType: entity.entityType,
        observations: entity.observations,
        ...(entity.updatedAt ? { updatedAtUtc: entity.updatedAt } : {}),
        ...(entity.supersededBy ? { status: 'superseded', supersededBy: entity.supersededBy } : {}),
      }),
    ),
    relations: sorted.relations.map(
      (relation): RelationRecord => ({
        sourceEntityName: relation.from,
        targetEntityName: relation.to,
        relationType: relation.relationType,
      }),
    ),
  };
  const header = [
    '// memory-fabric knowledge graph index (JSONC). Written by memory-fabric; safe to edit by hand.',
    '// graphGeneratedAtUtc is the canonical UTC time of the last write cycle; graphTimeSource says where it came from.',
  ].join('\n');
  return `${header}\n${JSON.stringify(document, null, 2)}\n`;
}

function toEntity(value: unknown, position: number, fail: (problem: string) => never, warnings: string[]): GraphEntity {
  if (typeof value !== 'object' || value === null) {
    return fail(`entities[${position}] must be an object`);
  }
  const record = value as Record<string, unknown>;
  if (typeof record.entityName !== 'string') {
    return fail(`entities[${position}].entityName must be a string`);
  }
  const problem = validateName(record.entityName);
  if (problem) {
    warnings.push(`entities[${position}]: ${problem}`);
  }
  const observations = Array.isArray(record.observations)
    ? record.observations.filter((item): item is string => typeof item === 'string')
    : [];
  return {
    name: record.entityName,
    entityType: typeof record.entityType === 'string' ? record.entityType : 'entity',
    observations,
    ...(typeof record.updatedAtUtc === 'string' ? { updatedAt: record.updatedAtUtc } : {}),
    ...(typeof record.supersededBy === 'string' ? { supersededBy: record.supersededBy } : {}),
  };
}

function toRelation(value: unknown, position: number, fail: (problem: string) => never): GraphRelation {
  if (typeof value !== 'object' || value === null) {
    return fail(`relations[${position}] must be an object`);
  }
  const record = value as Record<string, unknown>;
  for (const key of ['sourceEntityName', 'targetEntityName', 'relationType']) {
    if (typeof record[key] !== 'string') {
      fail(`relations[${position}].${key} must be a string`);
    }
  }
  return { from: record.sourceEntityName as string, to: record.targetEntityName as string, relationType: record.relationType as string };
}

// The graph file as memory-fabric writes it is plain JSON after a few header comment lines: JSON.parse reads that
// several times faster than the JSONC scanner. Anything else (comments inside, trailing commas) takes the JSONC path.
function parseFast(text: string): unknown {
  const body = text.replace(/^(?:\s*\/\/[^\n]*\n)*/, '');
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
