// Memory health shared by the bank commands: is the record list (index.md) in sync with the records, and what is inconsistent.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalEntityKey, type KnowledgeGraph } from '../../../core/graph.ts';
import { RECORD_LIST, recordKindFor } from '../layout.ts';
import type { MemoryRecord } from '../records.ts';

// The seed's memory health: whether index.md lists every record, and each inconsistency found.
export interface HealthCheck {
  recordListSynced: boolean;
  warnings: string[];
}

// Compares index.md, the records and the graph; reads only.
export async function checkHealth(
  root: string,
  records: readonly MemoryRecord[],
  problems: readonly string[],
  graph: KnowledgeGraph | undefined,
): Promise<HealthCheck> {
  const warnings = [...problems];
  let indexText = '';
  try {
    indexText = await readFile(path.join(root, RECORD_LIST), 'utf8');
  } catch {
    warnings.push(`${RECORD_LIST} is missing`);
  }
  const unlisted = records.filter((record) => !indexText.includes(`](${record.relativePath})`));
  for (const record of unlisted) {
    warnings.push(`${record.relativePath} is not listed in ${RECORD_LIST}`);
  }
  if (graph) {
    const names = new Set(graph.entities.map((entity) => canonicalEntityKey(entity.name)));
    for (const record of records) {
      const entityName = record.frontmatter.entity_name;
      if (typeof entityName === 'string' && !names.has(canonicalEntityKey(entityName))) {
        warnings.push(`${record.relativePath} describes ${entityName}, which the graph file does not hold`);
      }
    }
    const recorded = new Set(
      records
        .map((record) => record.frontmatter.entity_name)
        .filter((name): name is string => typeof name === 'string')
        .map(canonicalEntityKey),
    );
    for (const entity of graph.entities) {
      if (recordKindFor(entity.entityType) && !recorded.has(canonicalEntityKey(entity.name))) {
        warnings.push(`graph entity ${entity.name} (${entity.entityType}) has no record`);
      }
    }
    const seen = new Set<string>();
    for (const entity of graph.entities) {
      const key = canonicalEntityKey(entity.name);
      if (seen.has(key)) {
        warnings.push(`the graph file holds ${entity.name} more than once`);
      }
      seen.add(key);
    }
  }
  return { recordListSynced: indexText !== '' && unlisted.length === 0, warnings };
}
