// Renders memories as the context Claude sees: the statements that answer the prompt, grouped under their entities,
// best first, within a character budget (see docs/ranking.md, "Render").
import type { Memory } from './memory.ts';
import { SESSION_START_BUDGET, renderSessionStart } from './render-start.ts';
import {
  close,
  MAX_SHOWN_STATEMENT_CHARS,
  type RenderedContext,
  renderMemory,
  STATEMENT_SHARE,
  STATUS_STATEMENTS,
  statusOf,
} from './render-memory.ts';
import type { StatementScore } from './retrieval/score-statements.ts';
import { currentStatements, LISTING } from './retrieval/session-start.ts';
import { parseStatement } from './statement.ts';

export type { RenderedContext } from './render-memory.ts';

// At most this many statements in a prompt's context.
const MAX_STATEMENTS = 24;
// Memories shown only with their status (no statement of theirs answers).
const MAX_STATUS_MEMORIES = 3;
// Typical injections stay under this many characters of statements.
export const SOFT_BUDGET = 4000;
// The session log's listings ("Worked on a, b, c", capture.ts; "Changed src/x.ts", extract-tools.ts) name many things
// and say nothing of them: they match many words of a prompt, so they count this much of their score when
// statements are chosen. Only on a session entity, only those shapes ("Changed `ACCESS_TOKEN_TTL` to 30m" answers).
const LISTING_FACTOR = 0.5;
const isListing = (memory: Memory, index: number): boolean =>
  memory.entity.entityType === 'session' && LISTING.test(parseStatement(memory.entity.observations[index] ?? '').text);
// A memory none of whose statements were chosen is shown (with its status) when it ranks at least this close to the best.
const STRONG = 0.8;
// The best memories whose other current statements fill what is left of the soft budget, and the most statements such
// a memory may hold (a component's, a file's; not a log, not an entity with a long history, whose statements that do
// not answer are noise). Session 17, over the 19 spent capture sets (585 of 732 answered before), within the soft
// budget and MAX_STATEMENTS: +5 answers (590), mean characters +2.6%, none lost, silence unchanged. (Past
// MAX_STATEMENTS: ranks 3 / 20 statements +6, 5 / 20 +9 at +6% characters, 5 / 60 +9 at +7%.)
const CONTEXT_RANKS = 5;
const CONTEXT_STATEMENTS = 20;
// What a chosen statement counts against the soft budget: its shown length and its line's markup.
const shownChars = (text: string): number => Math.min(MAX_SHOWN_STATEMENT_CHARS, text.length) + 6;

// Builds the context text; returns empty text when there is nothing to show.
export function renderContext(memories: readonly Memory[], mode: 'search' | 'recent', budget: number): RenderedContext {
  if (memories.length === 0) {
    return { text: '', shown: 0, leftOut: 0 };
  }
  return mode === 'recent' ? renderSessionStart(memories, Math.min(budget, SESSION_START_BUDGET)) : renderSearch(memories, budget);
}

// Statements are chosen across all memories, best first (a statement's score, weighed by how its memory ranks),
// down to a share of the best, up to MAX_STATEMENTS and SOFT_BUDGET; then shown grouped under their memories in rank
// order. A memory with no statement chosen is shown with its status when it ranks close to the best (it was named,
// or reached through a relation the prompt asks about).
function renderSearch(memories: readonly Memory[], budget: number): RenderedContext {
  const header = 'Project memory (memory-fabric): statements recorded in earlier sessions that answer this prompt, most relevant first.';
  const bestScore = memories[0]?.score || 1;
  const weighed = memories
    .flatMap((memory, rank) =>
      memory.statements
        .filter((entry) => entry.index >= 0)
        .map((entry) => ({
          rank,
          entry,
          value: entry.score * (0.5 + (0.5 * memory.score) / bestScore) * (isListing(memory, entry.index) ? LISTING_FACTOR : 1),
        })),
    )
    .sort((a, b) => b.value - a.value || a.rank - b.rank);
  const bestValue = weighed[0]?.value ?? 0;
  const chosen = new Map<number, StatementScore[]>();
  let statementChars = 0;
  let count = 0;
  // Pinned statements (the best answer to each part of a prompt that asks several things) come first.
  weighed.sort((a, b) => Number(b.entry.pinned === true) - Number(a.entry.pinned === true));
  // Whether statements that answer well enough were left out for size (then the context says so).
  let trimmed = false;
  // A statement recorded on two entities (a component's, and the session log's "done" line: the same text, kind, date
  // and session) is shown once, under the memory it answers best for: the budget goes to statements not yet shown.
  const chosenCopies = new Set<string>();
  for (const { rank, entry, value } of weighed) {
    if (!entry.pinned && value < STATEMENT_SHARE * bestValue) {
      continue;
    }
    const copy = (memories[rank]?.entity.observations[entry.index] ?? '').trim();
    if (chosenCopies.has(copy)) {
      continue;
    }
    chosenCopies.add(copy);
    if (!entry.pinned && (count >= MAX_STATEMENTS || statementChars > SOFT_BUDGET)) {
      trimmed = true;
      continue;
    }
    const memory = memories[rank] as Memory;
    const list = chosen.get(rank) ?? [];
    list.push(entry);
    chosen.set(rank, list);
    statementChars += shownChars(memory.entity.observations[entry.index] ?? '');
    count += 1;
  }
  // What is left of the budget goes to the other current statements of the best memories (the first CONTEXT_RANKS that
  // have an answering statement, not a session's or the project's log, at most CONTEXT_STATEMENTS statements in all):
  // an answer often shares no word with the prompt but sits beside the statement that does, on the same component
  // ("how long until an idle session counts as gone?" matches a registry's "Tracks active review sessions"; its "Sweeps
  // stale entries every 15s with a 90s TTL" answers). Within MAX_STATEMENTS and the soft budget, like the rest.
  for (let rank = 0; rank < Math.min(CONTEXT_RANKS, memories.length) && statementChars <= SOFT_BUDGET; rank += 1) {
    const memory = memories[rank] as Memory;
    const type = memory.entity.entityType.toLowerCase();
    const list = chosen.get(rank);
    if (!list || type === 'session' || type === 'project' || memory.entity.observations.length > CONTEXT_STATEMENTS) {
      continue;
    }
    // Its current statements, newest first (as its status is chosen).
    for (const entry of currentStatements(memory.entity, CONTEXT_STATEMENTS)) {
      if (statementChars > SOFT_BUDGET || count >= MAX_STATEMENTS) {
        break;
      }
      const copy = (memory.entity.observations[entry.index] ?? '').trim();
      if (list.some((held) => held.index === entry.index) || chosenCopies.has(copy)) {
        continue;
      }
      chosenCopies.add(copy);
      list.push(entry);
      statementChars += shownChars(copy);
      count += 1;
    }
  }
  const reserve = 160; // room for the closing line
  const lines: string[] = [header];
  let used = header.length;
  let shown = 0;
  let statusShown = 0;
  memories.forEach((memory, rank) => {
    const statements = chosen.get(rank);
    // Its status, without what another memory shows already.
    const statusEntries = (): StatementScore[] =>
      statusOf(memory, STATUS_STATEMENTS).filter(
        (entry) =>
          !chosenCopies.has((memory.entity.observations[entry.index] ?? '').trim()) &&
          !statements?.some((held) => held.index === entry.index),
      );
    const statusOnly =
      !statements && (memory.named === true || memory.score >= STRONG * bestScore) && statusShown < MAX_STATUS_MEMORIES
        ? statusEntries()
        : [];
    const status = statusOnly.length > 0;
    if (!statements && !status) {
      return;
    }
    // A memory the prompt named shows its status beside the statements that answer.
    const withStatus = statements ? (memory.named ? [...statements, ...statusEntries()] : statements) : statusOnly;
    const block = renderMemory({ ...memory, statements: withStatus }, withStatus.length, 0);
    if (used + block.length + 1 > budget - reserve) {
      trimmed = true;
      return;
    }
    if (status) {
      statusShown += 1;
    }
    lines.push(block);
    used += block.length + 1;
    shown += 1;
  });
  return close(lines, shown, memories.length, budget, trimmed);
}
