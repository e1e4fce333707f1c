import assert from 'node:assert/strict';
import { test } from 'node:test';
import { retrieveFromSources, retrieveFromView, retrieveMemories, type RetrieveOptions } from '../../src/core/retrieve.ts';
import { buildGraphView } from '../../src/core/graph-view.ts';
import { dedupeMemories, similarity } from '../../src/core/dedupe.ts';
import { normalizeEntity } from '../../src/core/memory.ts';
import { computeRecency, RECENCY_NEUTRAL } from '../../src/core/rank.ts';
import type { KnowledgeGraph } from '../../src/core/graph.ts';
import { PAGINATION_GRAPH } from '../helpers/graph-fixtures.ts';

const NOW = Date.parse('2026-11-30T10:00:00.000Z');
const OPTIONS: RetrieveOptions = { nowMs: NOW, maxResults: 20, dedupThreshold: 0.85, boostFactor: 1.2, includeSuperseded: false };
const ids = (graph: KnowledgeGraph, prompt: string): string[] =>
  retrieveMemories(graph, prompt, OPTIONS).memories.map((memory) => memory.id);

test('a paraphrased question finds the decision first', () => {
  assert.equal(ids(PAGINATION_GRAPH, 'how do we paginate the orders endpoint?')[0], 'graph:cursor-pagination');
});

test('the search is by terms: words far apart in the prompt still match', () => {
  assert.ok(ids(PAGINATION_GRAPH, 'which database, and what version of it, runs under PostgreSQL?').includes('graph:PostgreSQL'));
});

test('unrelated prompts find nothing', () => {
  for (const prompt of ['write a haiku about autumn leaves', 'rename the variable x to count', 'hello']) {
    assert.deepEqual(ids(PAGINATION_GRAPH, prompt), [], prompt);
  }
});

test('a prompt that asks through a relation ranks the entity reached through it above the one it names, with its path', () => {
  const retrieval = retrieveMemories(PAGINATION_GRAPH, 'what did database-engineer recommend?', OPTIONS);
  const engineer = retrieval.memories.find((memory) => memory.id === 'graph:database-engineer');
  const decision = retrieval.memories.find((memory) => memory.id === 'graph:cursor-pagination');
  assert.ok(engineer && decision);
  assert.equal(decision.breakdown.hops, 1);
  assert.deepEqual(decision.graphRelations, [{ from: 'database-engineer', relation: 'recommends', to: 'cursor-pagination' }]);
  assert.ok(decision.relevance > engineer.relevance);
  assert.equal(retrieval.memories[0]?.id, 'graph:cursor-pagination');
});

test('a related entity reached through a relation the prompt does not ask about counts half', () => {
  const retrieval = retrieveMemories(PAGINATION_GRAPH, 'what do we know about database-engineer?', OPTIONS);
  const engineer = retrieval.memories.find((memory) => memory.id === 'graph:database-engineer');
  const decision = retrieval.memories.find((memory) => memory.id === 'graph:cursor-pagination');
  assert.ok(engineer && decision);
  // Half, then at most the cross-reference boost: the decision says "the orders API", which names orders-api.
  assert.ok(decision.relevance <= engineer.relevance * 0.5 * OPTIONS.boostFactor + 1e-9);
  assert.ok(decision.relevance < engineer.relevance);
});

test('an empty prompt gives the stack, then recent, connected memories when the graph has no sessions', () => {
  const retrieval = retrieveMemories(PAGINATION_GRAPH, '', OPTIONS);
  assert.equal(retrieval.mode, 'recent');
  assert.deepEqual(
    retrieval.memories.filter((memory) => memory.section === 'stack').map((memory) => memory.id),
    ['graph:PostgreSQL'],
  );
  assert.deepEqual(
    retrieval.memories
      .filter((memory) => memory.section === 'recent')
      .slice(0, 2)
      .map((memory) => memory.id)
      .sort(),
    ['graph:cursor-pagination', 'graph:orders-api'],
  );
});

test('superseded facts are not injected by default and never outrank their successor', () => {
  const graph: KnowledgeGraph = {
    entities: [
      {
        name: 'offset-pagination',
        entityType: 'decision',
        observations: ['Use offset pagination for orders.'],
        updatedAt: '2026-11-29T00:00:00Z',
        supersededBy: 'cursor-pagination',
      },
      {
        name: 'cursor-pagination',
        entityType: 'decision',
        observations: ['Use cursor pagination for orders.'],
        updatedAt: '2026-01-01T00:00:00Z',
      },
    ],
    relations: [],
  };
  assert.deepEqual(ids(graph, 'pagination for orders'), ['graph:cursor-pagination']);
  const all = retrieveMemories(graph, 'offset pagination for orders', { ...OPTIONS, includeSuperseded: true }).memories.map(
    (memory) => memory.id,
  );
  assert.deepEqual(all, ['graph:cursor-pagination', 'graph:offset-pagination']);
});

test('near-identical memories merge into one marked cross-validated', () => {
  const a = normalizeEntity(
    0,
    { name: 'redis-cache', entityType: 'decision', observations: ['Use Redis as the cache for sessions.'] },
    0.9,
    [],
  );
  const b = normalizeEntity(
    1,
    { name: 'redis-caches', entityType: 'decision', observations: ['Use Redis as the cache for sessions!'] },
    0.5,
    [],
  );
  const c = normalizeEntity(2, { name: 'kafka', entityType: 'decision', observations: ['Kafka carries order events.'] }, 0.7, []);
  const merged = dedupeMemories([a, b, c], 0.85);
  assert.equal(merged.length, 2);
  const kept = merged.find((memory) => memory.id === 'graph:redis-cache');
  assert.ok(kept?.crossValidated);
  assert.deepEqual(kept?.mergedIds, ['graph:redis-caches']);
  assert.ok(similarity(a.text, b.text) > 0.85);
});

test('recency halves every 30 days, has a floor, and is neutral without a date', () => {
  assert.equal(computeRecency('2026-11-30T10:00:00.000Z', NOW), 1);
  assert.ok(Math.abs(computeRecency('2026-10-31T10:00:00.000Z', NOW) - 0.5) < 1e-9);
  assert.equal(computeRecency('2020-01-01T00:00:00Z', NOW), 0.1);
  assert.equal(computeRecency(undefined, NOW), RECENCY_NEUTRAL);
});

test('a memory that mentions another entity of the graph gets the cross-reference boost', () => {
  const retrieval = retrieveMemories(
    {
      entities: [
        { name: 'orders-api', entityType: 'component', observations: ['Reads from PostgreSQL replicas.'] },
        { name: 'PostgreSQL', entityType: 'technology', observations: ['Version 16.'] },
      ],
      relations: [],
    },
    'orders api replicas',
    OPTIONS,
  );
  assert.equal(retrieval.memories[0]?.breakdown.boost, 1.2);
  assert.ok(retrieval.memories[0]?.entities.includes('PostgreSQL'));
});

test('names of several words are found in results and prompts, whatever their case', () => {
  const graph: KnowledgeGraph = {
    entities: [
      { name: 'orders-api', entityType: 'component', observations: ['Its contract is owned by the Billing Platform Team since March.'] },
      { name: 'Billing Platform Team', entityType: 'team', observations: ['On call for invoices.'] },
      { name: 'Billing', entityType: 'component', observations: ['Generates invoices.'] },
    ],
    relations: [],
  };
  const boosted = retrieveMemories(graph, 'who owns the orders api contract', OPTIONS).memories.find(
    (memory) => memory.id === 'graph:orders-api',
  );
  assert.equal(boosted?.breakdown.boost, 1.2);
  assert.ok(boosted?.entities.includes('Billing Platform Team'));
  assert.ok(boosted?.entities.includes('Billing'));
  assert.ok(retrieveMemories(graph, 'ask the billing platform team', OPTIONS).query.entityHints.includes('Billing Platform Team'));
});

// A team's memory server beside the project's bank: one shared fact, one fact each.
const TEAM_GRAPH: KnowledgeGraph = {
  entities: [
    {
      name: 'Cursor-Pagination',
      entityType: 'decision',
      observations: ['Cursor tokens expire after 24 hours.'],
      updatedAt: '2026-11-30T08:00:00.000Z',
    },
    {
      name: 'rate-limiter',
      entityType: 'component',
      observations: ['The orders API allows 100 requests per minute per customer; see orders-api.'],
    },
  ],
  relations: [{ from: 'rate-limiter', to: 'Cursor-Pagination', relationType: 'protects' }],
};
const sources = () => [
  { source: 'bank', view: buildGraphView(PAGINATION_GRAPH) },
  { source: 'mcp', view: buildGraphView(TEAM_GRAPH) },
];

test('several sources are searched together: the same entity in two sources is one memory, cross-validated, with what each knew', () => {
  const retrieval = retrieveFromSources(sources(), 'how do we paginate the orders endpoint with a cursor?', OPTIONS);
  const decisions = retrieval.memories.filter((memory) => memory.entity.name.toLowerCase() === 'cursor-pagination');
  assert.equal(decisions.length, 1);
  const [decision] = decisions;
  assert.deepEqual([...(decision?.stores ?? [])].sort(), ['bank', 'mcp']);
  assert.equal(decision?.crossValidated, true);
  assert.match(decision?.text ?? '', /offset pagination was slow.*Cursor tokens expire after 24 hours/);
  assert.equal(decision?.timestamp, '2026-11-30T08:00:00.000Z');
  // Cross-validation raises authority above the same memory from one source.
  const alone = retrieveFromView(
    buildGraphView(PAGINATION_GRAPH),
    'how do we paginate the orders endpoint with a cursor?',
    OPTIONS,
    'bank',
  ).memories.find((memory) => memory.id === 'graph:cursor-pagination');
  assert.ok(alone && decision && decision.breakdown.authority > alone.breakdown.authority);
});

test('a fact only one source holds is found, with relations from its own source and the boost for names the other source holds', () => {
  const retrieval = retrieveFromSources(sources(), 'what limits requests per minute on the orders api?', OPTIONS);
  const limiter = retrieval.memories.find((memory) => memory.id === 'graph:rate-limiter');
  assert.deepEqual(limiter?.stores, ['mcp']);
  assert.equal(limiter?.breakdown.boost, 1.2, 'orders-api is an entity of the bank');
  assert.ok(limiter?.entities.includes('orders-api'));
  const fromBank = retrieval.memories.find((memory) => memory.id === 'graph:orders-api');
  assert.deepEqual(fromBank?.stores, ['bank']);
});

test('MEMORY_FABRIC_MAX_RESULTS caps each source, not the sum', () => {
  const many = (prefix: string): KnowledgeGraph => ({
    entities: Array.from({ length: 8 }, (_, index) => ({
      name: `${prefix}-retry-${index}`,
      entityType: 'fix',
      observations: [`Retry the webhook delivery ${index} times with backoff.`],
    })),
    relations: [],
  });
  const options = { ...OPTIONS, maxResults: 3, dedupThreshold: 1 };
  const retrieval = retrieveFromSources(
    [
      { source: 'bank', view: buildGraphView(many('bank')) },
      { source: 'mcp', view: buildGraphView(many('team')) },
    ],
    'webhook retry backoff',
    options,
  );
  assert.equal(retrieval.memories.filter((memory) => memory.stores[0] === 'bank').length, 3);
  assert.equal(retrieval.memories.filter((memory) => memory.stores[0] === 'mcp').length, 3);
});

test('at session start the recent memories of every source are merged', () => {
  const retrieval = retrieveFromSources(sources(), '', OPTIONS);
  assert.equal(retrieval.mode, 'recent');
  const names = retrieval.memories.map((memory) => memory.entity.name.toLowerCase());
  assert.equal(new Set(names).size, names.length, 'each entity once');
  assert.ok(names.includes('rate-limiter') && names.includes('orders-api'));
});

test('a prompt that asks two things finds the memory that answers one of them', () => {
  const graph: KnowledgeGraph = {
    entities: [
      ...PAGINATION_GRAPH.entities,
      {
        name: 'redis',
        entityType: 'decision',
        observations: ['We decided to use Redis for the session cache because Memcached lost sessions on restart.'],
      },
    ],
    relations: PAGINATION_GRAPH.relations,
  };
  const found = ids(graph, 'why cursor pagination for orders, and which session cache do we use?');
  assert.ok(found.includes('graph:cursor-pagination') && found.includes('graph:redis'), found.join(', '));
  for (const unrelated of [
    'write a haiku about autumn, and what is the capital of France?',
    'fix the typo in the header, and run the linter',
  ]) {
    assert.deepEqual(ids(graph, unrelated), [], unrelated);
  }
});
