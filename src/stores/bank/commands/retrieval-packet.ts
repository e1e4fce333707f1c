// The retrieve command (the seed's retrieve mode): reads the bank in the seed's order and builds the retrieval packet
// for a task. Never writes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GraphEntity } from '../../../core/graph.ts';
import { RELEVANCE_FLOOR, retrieveFromView } from '../../../core/retrieve.ts';
import { scoreStatements } from '../../../core/retrieval/score-statements.ts';
import { buildGraphView } from '../../../core/graph-view.ts';
import { parseQuery } from '../../../core/query.ts';
import type { BankStore } from '../bank-store.ts';
import { zeroCounts } from '../../../core/merge.ts';
import { GRAPH_FILE, RECORD_LIST, PROJECT_MD } from '../layout.ts';
import { listRecords, recordObservations, type MemoryRecord } from '../records.ts';
import type { OutputContract } from './contract.ts';
import { checkHealth } from './health.ts';

// The retrieve mode's settings, from the config; superseded entities are always left out (see retrieveFromBank).
export interface RetrieveSettings {
  nowMs: number;
  maxResults: number;
  dedupThreshold: number;
  boostFactor: number;
}

// Builds the packet: relevant entities and relations, top observations, prior decisions, known failures and preventions.
export async function retrieveFromBank(
  bank: BankStore,
  project: string,
  task: string,
  settings: RetrieveSettings,
): Promise<OutputContract> {
  const { root } = bank.paths;
  const artifacts: OutputContract['artifacts'] = [];
  const readOptional = async (relative: string): Promise<string | undefined> =>
    readFile(path.join(root, relative), 'utf8').catch(() => undefined);

  if (await readOptional(RECORD_LIST)) {
    artifacts.push({ path: RECORD_LIST, why: 'read first: the list of every record' });
  }
  const projectText = await readOptional(PROJECT_MD);
  if (projectText !== undefined) {
    artifacts.push({ path: PROJECT_MD, why: 'project context and constraints' });
  }
  const { records, problems } = await listRecords(root);
  const sessions = records.filter((record) => record.kind === 'session').sort((a, b) => b.relativePath.localeCompare(a.relativePath));
  for (const kind of ['overview', 'timeline']) {
    const latest = sessions.find((record) => record.relativePath.endsWith(`${kind}.md`));
    if (latest) {
      artifacts.push({ path: latest.relativePath, why: `latest session ${kind}` });
    }
  }
  const relevant = rankRecords(
    records.filter((record) => record.kind !== 'session'),
    task,
  ).slice(0, 8);
  for (const record of relevant) {
    artifacts.push({ path: record.relativePath, why: `relevant ${record.kind ?? 'record'} (${record.frontmatter.status ?? 'no status'})` });
  }

  const graph = await bank.readGraph();
  artifacts.push({ path: GRAPH_FILE, why: `${graph.entities.length} entities, ${graph.relations.length} relations` });
  // No vocabulary: a task description names new things by nature, and the packet should still list what is related.
  const retrieval = retrieveFromView(await bank.openView(), task, { ...settings, includeSuperseded: false });
  for (const memory of retrieval.memories.slice(0, 10)) {
    const relations = memory.graphRelations.map((step) => `${step.from} ${step.relation} ${step.to}`).join('; ');
    artifacts.push({
      path: `${GRAPH_FILE}#${memory.entity.name}`,
      why: `${memory.entity.entityType}, score ${memory.score.toFixed(2)}${relations ? `; ${relations}` : ''}`,
    });
  }

  const decisions = new Set<string>();
  for (const memory of retrieval.memories) {
    if (isDecision(memory.entity)) {
      for (const text of memory.entity.observations.slice(0, 2)) {
        decisions.add(`${memory.entity.name}: ${text}`);
      }
    }
  }
  for (const record of relevant.filter((candidate) => candidate.kind === 'decision' && candidate.frontmatter.status !== 'superseded')) {
    const first = recordObservations(record)[0];
    if (first && ![...decisions].some((line) => line.endsWith(first))) {
      decisions.add(`${record.frontmatter.entity_name ?? record.relativePath}: ${first}`);
    }
  }
  const failures = records
    .filter((record) => record.kind === 'error')
    .filter((record) => relevant.includes(record) || record.frontmatter.status === 'unresolved')
    .map(
      (record) =>
        `${record.frontmatter.entity_name ?? record.relativePath} (${record.frontmatter.status ?? 'unknown'}): ${recordObservations(record).join(' ')}`,
    );

  const health = await checkHealth(root, records, problems, graph);
  return {
    mode: 'retrieve',
    project,
    status: problems.length > 0 ? 'partial' : 'success',
    artifacts,
    graphDelta: zeroCounts(),
    planning: {
      constraints: constraintsOf(projectText ?? ''),
      priorDecisions: [...decisions].slice(0, 10),
      knownFailuresAndPreventions: failures.slice(0, 10),
    },
    health: { recordListSynced: health.recordListSynced, consistencyWarnings: health.warnings },
  };
}

// Records ranked by the same relevance as graph entities (title and body as the text).
function rankRecords(records: readonly MemoryRecord[], task: string): MemoryRecord[] {
  const asEntities: GraphEntity[] = records.map((record) => ({
    name: record.relativePath,
    entityType: record.kind ?? 'record',
    observations: [record.body],
  }));
  const { matches } = scoreStatements(buildGraphView({ entities: asEntities, relations: [] }), parseQuery(task), () => true);
  return matches
    .filter((match) => match.relevance >= RELEVANCE_FLOOR)
    .map((match) => records[match.id])
    .filter((record): record is MemoryRecord => !!record);
}

const isDecision = (entity: GraphEntity): boolean => ['decision', 'convention'].includes(entity.entityType.toLowerCase());

// The bullet list under "## Constraints" in context/project.md.
function constraintsOf(projectText: string): string[] {
  const section = projectText.split(/^## Constraints\s*$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\s*[-*]\s+/.test(line))
    .map((line) => line.replace(/^\s*[-*]\s+/, '').trim());
}
