// The context at SessionStart: the preferences, the project's conventions (the user's rules and what its hooks
// enforce), the stack (a line per technology) and the last sessions, within a
// small budget (docs/ranking.md, "Session start").
import { clip } from './delta-builder.ts';
import type { Memory, MemorySection } from './memory.ts';
import { close, type RenderedContext, renderMemory } from './render-memory.ts';
import { parseStatement } from './statement.ts';
import { canonicalTechnology, isEverydayWordName, technologyRole } from './technologies.ts';

// Session start stays small: preferences, stack and the last sessions.
export const SESSION_START_BUDGET = 2500;

const SECTION_TITLES: Record<MemorySection, string> = {
  preferences: 'Preferences:',
  conventions: 'Conventions:',
  stack: 'Stack:',
  sessions: 'Last sessions:',
  recent: 'Recent:',
};

// The session-start memories (retrieval/session-start.ts) under their sections' titles, until the budget.
export function renderSessionStart(memories: readonly Memory[], budget: number): RenderedContext {
  const header = 'Project memory (memory-fabric): what earlier sessions of this project recorded.';
  const lines: string[] = [header];
  let used = header.length;
  let shown = 0;
  let section: MemorySection | undefined;
  for (const memory of memories) {
    const title = memory.section && memory.section !== section ? SECTION_TITLES[memory.section] : undefined;
    const block = memory.section === 'stack' ? renderStackLine(memory) : renderMemory(memory, memory.statements.length, 0);
    const cost = block.length + 1 + (title ? title.length + 1 : 0);
    if (used + cost > budget - 120) {
      break;
    }
    if (title) {
      lines.push(title);
      section = memory.section;
    }
    lines.push(block);
    used += cost;
    shown += 1;
  }
  return close(lines, shown, memories.length, budget);
}

// A technology in one line: its name and its first current statement.
function renderStackLine(memory: Memory): string {
  const first = memory.statements[0];
  const text = first ? parseStatement(memory.entity.observations[first.index] ?? '').text : '';
  // The role, unless the name is an everyday word: the capture may have read "Spark" or "Bootstrap" in another sense.
  const canonical = canonicalTechnology(memory.entity.name);
  const role = canonical && !isEverydayWordName(canonical) ? technologyRole(canonical) : undefined;
  return `- ${memory.entity.name}${role ? ` (${role})` : ''}${text ? `: ${clip(text, 160)}` : ''}`;
}
