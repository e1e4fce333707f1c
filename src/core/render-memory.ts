// One memory rendered: its entity, the statements that answer the prompt (a superseded one as "previously", under what
// replaced it) or its status, and its relations; and the closing line of a context (render.ts, render-start.ts).
import { clip } from './delta-builder.ts';
import type { Memory } from './memory.ts';
import { currentStatements } from './retrieval/session-start.ts';
import type { StatementScore } from './retrieval/score-statements.ts';
import { parseStatement, type Statement } from './statement.ts';

const MAX_RELATIONS = 3;
// A statement is shown up to this many characters (capture keeps new ones within 300; imported graphs may hold longer).
export const MAX_SHOWN_STATEMENT_CHARS = 400;
// Of one memory rendered alone, this many statements.
const STATEMENTS_FIRST = 5;
// A statement is shown when it scores at least this share of the prompt's best statement.
export const STATEMENT_SHARE = 0.15;
// A memory whose statements do not answer (it was named, or reached through a relation) shows this many current ones.
export const STATUS_STATEMENTS = 2;

// The context text, and how many memories it shows and left out for the budget (the context hook reports both).
export interface RenderedContext {
  text: string;
  shown: number;
  leftOut: number;
}

// The closing line says what was left out, only when something was left out for size (memories that do not answer
// well enough are not worth a line saying so).
export function close(lines: string[], shown: number, total: number, budget: number, trimmed = true): RenderedContext {
  const leftOut = total - shown;
  if (shown === 0) {
    return { text: '', shown: 0, leftOut };
  }
  if (trimmed && leftOut > 0 && lines.length > 1) {
    lines.push(
      `(${leftOut} more matching ${leftOut === 1 ? 'memory' : 'memories'} left out to keep this short; at most ${budget} characters.)`,
    );
  }
  return { text: lines.join('\n'), shown, leftOut };
}

// One memory: its entity, the statements that answer (a superseded one as "previously", under what replaced it),
// and its relations.
export function renderMemory(memory: Memory, limit = STATEMENTS_FIRST, bestStatement = 0): string {
  const { entity } = memory;
  const chosen = chooseStatements(memory, limit, bestStatement);
  const parsed = entity.observations.map((observation) => parseStatement(observation));
  const lines: string[] = [];
  const shownIndices = new Set<number>();
  for (const entry of chosen) {
    const statement = parsed[entry.index];
    if (!statement || shownIndices.has(entry.index)) {
      continue;
    }
    if (statement.supersededOn) {
      const current = replacementOf(parsed, entry.index);
      if (current !== undefined && !shownIndices.has(current)) {
        shownIndices.add(current);
        lines.push(`  - ${describe(parsed[current] as Statement)}`);
      }
      shownIndices.add(entry.index);
      lines.push(`    previously: ${clip(statement.text, MAX_SHOWN_STATEMENT_CHARS)} (until ${statement.supersededOn})`);
      continue;
    }
    shownIndices.add(entry.index);
    lines.push(`  - ${describe(statement)}`);
  }
  const relations = memory.graphRelations
    .slice(0, MAX_RELATIONS)
    .map((step) => `  - ${step.from} ${step.relation.replace(/_/g, ' ')} ${step.to}.`);
  const when = memory.timestamp ? `, ${memory.timestamp.slice(0, 10)}` : '';
  const superseded = entity.supersededBy ? ` Superseded by ${entity.supersededBy}.` : '';
  return [`- ${entity.name} (${entity.entityType}${when}).${superseded}`, ...lines, ...relations].join('\n');
}

// The statements that answer, best first, at least a share of the prompt's best; a memory none of whose
// statements answer (named, or reached through a relation) shows its current status instead.
function chooseStatements(memory: Memory, limit: number, bestStatement: number): StatementScore[] {
  const answering = memory.statements.filter((entry) => entry.index >= 0 && entry.score >= STATEMENT_SHARE * bestStatement);
  if (answering.length > 0) {
    return answering.slice(0, limit);
  }
  return statusOf(memory, Math.min(limit, STATUS_STATEMENTS));
}

// A memory's current status: its newest current statements; a session's, what it did and left to do.
export function statusOf(memory: Memory, limit: number): StatementScore[] {
  if (memory.entity.entityType.toLowerCase() === 'session') {
    return currentStatements(memory.entity, SESSION_STATUS_STATEMENTS, ['done', 'todo']);
  }
  return currentStatements(memory.entity, limit);
}
const SESSION_STATUS_STATEMENTS = 6;

// The current statement that replaced a superseded one: of the same kind, dated on the day it was superseded, else
// the newest current one of its kind.
function replacementOf(parsed: readonly Statement[], index: number): number | undefined {
  const old = parsed[index] as Statement;
  let best: number | undefined;
  parsed.forEach((statement, position) => {
    if (position === index || statement.supersededOn || statement.kind !== old.kind) {
      return;
    }
    const held = best === undefined ? undefined : parsed[best];
    if (statement.date === old.supersededOn || !held || (statement.date ?? '') > (held.date ?? '')) {
      if (held?.date === old.supersededOn && statement.date !== old.supersededOn) {
        return;
      }
      best = position;
    }
  });
  return best;
}

// A statement as one line: its text, and its kind and date when it has them.
function describe(statement: Statement): string {
  const facts = [statement.kind !== 'fact' ? statement.kind : '', statement.date ?? ''].filter(Boolean).join(', ');
  return `${clip(statement.text, MAX_SHOWN_STATEMENT_CHARS)}${facts ? ` (${facts})` : ''}`;
}
