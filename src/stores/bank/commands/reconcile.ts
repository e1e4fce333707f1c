// The seed's reconcile mode: repairs the graph file (merge conflicts, corruption, duplicates), checks records against
// the graph, marks superseded decisions, links unresolved errors to active plans, and reports memory health.
import path from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';
import { canonicalEntityKey, emptyGraph, type GraphEntity, type GraphRelation, type KnowledgeGraph } from '../../../core/graph.ts';
import { dedupeGraph, sortGraph, zeroCounts, type MergeCounts } from '../../../core/merge.ts';
import { applySupersessions, findSupersessions } from '../../../core/supersede.ts';
import { extractTerms } from '../../../core/text.ts';
import { isMemoryFabricError } from '../../../errors.ts';
import type { BankStore } from '../bank-store.ts';
import { writeFileAtomic } from '../../../state/atomic-write.ts';
import { parseGraphFile } from '../graph-file.ts';
import { GRAPH_FILE, RECORD_FOLDERS, recordFileName, recordKindFor, resolveInsideRoot } from '../layout.ts';
import { renderEntityRecordBody } from '../record-views.ts';
import { listRecords, recordObservations, type MemoryRecord } from '../records.ts';
import { readGraphFileText } from '../graph-file.ts';
import { runWriteCycle, type WriteCycle } from '../write-cycle.ts';
import type { OutputContract } from './contract.ts';
import { failedContract } from './failed.ts';
import { checkHealth } from './health.ts';

interface ReconcileFindings {
  counts: MergeCounts;
  notes: string[];
}

// Repairs in one write cycle, then checks health on the result: any warning left makes the status partial.
export async function reconcileBank(bank: BankStore, project: string): Promise<OutputContract> {
  let time;
  try {
    time = await bank.fetchTime();
  } catch (error) {
    return failedContract('reconcile', project, error);
  }
  const { root } = bank.paths;
  const { value: findings, written } = await runWriteCycle(bank.paths, time, (cycle) => reconcileInCycle(root, cycle));
  const { records, problems } = await listRecords(root);
  const health = await checkHealth(root, records, problems, await bank.readGraph());
  return {
    mode: 'reconcile',
    project,
    status: health.warnings.length > 0 ? 'partial' : 'success',
    memoryWriteTimestampUtc: time.utcDateTime,
    utcDatetimePrefix: time.utcDateTimePrefix,
    ...(written.length > 0 ? { updatedAt: time.utcDateTime } : {}),
    artifacts: [...new Set(written)].map((file) => ({ path: file, why: 'repaired or refreshed by reconcile' })),
    graphDelta: findings.counts,
    planning: { constraints: [], priorDecisions: [], knownFailuresAndPreventions: [] },
    health: {
      recordListSynced: health.recordListSynced,
      consistencyWarnings: [...findings.notes.map((note) => `repaired: ${note}`), ...health.warnings],
    },
  };
}

async function reconcileInCycle(root: string, cycle: WriteCycle): Promise<ReconcileFindings> {
  const counts = zeroCounts();
  const notes: string[] = [];
  const loaded = await loadOrRepairGraph(root, cycle, notes);
  const before = JSON.stringify(sortGraph(loaded));
  const deduped = dedupeGraph(loaded);
  let graph = deduped.graph;
  if (deduped.duplicatesRemoved > 0) {
    notes.push(`removed ${deduped.duplicatesRemoved} duplicate entries from the graph file`);
  }

  const { records } = await listRecords(root);
  const entityRecords = records.filter((record) => typeof record.frontmatter.entity_name === 'string');
  // Records the graph lost (e.g. a merge kept the record but not its entity in the graph file) go back into the graph.
  const known = new Set(graph.entities.map((entity) => canonicalEntityKey(entity.name)));
  for (const record of entityRecords) {
    const name = record.frontmatter.entity_name as string;
    if (known.has(canonicalEntityKey(name))) {
      continue;
    }
    graph.entities.push({
      name,
      entityType: record.kind === 'error' ? 'error' : record.kind === 'plan' ? 'plan' : 'decision',
      observations: recordObservations(record),
      updatedAt: record.frontmatter.updated_at,
    });
    known.add(canonicalEntityKey(name));
    counts.entitiesAddedCount += 1;
    notes.push(`restored ${name} into the graph from ${record.relativePath}`);
  }

  const supersessions = findSupersessions(graph);
  graph = applySupersessions(graph, supersessions);
  counts.supersededRecordsCount += supersessions.length;
  for (const entry of supersessions) {
    notes.push(`marked ${entry.older} superseded by ${entry.newer} (${entry.reason})`);
  }

  const links = linkErrorsToPlans(records, graph);
  for (const relation of links) {
    notes.push(`linked unresolved error ${relation.to} to active plan ${relation.from}`);
  }
  graph = { entities: graph.entities, relations: [...graph.relations, ...links] };
  counts.relationsAddedCount += links.length;

  // Graph entities that should have a record get one; superseded ones get their status refreshed.
  const recordByEntity = new Map(
    entityRecords.map((record) => [canonicalEntityKey(record.frontmatter.entity_name as string), record] as const),
  );
  const supersededNames = new Set(supersessions.map((entry) => canonicalEntityKey(entry.older)));
  for (const entity of graph.entities) {
    const kind = recordKindFor(entity.entityType);
    if (!kind) {
      continue;
    }
    const existing = recordByEntity.get(canonicalEntityKey(entity.name));
    if (existing && !supersededNames.has(canonicalEntityKey(entity.name))) {
      continue;
    }
    const relativePath = existing?.relativePath ?? `${RECORD_FOLDERS[kind]}/${recordFileName(cycle.time.utcDateTimePrefix, entity.name)}`;
    const status = entity.supersededBy
      ? 'superseded'
      : ((existing?.frontmatter.status as string | undefined) ?? (kind === 'error' ? 'unresolved' : 'active'));
    await cycle.writeRecord(relativePath, renderEntityRecordBody(entity, graph.relations), {
      entity_name: entity.name,
      status,
      ...(entity.supersededBy ? { superseded_by: entity.supersededBy } : {}),
    });
    if (!existing) {
      notes.push(`wrote the missing record ${relativePath}`);
    }
  }
  if (JSON.stringify(sortGraph(graph)) !== before || cycle.written.length > 0) {
    await cycle.writeGraph(graph);
  }
  return { counts, notes };
}

// The graph as it stands, or rebuilt when the graph file is corrupt: a git merge conflict is resolved as the union of
// both sides; anything else is salvaged record by record. The corrupt file is always kept beside the new one.
async function loadOrRepairGraph(root: string, cycle: WriteCycle, notes: string[]): Promise<KnowledgeGraph> {
  const text = await readGraphFileText(root);
  if (text === undefined) {
    return emptyGraph();
  }
  try {
    return parseGraphFile(text, path.join(root, GRAPH_FILE)).graph;
  } catch (error) {
    if (!isMemoryFabricError(error) || error.code !== 'STORE_CORRUPT') {
      throw error;
    }
    const keptAs = `context/knowledge-graph.index.corrupt-${cycle.time.utcDateTimePrefix}.jsonc`;
    await writeFileAtomic(resolveInsideRoot(root, keptAs), text);
    cycle.written.push(keptAs);
    const sides = splitConflict(text);
    const graphs = (sides ?? [text]).map(salvageGraph);
    notes.push(
      sides
        ? `resolved a git merge conflict in ${GRAPH_FILE} as the union of both sides (original kept as ${keptAs})`
        : `rebuilt ${GRAPH_FILE} from what could be read of it (${error.message}; original kept as ${keptAs})`,
    );
    return { entities: graphs.flatMap((graph) => graph.entities), relations: graphs.flatMap((graph) => graph.relations) };
  }
}

// The two sides of git conflict markers, or undefined when the text has none.
function splitConflict(text: string): [string, string] | undefined {
  if (!/^<{7} /m.test(text)) {
    return undefined;
  }
  const ours: string[] = [];
  const theirs: string[] = [];
  let side: 'both' | 'ours' | 'theirs' = 'both';
  for (const line of text.split('\n')) {
    if (line.startsWith('<<<<<<< ')) {
      side = 'ours';
    } else if (line.startsWith('=======') && side === 'ours') {
      side = 'theirs';
    } else if (line.startsWith('>>>>>>> ')) {
      side = 'both';
    } else {
      if (side !== 'theirs') {
        ours.push(line);
      }
      if (side !== 'ours') {
        theirs.push(line);
      }
    }
  }
  return [ours.join('\n'), theirs.join('\n')];
}

// Whatever well-formed entities and relations a damaged graph file still holds.
function salvageGraph(text: string): KnowledgeGraph {
  const errors: ParseError[] = [];
  const root = parse(text, errors, { allowTrailingComma: true }) as { entities?: unknown; relations?: unknown } | undefined;
  const entities: GraphEntity[] = [];
  const relations: GraphRelation[] = [];
  for (const value of Array.isArray(root?.entities) ? root.entities : []) {
    const record = value as Record<string, unknown>;
    if (typeof record?.entityName !== 'string' || typeof record.entityType !== 'string') {
      continue;
    }
    entities.push({
      name: record.entityName,
      entityType: record.entityType,
      observations: Array.isArray(record.observations)
        ? record.observations.filter((item): item is string => typeof item === 'string')
        : [],
      ...(typeof record.updatedAtUtc === 'string' ? { updatedAt: record.updatedAtUtc } : {}),
      ...(typeof record.supersededBy === 'string' ? { supersededBy: record.supersededBy } : {}),
    });
  }
  for (const value of Array.isArray(root?.relations) ? root.relations : []) {
    const record = value as Record<string, unknown>;
    if (
      typeof record?.sourceEntityName === 'string' &&
      typeof record.targetEntityName === 'string' &&
      typeof record.relationType === 'string'
    ) {
      relations.push({ from: record.sourceEntityName, to: record.targetEntityName, relationType: record.relationType });
    }
  }
  return { entities, relations };
}

// Unresolved errors are tied to the active plans whose text shares at least two terms with them (or to the only active plan).
function linkErrorsToPlans(records: readonly MemoryRecord[], graph: KnowledgeGraph): GraphRelation[] {
  const plans = records.filter((record) => record.kind === 'plan' && (record.frontmatter.status ?? 'active') === 'active');
  const errors = records.filter(
    (record) => record.kind === 'error' && record.frontmatter.status === 'unresolved' && typeof record.frontmatter.entity_name === 'string',
  );
  const existing = new Set(
    graph.relations.map((relation) => `${canonicalEntityKey(relation.from)}|${relation.relationType}|${canonicalEntityKey(relation.to)}`),
  );
  const names = new Set(graph.entities.map((entity) => canonicalEntityKey(entity.name)));
  const links: GraphRelation[] = [];
  for (const error of errors) {
    const errorTerms = new Set(extractTerms(error.body));
    for (const plan of plans) {
      const planName = typeof plan.frontmatter.entity_name === 'string' ? plan.frontmatter.entity_name : undefined;
      if (!planName || !names.has(canonicalEntityKey(planName))) {
        continue;
      }
      const shared = extractTerms(plan.body).filter((term) => errorTerms.has(term));
      if (new Set(shared).size < 2 && plans.length > 1) {
        continue;
      }
      const relation = { from: planName, to: error.frontmatter.entity_name as string, relationType: 'blocked_by' };
      const key = `${canonicalEntityKey(relation.from)}|blocked_by|${canonicalEntityKey(relation.to)}`;
      if (!existing.has(key)) {
        existing.add(key);
        links.push(relation);
      }
    }
  }
  return links;
}
