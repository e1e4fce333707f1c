import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GraphEntity } from '../../src/core/graph.ts';
import { type Memory, normalizeEntity } from '../../src/core/memory.ts';
import { boostCrossReferences, computeAuthority, computeRecency, rankMemories } from '../../src/core/rank.ts';

const NOW = Date.parse('2026-12-01T00:00:00.000Z');
const DAY = 86_400_000;
const daysAgo = (days: number): string => new Date(NOW - days * DAY).toISOString();

const memoryOf = (entity: Partial<GraphEntity> & { name: string }, relevance = 1, extra: Partial<Memory> = {}): Memory => ({
  ...normalizeEntity(0, { entityType: 'component', observations: [`${entity.name} is part of the shop.`], ...entity }, relevance, []),
  ...extra,
});

const close = (actual: number, expected: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: expected ${expected}, got ${actual}`);

test('computeRecency: halves every 30 days, never below 0.1; no date or a bad one is a neutral 0.5', () => {
  const cases: Array<[string, string | undefined, number]> = [
    ['no date', undefined, 0.5],
    ['not a date', 'last tuesday', 0.5],
    ['now', daysAgo(0), 1],
    ['30 days ago', daysAgo(30), 0.5],
    ['60 days ago', daysAgo(60), 0.25],
    ['three years ago (the floor)', daysAgo(3 * 365), 0.1],
    ['in the future (no age)', daysAgo(-10), 1],
  ];
  for (const [what, timestamp, recency] of cases) {
    close(computeRecency(timestamp, NOW), recency, what);
  }
});

test('computeAuthority: 0.7 for graph entities, 0.85 for curated kinds, +0.15 cross-validated (at most 1), x0.3 superseded', () => {
  const cases: Array<[string, Memory, number]> = [
    ['a component', memoryOf({ name: 'orders-api' }), 0.7],
    ['a decision', memoryOf({ name: 'cursor-pagination', entityType: 'decision' }), 0.85],
    ['a Decision (any case)', memoryOf({ name: 'cursor-pagination', entityType: 'Decision' }), 0.85],
    ['a fix', memoryOf({ name: 'retry-fix', entityType: 'fix' }), 0.85],
    ['a cross-validated component', memoryOf({ name: 'orders-api' }, 1, { crossValidated: true }), 0.85],
    [
      'a cross-validated decision (capped)',
      memoryOf({ name: 'cursor-pagination', entityType: 'decision' }, 1, { crossValidated: true }),
      1,
    ],
    ['a superseded decision', memoryOf({ name: 'offset-pagination', entityType: 'decision', supersededBy: 'cursor-pagination' }), 0.255],
  ];
  for (const [what, memory, authority] of cases) {
    close(computeAuthority(memory), authority, what);
  }
});

test('rankMemories: recency^0.3 x relevance^0.5 x authority^0.2, best first, superseded below what superseded it', () => {
  const cases: Array<{ name: string; memories: Memory[]; order: string[]; scores?: number[]; relevances?: number[] }> = [
    {
      name: 'the score is the weighted product',
      memories: [memoryOf({ name: 'cursor-pagination', entityType: 'decision', updatedAt: daysAgo(30) }, 0.25)],
      order: ['cursor-pagination'],
      scores: [0.5 ** 0.3 * 0.25 ** 0.5 * 0.85 ** 0.2],
    },
    {
      name: 'the more relevant first at the same age and kind',
      memories: [memoryOf({ name: 'a-weak', updatedAt: daysAgo(1) }, 0.25), memoryOf({ name: 'b-strong', updatedAt: daysAgo(1) }, 1)],
      order: ['b-strong', 'a-weak'],
    },
    {
      name: 'the newer first at the same relevance',
      memories: [memoryOf({ name: 'a-old', updatedAt: daysAgo(90) }), memoryOf({ name: 'b-new', updatedAt: daysAgo(1) })],
      order: ['b-new', 'a-old'],
    },
    {
      name: 'a superseded memory falls just below its successor, however much more relevant',
      memories: [
        memoryOf({ name: 'offset-pagination', entityType: 'decision', supersededBy: 'Cursor-Pagination', updatedAt: daysAgo(1) }, 1),
        memoryOf({ name: 'cursor-pagination', entityType: 'decision', updatedAt: daysAgo(1) }, 0.01),
      ],
      order: ['cursor-pagination', 'offset-pagination'],
    },
    {
      name: 'boosted relevance above 1 is scaled back into (0, 1] over all memories',
      memories: [memoryOf({ name: 'a' }, 1.2), memoryOf({ name: 'b' }, 0.6)],
      order: ['a', 'b'],
      relevances: [1, 0.5],
    },
    {
      name: 'equal scores are ordered by name',
      memories: [memoryOf({ name: 'zeta' }), memoryOf({ name: 'alpha' }), memoryOf({ name: 'mu' })],
      order: ['alpha', 'mu', 'zeta'],
    },
  ];
  for (const { name, memories, order, scores, relevances } of cases) {
    const ranked = rankMemories(memories, NOW);
    assert.deepEqual(
      ranked.map((memory) => memory.entity.name),
      order,
      name,
    );
    scores?.forEach((score, index) => close(ranked[index]?.score ?? Number.NaN, score, `${name}: score ${index}`));
    relevances?.forEach((relevance, index) => close(ranked[index]?.relevance ?? Number.NaN, relevance, `${name}: relevance ${index}`));
  }
});

// A memory of three statements that all answer, best first in the order given; the third names orders-api.
const threeAnswering = (order: number[]): Memory =>
  memoryOf({ name: 'cursor-pagination', observations: ['Pages with a cursor.', 'Offsets were slow.', 'The orders-api pages too.'] }, 0.5, {
    statements: order.map((index, rank) => ({ index, score: 3 - rank, termMask: 1 })),
  });

test('boostCrossReferences: a memory whose answering statements name another entity of the graph is boosted', () => {
  const names = new Map(['orders-api', 'PostgreSQL', 'db'].map((name) => [name.toLowerCase(), name] as const));
  const nameOf = (run: string): string | undefined => names.get(run.toLowerCase());
  const cases: Array<{ name: string; memory: Memory; relevance: number; entities: string[] }> = [
    {
      name: 'another entity named: relevance x1.2, the entity listed',
      memory: memoryOf({ name: 'cursor-pagination', observations: ['The orders-api pages with a cursor.'] }, 0.5),
      relevance: 0.6,
      entities: ['cursor-pagination', 'orders-api'],
    },
    {
      name: 'two entities named: one boost, both listed',
      memory: memoryOf({ name: 'cursor-pagination', observations: ['The orders-api reads PostgreSQL with a cursor.'] }, 0.5),
      relevance: 0.6,
      entities: ['cursor-pagination', 'orders-api', 'PostgreSQL'],
    },
    {
      name: 'only its own name: no boost',
      memory: memoryOf({ name: 'orders-api', observations: ['The orders-api serves GET /orders.'] }, 0.5),
      relevance: 0.5,
      entities: ['orders-api'],
    },
    {
      name: 'a name shorter than three characters: no boost',
      memory: memoryOf({ name: 'cursor-pagination', observations: ['Reads the db with a cursor.'] }, 0.5),
      relevance: 0.5,
      entities: ['cursor-pagination'],
    },
    {
      name: 'only the statements that answer are read, when some do',
      memory: memoryOf({ name: 'cursor-pagination', observations: ['The orders-api pages with a cursor.', 'Offsets were slow.'] }, 0.5, {
        statements: [{ index: 1, score: 1, termMask: 1 }],
      }),
      relevance: 0.5,
      entities: ['cursor-pagination'],
    },
    {
      name: 'only the two best statements that answer are read',
      memory: threeAnswering([0, 1, 2]),
      relevance: 0.5,
      entities: ['cursor-pagination'],
    },
    {
      name: 'the second best statement that answers names another entity',
      memory: threeAnswering([0, 2, 1]),
      relevance: 0.6,
      entities: ['cursor-pagination', 'orders-api'],
    },
    {
      name: 'the best statement that answers names another entity',
      memory: threeAnswering([2, 1, 0]),
      relevance: 0.6,
      entities: ['cursor-pagination', 'orders-api'],
    },
  ];
  for (const { name, memory, relevance, entities } of cases) {
    const [boosted] = boostCrossReferences([memory], nameOf, 1.2);
    close(boosted?.relevance ?? Number.NaN, relevance, name);
    assert.deepEqual(boosted?.entities, entities, name);
    assert.equal(boosted?.breakdown.boost, relevance === memory.relevance ? 1 : 1.2, name);
  }
});
