// A delta from what a user states on the command line: decisions, and errors with their fixes.
import { extractDelta, toEntityName } from './extract.ts';
import type { GraphDelta } from './graph.ts';
import { extractTerms, splitWords, isStopword } from './text.ts';

// What `memory-fabric update` was given: its --decision, --error (with the --fix of the same position) and --plan.
export interface ManualUpdate {
  decisions: string[];
  errors: Array<{ text: string; fix?: string }>;
  plans?: string[];
}

// Decisions go through the same extraction as transcripts; a statement no pattern recognizes still becomes a decision.
export function buildManualDelta(update: ManualUpdate): GraphDelta {
  const delta: GraphDelta = { entities: [], relations: [] };
  for (const text of update.decisions) {
    const statement = text.trim();
    if (statement === '') {
      continue;
    }
    const extracted = extractDelta([{ role: 'user', text: statement, toolCalls: [] }]).delta;
    if (extracted.entities.some((entity) => entity.entityType === 'decision')) {
      delta.entities.push(...extracted.entities);
      delta.relations.push(...extracted.relations);
    } else {
      delta.entities.push({ name: nameFrom(statement), entityType: 'decision', observations: [statement] });
    }
  }
  for (const { text, fix } of update.errors) {
    const statement = text.trim();
    if (statement === '') {
      continue;
    }
    const observations = [`Error: ${statement}`, ...(fix?.trim() ? [`Fix: ${fix.trim()}`] : [])];
    delta.entities.push({ name: nameFrom(statement), entityType: 'error', observations });
  }
  for (const text of update.plans ?? []) {
    const statement = text.trim();
    if (statement !== '') {
      delta.entities.push({ name: `plan-${nameFrom(statement)}`, entityType: 'plan', observations: [statement] });
    }
  }
  return delta;
}

// A short name from the first content words of a statement.
function nameFrom(statement: string): string {
  const words = splitWords(statement)
    .filter((word) => !isStopword(word) && extractTerms(word).length > 0)
    .slice(0, 4);
  return toEntityName(words.join(' ')) ?? 'statement';
}
