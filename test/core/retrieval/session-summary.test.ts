// A past session in a few statements: those that say most of what it did (retrieval/session-start.ts sessionSummary).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraphView } from '../../../src/core/graph-view.ts';
import type { GraphEntity } from '../../../src/core/graph.ts';
import { normalizeEntity } from '../../../src/core/memory.ts';
import { statusOf } from '../../../src/core/render-memory.ts';
import { renderContext } from '../../../src/core/render.ts';
import { selectSessionStart, sessionSummary } from '../../../src/core/retrieval/session-start.ts';

const tag = (kind: string): string => ` [2026-02-12, session fa812bfe, ${kind}]`;
// A session that built live transcript tailing, then wrote a long report whose last lines are details.
const SESSION: GraphEntity = {
  name: 'session-fa812bfe',
  entityType: 'session',
  observations: [
    `Asked: work on the live transcript tail epic → Starting with the tail worker${tag('fact')}`,
    `feat: add transcript tail worker that follows transcript files with tail -F${tag('done')}`,
    `Worked on TranscriptTailWorker, DynamicSupervisor, Registry, PubSub, SessionLive, transcript, tail, worker${tag('done')}`,
    `Tail workers run under a DynamicSupervisor, one per transcript file${tag('done')}`,
    `feat: wire transcript updates into SessionLive through PubSub${tag('done')}`,
    `The transcript tail worker debounces ingest at 500ms${tag('fact')}`,
    `Still to do: a transcript tail worker for subagent files${tag('todo')}`,
    // The long report's details, each of its own.
    `router.ex: Adds the /api/hooks/session-end route${tag('done')}`,
    `hooks_controller.ex: Returns 202 on a known session${tag('done')}`,
    `paths.ex: Expands the home folder in globs${tag('done')}`,
    `dashboard_live.ex: Hides subagent rows by default${tag('done')}`,
    `sessions_index.ex: Looks for sessions-index.json in each folder${tag('done')}`,
    `enrich_commits.ex: Skips merges without a parent${tag('done')}`,
    `jsonl_parser.ex: Returns the session slug${tag('done')}`,
    `config.ex: Reads the config from Config.read!()${tag('done')}`,
  ],
  updatedAt: '2026-02-12T10:00:00Z',
};
const text = (entity: GraphEntity, indexes: readonly number[]): string[] =>
  indexes.map((index) => (entity.observations[index] ?? '').replace(/ \[.*\]$/, ''));

test('a session is summed up by the statements that say most of what it did, in its order, not by its newest details', () => {
  const chosen = sessionSummary(SESSION, 3).map((entry) => entry.index);
  assert.equal(chosen.length, 3);
  assert.deepEqual(
    chosen,
    [...chosen].sort((a, b) => a - b),
    'in the order the session said them',
  );
  const shown = text(SESSION, chosen);
  // Not the log's listing (it names everything and says nothing), not the two details at the end.
  assert.ok(!shown.some((line) => line.startsWith('Worked on')), shown.join(' | '));
  assert.ok(!shown.some((line) => line.startsWith('jsonl_parser') || line.startsWith('config.ex')), shown.join(' | '));
  // What the session was about: its tail worker, said by most of its statements.
  assert.ok(
    shown.some((line) => line.includes('tail worker')),
    shown.join(' | '),
  );
  // A second choice says something the first did not (not the same words again).
  assert.equal(new Set(shown).size, shown.length);
});

test("a session's status and its lines at session start are its summary", () => {
  const memory = normalizeEntity(0, SESSION, 1, [], 0, [], []);
  assert.deepEqual(
    statusOf(memory, 2).map((entry) => entry.index),
    sessionSummary(SESSION, 6).map((entry) => entry.index),
  );
  const view = buildGraphView({ entities: [SESSION], relations: [] });
  const start = selectSessionStart(view, () => true, { nowMs: Date.parse('2026-02-13T00:00:00Z'), maxResults: 20 });
  const rendered = renderContext(start, 'recent', 9000).text;
  assert.match(rendered, /Last sessions:/);
  assert.match(rendered, /tail worker/);
  assert.doesNotMatch(rendered, /Reads the config from Config\.read!/);
});

test('a session with nothing to sum up (no statement shares a word with another) shows its newest statements, in its order', () => {
  const terse: GraphEntity = {
    name: 'session-0000abcd',
    entityType: 'session',
    observations: [`Started the Phoenix server${tag('done')}`, `Reconnected tidewave${tag('done')}`],
  };
  assert.deepEqual(
    sessionSummary(terse, 4).map((entry) => entry.index),
    [0, 1],
  );
  // A summary shorter than asked is filled with the newest statements.
  assert.equal(sessionSummary(SESSION, 12).length, 12);
  // An empty session: nothing.
  assert.deepEqual(sessionSummary({ name: 'session-empty', entityType: 'session', observations: [] }, 4), []);
});
