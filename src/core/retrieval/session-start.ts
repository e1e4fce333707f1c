// What the context hook gives at SessionStart, before any prompt: the user's preferences, the project's conventions
// (the rules the user gave, and what its hooks enforce: capture.ts), its stack and what the last sessions did
// (continuity), each in a few lines. A graph without these (written by other tools)
// gets its most recent, best-connected entities instead.
import type { GraphView, StartOrder } from '../graph-view.ts';
import type { GraphEntity } from '../graph.ts';
import { type Memory, type MemorySection, normalizeEntity } from '../memory.ts';
import { computeRecency } from '../rank.ts';
import { parseStatement, type Statement, type StatementKind } from '../statement.ts';
import type { StatementScore } from './score-statements.ts';

// The entity of the user's preferences (capture.ts writes it, by the same name); its section is shown first.
export const PREFERENCES_ENTITY = 'user-preferences';
// The entity of the project's conventions (capture.ts writes it); its section follows the preferences.
export const CONVENTIONS_ENTITY = 'project-conventions';
// How much of each section is shown.
export const SESSION_START_LIMITS = {
  preferences: 8,
  conventions: 6,
  stack: 8,
  sessions: 3,
  sessionStatements: 4,
  recent: 8,
  recentStatements: 2,
} as const;

// What a past session did, left to do and decided: the kinds of its statements shown at session start (in the order
// of currentStatements).
const SESSION_KINDS: readonly StatementKind[] = ['done', 'todo', 'decision'];

// A session's statements at session start (as selectSessionStart chooses them; bench/capture/session-status.ts).
export const sessionStartStatements = (entity: GraphEntity): StatementScore[] =>
  currentStatements(entity, SESSION_START_LIMITS.sessionStatements, SESSION_KINDS);

interface StartOptions {
  nowMs: number;
  maxResults: number;
}

// The session-start memories of one source, in the order they are shown, each with the statements to show.
export function selectSessionStart(view: GraphView, isLive: (id: number) => boolean, options: StartOptions): Memory[] {
  const live = (id: number): boolean => isLive(id) && !view.isSuperseded(id);
  const byType = new Map<string, number[]>();
  for (let id = 0; id < view.size; id += 1) {
    const type = view.typeOf(id).toLowerCase();
    if ((type === 'preference' || type === 'technology' || type === 'session') && live(id)) {
      const list = byType.get(type);
      if (list) {
        list.push(id);
      } else {
        byType.set(type, [id]);
      }
    }
  }
  const typed = (type: string): number[] => byType.get(type) ?? [];
  const memories: Memory[] = [];
  // A memory of the section, with the statements chosen of its entity (its newest current ones by default).
  const add = (
    id: number,
    section: MemorySection,
    limit: number,
    kinds?: readonly StatementKind[],
    keep: (entity: GraphEntity, entry: StatementScore) => boolean = () => true,
  ): void => {
    const entity = view.entity(id);
    const statements = currentStatements(entity, limit, kinds).filter((entry) => keep(entity, entry));
    const memory = normalizeEntity(id, entity, 1, [], 0, [], statements);
    memory.section = section;
    memory.score = computeRecency(entity.updatedAt, options.nowMs);
    memory.breakdown = { ...memory.breakdown, recency: memory.score };
    memories.push(memory);
  };
  const preferences = view.idOf(PREFERENCES_ENTITY);
  const preferenceIds = preferences !== undefined && live(preferences) ? [preferences] : typed('preference').slice(0, 2);
  for (const id of preferenceIds) {
    add(id, 'preferences', SESSION_START_LIMITS.preferences);
  }
  // The user's rules, newest first, and of what hooks enforce (a line per rule a hook reported) the newest two: a hook
  // that blocks often does not push the user's rules out.
  const conventions = view.idOf(CONVENTIONS_ENTITY);
  if (conventions !== undefined && live(conventions)) {
    const entity = view.entity(conventions);
    const all = currentStatements(entity, entity.observations.length);
    const isHookRule = (entry: StatementScore): boolean => HOOK_RULE.test(parseStatement(entity.observations[entry.index] ?? '').text);
    const chosen = new Set(
      [...all.filter((entry) => !isHookRule(entry)), ...all.filter(isHookRule).slice(0, HOOK_RULES_SHOWN)]
        .slice(0, SESSION_START_LIMITS.conventions)
        .map((entry) => entry.index),
    );
    add(conventions, 'conventions', entity.observations.length, undefined, (_, entry) => chosen.has(entry.index));
  }
  // The stack: each technology with its role and what was decided of it (a decision, convention or preference; a
  // line of another kind says too little at session start: "Phoenix server is starting in the background").
  const stack = topBy(typed('technology'), (id) => view.degree(id) * 1e14 + dateKey(view.updatedAt(id)), SESSION_START_LIMITS.stack);
  for (const id of stack) {
    add(id, 'stack', 1, STACK_KINDS, isStackKind);
  }
  const sessions = topBy(typed('session'), (id) => dateKey(view.updatedAt(id)), SESSION_START_LIMITS.sessions);
  for (const id of sessions) {
    add(id, 'sessions', SESSION_START_LIMITS.sessionStatements, SESSION_KINDS);
  }
  if (sessions.length > 0 || preferenceIds.length > 0) {
    return memories;
  }
  // A graph with no sessions or preferences (written by other tools): the most recent and best-connected entities.
  // Scored among the newest and the best connected only (dates compare as text; parsing every one cost more).
  const shown = new Set(memories.map((memory) => memory.ref));
  const eligible = (id: number): boolean => live(id) && !shown.has(id);
  const { newest, connected } = recentPool(view, eligible);
  const maxDegree = Math.max(1, connected[0] === undefined ? 0 : view.degree(connected[0]));
  const pool = new Set([...newest, ...connected]);
  const recent = [...pool]
    .map((id) => ({
      id,
      score: computeRecency(view.updatedAt(id), options.nowMs) ** 0.6 * ((1 + view.degree(id)) / (1 + maxDegree)) ** 0.4,
    }))
    .sort((a, b) => b.score - a.score || (view.name(a.id) < view.name(b.id) ? -1 : 1))
    .slice(0, Math.min(SESSION_START_LIMITS.recent, options.maxResults));
  for (const entry of recent) {
    add(entry.id, 'recent', SESSION_START_LIMITS.recentStatements);
    const memory = memories.at(-1) as Memory;
    memory.score = entry.score;
  }
  return memories;
}
const RECENT_POOL = 200;
// How many ids of each order the search index keeps: enough that superseded or just-shown ones filtered out still
// leave RECENT_POOL (else session start scans every entity, as a view built in memory does).
export const START_ORDER_LENGTH = 600;

// The entities session start picks recent ones among: the RECENT_POOL newest and the RECENT_POOL best connected of
// those eligible, best first. From the index's orders when they leave enough (a bank of 10,000 entities: ~10 ms less
// than scanning every entity's date and degree at each session start), else from every entity.
function recentPool(view: GraphView, eligible: (id: number) => boolean): StartOrder {
  const order = view.startOrder?.();
  if (order) {
    // An order shorter than START_ORDER_LENGTH holds every entity; one cut there may run short once filtered.
    const enough = (list: readonly number[], kept: readonly number[]): boolean =>
      kept.length === RECENT_POOL || list.length < START_ORDER_LENGTH || list.length >= view.size;
    const newest = order.newest.filter(eligible).slice(0, RECENT_POOL);
    const connected = order.connected.filter(eligible).slice(0, RECENT_POOL);
    if (enough(order.newest, newest) && enough(order.connected, connected)) {
      return { newest, connected };
    }
  }
  const ids: number[] = [];
  for (let id = 0; id < view.size; id += 1) {
    if (eligible(id)) {
      ids.push(id);
    }
  }
  return ordersOf(view, ids, RECENT_POOL);
}

// The index's orders of a view (stores/search-index/writer.ts writes them; recentPool reads them).
export const computeStartOrder = (view: GraphView): StartOrder =>
  ordersOf(
    view,
    Array.from({ length: view.size }, (_, id) => id),
    START_ORDER_LENGTH,
  );

// The count newest and the count best connected of the ids, best first.
const ordersOf = (view: GraphView, ids: readonly number[], count: number): StartOrder => ({
  newest: topBy(ids, (id) => dateKey(view.updatedAt(id)), count),
  connected: topBy(ids, (id) => view.degree(id), count),
});
// A rule a hook enforces, as the convention capture.ts writes from its blocking feedback, and how such a line is told
// from the user's rules here (the one place that knows its shape).
export const hookRuleConvention = (event: string, script: string, rule: string): string => `The ${event} hook ${script} blocks: ${rule}`;
const HOOK_RULE = /^The \w{3,30} hook .{1,130} blocks: /;
const HOOK_RULES_SHOWN = 2;

// The kinds of statement a stack line shows; an observation written by hand or by another tool (no date) is shown too.
const STACK_KINDS: readonly StatementKind[] = ['decision', 'convention', 'preference'];
const isStackKind = (entity: GraphEntity, entry: StatementScore): boolean => {
  const statement = parseStatement(entity.observations[entry.index] ?? '');
  return statement.date === undefined || STACK_KINDS.includes(statement.kind);
};

// The `count` ids with the highest keys, highest first (ties: the lower id), with a native sort of the keys to find
// the threshold (a comparator sort of 50,000 ids took session start ~100 ms).
function topBy(ids: readonly number[], keyOf: (id: number) => number, count: number): number[] {
  const keys = new Float64Array(ids.length);
  ids.forEach((id, position) => {
    keys[position] = keyOf(id);
  });
  let threshold = Number.NEGATIVE_INFINITY;
  if (ids.length > count) {
    const sorted = keys.slice().sort();
    threshold = sorted[sorted.length - count] as number;
  }
  const chosen: Array<[number, number]> = [];
  ids.forEach((id, position) => {
    const key = keys[position] as number;
    if (key >= threshold) {
      chosen.push([id, key]);
    }
  });
  return chosen
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, count)
    .map(([id]) => id);
}

// An ISO date as a number that orders as the date does (its first 14 digits: YYYYMMDDhhmmss); 0 when absent.
function dateKey(iso: string | undefined): number {
  if (!iso) {
    return 0;
  }
  let key = 0;
  let digits = 0;
  for (let index = 0; index < iso.length && digits < 14; index += 1) {
    const code = iso.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      key = key * 10 + (code - 48);
      digits += 1;
    }
  }
  return key * 10 ** (14 - digits);
}

// The lines of a session's log that list what it touched ("Worked on A, B", "Changed src/x.ts"): shown last.
export const LISTING = /^(?:Worked on .|Changed \S+$)/;

// A session's statements, within the kinds asked for first, in the order its status tells them: what the user asked
// for ("Requested: ...", to do or done: capture.ts; the questions asked, "Asked: ...", are facts and come after the
// kinds asked for), what its task list left to do, what it did and decided, then the log's listings. (The graph keeps a day's
// statements in the order of their text, not of their saying, so "newest" within a day is no order: session 22 found
// its status showing the alphabet's last lines, "Worked on ..." and "`multiply_numbers` function in ...".)
const sessionGroup = (statement: Statement): number =>
  /^(?:Requested|Asked): /.test(statement.text) ? 0 : statement.text.startsWith('To do: ') ? 1 : LISTING.test(statement.text) ? 3 : 2;

// The entity's current statements (not superseded), newest first (by date, then by position), of the given kinds
// first when given; a session's in the order of sessionGroup first.
export function currentStatements(entity: GraphEntity, limit: number, kinds?: readonly StatementKind[]): StatementScore[] {
  const preferred = (kind: StatementKind): number => (kinds ? (kinds.includes(kind) ? 0 : 1) : 0);
  const grouped = entity.entityType.toLowerCase() === 'session';
  const parsed = entity.observations
    .map((observation, index) => {
      const statement = parseStatement(observation);
      return { index, statement, rank: preferred(statement.kind) * 4 + (grouped ? sessionGroup(statement) : 0) };
    })
    .filter(({ statement }) => statement.supersededOn === undefined);
  return parsed
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        compareText(b.statement.date ?? '', a.statement.date ?? '') ||
        (a.statement.date ? b.index - a.index : a.index - b.index),
    )
    .slice(0, limit)
    .map(({ index }) => ({ index, score: 0, termMask: 0 }));
}

// Dates (ISO, one format) compared as text: localeCompare's first call sets up a collator, ~10 ms of a session start.
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
