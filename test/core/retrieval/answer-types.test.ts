// Answer types: "how long" finds the statement that holds a duration, and is never evidence on its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraphView } from '../../../src/core/graph-view.ts';
import type { KnowledgeGraph } from '../../../src/core/graph.ts';
import { ANSWER_DURATION, answerTypesAsked, holdsDuration } from '../../../src/core/retrieval/answer-types.ts';
import { calibrateSilence } from '../../../src/core/retrieval/calibrate.ts';
import { retrieveFromView, type RetrieveOptions } from '../../../src/core/retrieve.ts';
import { RETRIEVE_OPTIONS } from '../../helpers/retrieve-options.ts';

const DURATIONS: Array<[string, boolean]> = [
  ['Workers debounce ingest at 500ms before broadcasting', true],
  ['Sweeps stale sessions every 15s with 90s TTL.', true],
  ['`@default_ttl_seconds 120` for one-time tokens', true],
  ['curl uses --connect-timeout 0.1 and --max-time 0.3', true],
  ['The build takes about 2 minutes on CI', true],
  ['Retries 3 times, then gives up', false],
  ['Python 3.12 and Node 20 are required', false],
  ['v2 of the API has 14 endpoints', false],
  ['the little 3 column layout', false],
];
for (const [text, held] of DURATIONS) {
  test(`holdsDuration: ${JSON.stringify(text)} -> ${held}`, () => {
    assert.equal(holdsDuration(text), held);
  });
}

const ASKED: Array<[string, string[]]> = [
  ['how long does the tail worker wait before syncing?', [ANSWER_DURATION]],
  ['How often does the registry sweep stale sessions', [ANSWER_DURATION]],
  ['how quickly do transcript changes show up on the page?', [ANSWER_DURATION]],
  ['how many seconds is a review token valid', [ANSWER_DURATION]],
  ['how does the tail worker pick up new lines?', []],
  ['which file holds the sweep interval?', []],
  ['the long list of sessions is slow to render', []],
];
for (const [prompt, types] of ASKED) {
  test(`answerTypesAsked: ${JSON.stringify(prompt)}`, () => {
    assert.deepEqual(answerTypesAsked(prompt), types);
  });
}

const OPTIONS: RetrieveOptions = RETRIEVE_OPTIONS;
const fact = (text: string): string => `${text} [2026-11-02, session aaaa0001, fact]`;
const GRAPH: KnowledgeGraph = {
  entities: [
    {
      name: 'TranscriptTailWorker',
      entityType: 'component',
      observations: [
        fact('TranscriptTailWorker follows a transcript file with tail -F through a port'),
        fact('TranscriptTailWorker syncs new transcript lines into the messages table'),
        fact('TranscriptTailWorker restarts its port when the transcript file is rotated'),
        fact('TranscriptTailWorker logs every sync it runs at debug level'),
        fact('Ingest is debounced at 500ms so that a burst of writes becomes one pass'),
        fact('TranscriptTailWorker stops when the session ends'),
      ],
      updatedAt: '2026-11-02T00:00:00Z',
    },
    {
      name: 'ActiveSessionRegistry',
      entityType: 'component',
      observations: [fact('ActiveSessionRegistry tracks sessions in ETS'), fact('Marks a session inactive after 90s without activity')],
      updatedAt: '2026-11-02T00:00:00Z',
    },
    {
      name: 'SessionLive',
      entityType: 'component',
      observations: [fact('SessionLive renders the transcript of one session'), fact('SessionLive reloads when the worker broadcasts')],
      updatedAt: '2026-11-02T00:00:00Z',
    },
  ],
  relations: [],
};
const view = buildGraphView(GRAPH, { calibrate: calibrateSilence });
const statementsOf = (prompt: string, entity: string): string[] => {
  const memory = retrieveFromView(view, prompt, OPTIONS).memories.find((found) => found.entity.name === entity);
  return memory?.statements.map((statement) => memory.entity.observations[statement.index] ?? memory.entity.name) ?? [];
};

test('a question asking how long ranks the statement that holds a duration among its memory’s best, sharing no word', () => {
  const asked = statementsOf('how long does the tail worker wait after a change before it syncs?', 'TranscriptTailWorker');
  const at = asked.findIndex((text) => text.includes('500ms'));
  const follows = asked.findIndex((text) => text.includes('follows a transcript file'));
  assert.ok(at >= 0 && at < follows, `expected the 500ms statement above one that only shares the name, got ${JSON.stringify(asked)}`);
  // The same question without asking how long: the statement shares no word with it, and is not found.
  const plain = statementsOf('does the tail worker wait after a change before it syncs?', 'TranscriptTailWorker');
  assert.ok(plain.length > 0, 'expected the worker to be found');
  assert.ok(!plain.some((text) => text.includes('500ms')), `expected no 500ms statement, got ${JSON.stringify(plain)}`);
});

test('asking how long is no evidence: a question about nothing in the bank stays silent though the bank holds durations', () => {
  const retrieval = retrieveFromView(view, 'how long should I boil an egg for a soft yolk?', OPTIONS);
  assert.deepEqual(
    retrieval.memories.map((memory) => memory.entity.name),
    [],
    `expected silence, got ${JSON.stringify(retrieval.silence)}`,
  );
  const term = retrieval.terms.find((report) => report.term === ANSWER_DURATION);
  assert.ok(term, 'expected the answer type among the terms');
  assert.equal(term.literalIdf, 0);
});
