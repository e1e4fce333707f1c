// Finds decisions that a newer decision replaced, so they are marked superseded instead of piling up beside it.
import { canonicalEntityKey, type GraphEntity, type KnowledgeGraph } from './graph.ts';
import { splitWords } from './text.ts';

// An older decision and the newer one that replaces it, by name, with the rule that paired them (reconcile prints it).
export interface Supersession {
  older: string;
  newer: string;
  reason: string;
}

const DECISION_TYPES = new Set(['decision', 'convention']);

// Pairs (older -> newer) by three rules: an explicit `supersedes` relation; a decision that `chose_over`
// another decision; two decisions on the same subject (the last word of their names, e.g. cursor-pagination
// and offset-pagination) tied to the same entity, where the newer one wins. Already superseded entities are skipped.
export function findSupersessions(graph: KnowledgeGraph, onlyInvolving?: ReadonlySet<string>): Supersession[] {
  const byKey = new Map(graph.entities.map((entity) => [canonicalEntityKey(entity.name), entity] as const));
  const live = (name: string): GraphEntity | undefined => {
    const entity = byKey.get(canonicalEntityKey(name));
    return entity && !entity.supersededBy ? entity : undefined;
  };
  const isDecision = (entity: GraphEntity | undefined): entity is GraphEntity =>
    !!entity && DECISION_TYPES.has(entity.entityType.toLowerCase());
  const found = new Map<string, Supersession>();
  const add = (older: GraphEntity, newer: GraphEntity, reason: string): void => {
    const key = canonicalEntityKey(older.name);
    if (key === canonicalEntityKey(newer.name) || found.has(key)) {
      return;
    }
    if (onlyInvolving && !onlyInvolving.has(key) && !onlyInvolving.has(canonicalEntityKey(newer.name))) {
      return;
    }
    found.set(key, { older: older.name, newer: newer.name, reason });
  };

  for (const relation of graph.relations) {
    const from = live(relation.from);
    const to = live(relation.to);
    const type = relation.relationType.toLowerCase();
    if (type === 'supersedes' && from && to) {
      add(to, from, `${from.name} supersedes ${to.name}`);
    }
    if (type === 'chose_over' && isDecision(from) && isDecision(to)) {
      add(to, from, `${from.name} was chosen over ${to.name}`);
    }
  }

  const neighbours = new Map<string, Set<string>>();
  for (const relation of graph.relations) {
    const from = canonicalEntityKey(relation.from);
    const to = canonicalEntityKey(relation.to);
    neighbours.set(from, (neighbours.get(from) ?? new Set()).add(to));
    neighbours.set(to, (neighbours.get(to) ?? new Set()).add(from));
  }
  const bySubject = new Map<string, GraphEntity[]>();
  for (const entity of graph.entities) {
    if (!isDecision(entity) || entity.supersededBy) {
      continue;
    }
    const words = splitWords(entity.name);
    const subject = words.length >= 2 ? words[words.length - 1] : undefined;
    if (subject) {
      bySubject.set(subject, [...(bySubject.get(subject) ?? []), entity]);
    }
  }
  for (const [subject, decisions] of bySubject) {
    if (decisions.length < 2) {
      continue;
    }
    const ordered = [...decisions].sort((a, b) => (a.updatedAt ?? '').localeCompare(b.updatedAt ?? ''));
    for (let index = 0; index < ordered.length - 1; index += 1) {
      const older = ordered[index];
      const newer = ordered[ordered.length - 1];
      if (!older || !newer || (older.updatedAt ?? '') === (newer.updatedAt ?? '')) {
        continue;
      }
      const shared = [...(neighbours.get(canonicalEntityKey(older.name)) ?? [])].filter((name) =>
        neighbours.get(canonicalEntityKey(newer.name))?.has(name),
      );
      if (shared.length > 0) {
        add(older, newer, `both decide the ${subject} of ${shared[0]}; ${newer.name} is newer`);
      }
    }
  }
  return [...found.values()].sort((a, b) => a.older.localeCompare(b.older));
}

// Applies supersessions to a graph (a new graph is returned); history is kept, only marked.
export function applySupersessions(graph: KnowledgeGraph, supersessions: readonly Supersession[]): KnowledgeGraph {
  const marks = new Map(supersessions.map((entry) => [canonicalEntityKey(entry.older), entry.newer] as const));
  return {
    entities: graph.entities.map((entity) => {
      const newer = marks.get(canonicalEntityKey(entity.name));
      return newer && !entity.supersededBy ? { ...entity, supersededBy: newer } : entity;
    }),
    relations: graph.relations,
  };
}
