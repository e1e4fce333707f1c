// Renders memories as the context Claude sees: plain statements, decisions first, within a character budget.
import type { Memory } from './memory.ts';
import { clip } from './delta-builder.ts';

const DECISION_TYPES = new Set(['decision', 'convention', 'preference']);
const MAX_OBSERVATIONS = 4;
const MAX_RELATIONS = 4;
const MAX_OBSERVATION_CHARS = 400;

export interface RenderedContext {
  text: string;
  shown: number;
  leftOut: number;
}

// Builds the context text; returns empty text when there is nothing to show.
export function renderContext(memories: readonly Memory[], mode: 'search' | 'recent', budget: number): RenderedContext {
  if (memories.length === 0) {
    return { text: '', shown: 0, leftOut: 0 };
  }
  const header =
    mode === 'recent'
      ? 'Project memory (memory-fabric): recent facts recorded in earlier sessions of this project.'
      : 'Project memory (memory-fabric): facts recorded in earlier sessions that match this prompt, most relevant first.';
  const decisions = memories.filter((memory) => DECISION_TYPES.has(memory.entity.entityType.toLowerCase()));
  const others = memories.filter((memory) => !DECISION_TYPES.has(memory.entity.entityType.toLowerCase()));
  const sections: Array<[string, Memory[]]> = [
    ['Decisions and conventions:', decisions],
    ['Related entities:', others],
  ];

  const reserve = 160; // room for the closing line
  const lines: string[] = [header];
  let used = header.length;
  let shown = 0;
  let full = false;
  for (const [title, members] of sections) {
    if (members.length === 0 || full) {
      continue;
    }
    const titleCost = title.length + 2;
    let titled = false;
    for (const memory of members) {
      const block = renderMemory(memory);
      const cost = block.length + 1 + (titled ? 0 : titleCost);
      if (used + cost > budget - reserve) {
        full = true;
        break;
      }
      if (!titled) {
        lines.push('', title);
        titled = true;
      }
      lines.push(block);
      used += cost;
      shown += 1;
    }
  }
  const leftOut = memories.length - shown;
  if (shown === 0) {
    return { text: '', shown: 0, leftOut };
  }
  if (leftOut > 0) {
    lines.push(
      '',
      `${leftOut} more matching ${leftOut === 1 ? 'memory was' : 'memories were'} left out to keep this under ${budget} characters.`,
    );
  }
  return { text: lines.join('\n'), shown, leftOut };
}

// One memory as a few plain lines: the entity, its most relevant observations, its relations.
export function renderMemory(memory: Memory): string {
  const { entity } = memory;
  const observations = pickObservations(entity.observations, memory.matchedTerms).map((text) => `  - ${clip(text, MAX_OBSERVATION_CHARS)}`);
  const relations = memory.graphRelations
    .slice(0, MAX_RELATIONS)
    .map((step) => `  - ${step.from} ${step.relation.replace(/_/g, ' ')} ${step.to}.`);
  const when = memory.timestamp ? `, recorded ${memory.timestamp.slice(0, 10)}` : '';
  const superseded = entity.supersededBy ? ` Superseded by ${entity.supersededBy}.` : '';
  return [`- ${entity.name} (${entity.entityType}${when}).${superseded}`, ...observations, ...relations].join('\n');
}

function pickObservations(observations: readonly string[], matchedTerms: readonly string[]): string[] {
  // A stem inside the lowercased text is a hit (cheaper than tokenizing every observation shown).
  const scored = observations.map((text, position) => {
    const lower = text.toLowerCase();
    return { text, position, hits: matchedTerms.filter((term) => lower.includes(term)).length };
  });
  scored.sort((a, b) => b.hits - a.hits || a.position - b.position);
  return scored.slice(0, MAX_OBSERVATIONS).map((entry) => entry.text);
}
