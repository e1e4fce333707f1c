// Answer types: "how long" finds the statement that holds a duration, and is never evidence on its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraphView } from '../../../src/core/graph-view.ts';
import type { KnowledgeGraph } from '../../../src/core/graph.ts';
import { ANSWER_DURATION, answerTypesAsked, holdsDuration } from '../../../src/core/retrieval/answer-types.ts';
import { calibrateSilence } from '../../../src/core/retrieval/calibrate.ts';
import { scoreStatements } from '../../../src/core/retrieval/score-statements.ts';
import { parseQuery } from '../../../src/core/query.ts';
import { retrieveFromView } from '../../../src/core/retrieve.ts';
import { RETRIEVE_OPTIONS as OPTIONS } from '../../helpers/retrieve-options.ts';

const DURATIONS: Array<[string, boolean]> = [
  ['Workers debounce ingest at 500ms before broadcasting', true],
  ['Sweeps stale sessions every 15s with 90s TTL.', true],
  ['`@default_ttl_seconds 120` for one-time tokens', true],
  ['curl uses --connect-timeout 0.1 and --max-time 0.3', true],
  ['The build takes about 2 minutes on CI', true],
  ['a 10-minute delay, 30-day retention', true],
  ['`@debounce_ms 500`', true],
  ['runs nightly at 2am', true],
  ['Retries 3 times, then gives up', false],
  ['handles 1M events and 5 M rows', false],
  ['the 1990s and 2000s', false],
  ['msg_id = 42, MSVC 2019', false],
  ['delayed 2 jobs', false],
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
  ['how long ago did we switch to pnpm?', []],
  ['how much time does the build take', [ANSWER_DURATION]],
];
for (const [prompt, types] of ASKED) {
  test(`answerTypesAsked: ${JSON.stringify(prompt)}`, () => {
    assert.deepEqual(answerTypesAsked(prompt), types);
  });
}

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

// Eight components hold a duration and nothing the question asks; ten hold its word, which is commoner here than a
// duration (so that the answer type alone would outscore it, and fill the five best matches silence looks at).
const STAGES: KnowledgeGraph['entities'] = Array.from({ length: 10 }, (_, index) => ({
  name: `Stage${index}`,
  entityType: 'component',
  observations: [fact(`Stage ${index} feeds the ingest queue`)],
  updatedAt: '2026-11-02T00:00:00Z',
}));
const RETRIES: KnowledgeGraph = {
  entities: [
    ...Array.from({ length: 8 }, (_, index) => ({
      name: `Widget${index}`,
      entityType: 'component',
      observations: [fact(`Widget${index} retries after ${index + 2}s`), fact(`Widget${index} renders a chart`)],
      updatedAt: '2026-11-02T00:00:00Z',
    })),
    ...STAGES,
    ...Array.from({ length: 20 }, (_, index) => ({
      name: `Note${index}`,
      entityType: 'note',
      observations: [fact(`Note ${index} about the dashboard layout`)],
      updatedAt: '2026-11-02T00:00:00Z',
    })),
  ],
  relations: [],
};
const retriesView = buildGraphView(RETRIES, { calibrate: calibrateSilence });

test('entities only the answer type reached are no matches: they neither outrank nor silence what the words found', () => {
  const retrieval = retrieveFromView(retriesView, 'how long is ingest?', OPTIONS);
  const names = retrieval.memories.map((memory) => memory.entity.name);
  assert.match(names[0] ?? '', /^Stage/, JSON.stringify(retrieval.silence));
  assert.ok(!names.some((name) => name.startsWith('Widget')), `expected no widget, got ${names.join(', ')}`);
});

test('the answer type is not one of the terms a memory must match: one word and a duration of a longer prompt is one word', () => {
  // "ingest" and a duration in one statement: one word of a prompt of four terms, which silence does not take as
  // evidence (retrieve.ts: a single word only for prompts of two terms or fewer).
  const graph: KnowledgeGraph = {
    entities: [
      ...RETRIES.entities.filter((entity) => !entity.name.startsWith('Stage')),
      {
        name: 'IngestPipeline',
        entityType: 'component',
        observations: [fact('Ingest flushes every 5s')],
        updatedAt: '2026-11-02T00:00:00Z',
      },
    ],
    relations: [],
  };
  const retrieval = retrieveFromView(
    buildGraphView(graph, { calibrate: calibrateSilence }),
    'how long does ingest usually take overall?',
    OPTIONS,
  );
  assert.deepEqual(
    retrieval.memories.map((memory) => memory.entity.name),
    [],
    `expected silence, got ${JSON.stringify(retrieval.silence)}`,
  );
  assert.match(retrieval.silence[0]?.reason ?? '', /matched one word/);
});

test('the answer type lets no common word reach an entity: only the words of the prompt find entities', () => {
  // "queue" is common here (in 30 notes); the Retrier's statement holds it and a duration, and no rarer word of the
  // prompt. Reached by the answer type alone, the Retrier must not be let in for "queue" either.
  const graph: KnowledgeGraph = {
    entities: [
      ...Array.from({ length: 30 }, (_, index) => ({
        name: `Note${index}`,
        entityType: 'note',
        observations: [fact(`Note ${index}: the queue is tidy`)],
        updatedAt: '2026-11-02T00:00:00Z',
      })),
      {
        name: 'Retrier',
        entityType: 'component',
        observations: [fact('Retrier pauses 5s between queue retries')],
        updatedAt: '2026-11-02T00:00:00Z',
      },
      {
        name: 'Flusher',
        entityType: 'component',
        observations: [fact('Flusher empties the ingest buffer')],
        updatedAt: '2026-11-02T00:00:00Z',
      },
    ],
    relations: [],
  };
  const graphView = buildGraphView(graph, {});
  const scoring = scoreStatements(graphView, parseQuery('how long does the ingest queue hold?'), (id) => !graphView.isSuperseded(id));
  const names = scoring.matches.map((match) => graphView.name(match.id));
  assert.ok(names.includes('Flusher'), `expected the Flusher, got ${names.join(', ')}`);
  assert.ok(!names.includes('Retrier'), `expected no Retrier, got ${names.join(', ')}`);
});
