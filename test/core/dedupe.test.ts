import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dedupeMemories, similarity } from '../../src/core/dedupe.ts';
import { type Memory, normalizeEntity, type RelationStep } from '../../src/core/memory.ts';

const memoryOf = (name: string, observation: string, relevance: number, path: RelationStep[] = []): Memory =>
  normalizeEntity(0, { name, entityType: 'decision', observations: [observation] }, relevance, [], path.length, path);

const CURSOR = 'We decided to use cursor pagination for the orders API because offset pagination was slow.';

test('similarity: one minus the edit distance over the longer length', () => {
  const cases: Array<[string, string, number]> = [
    ['', '', 1],
    ['abc', 'abc', 1],
    ['abc', '', 0],
    ['kitten', 'sitting', 1 - 3 / 7],
    ['flaw', 'lawn', 1 - 2 / 4],
    // Case counts: callers lowercase first.
    ['A', 'a', 0],
  ];
  for (const [a, b, expected] of cases) {
    assert.ok(Math.abs(similarity(a, b) - expected) < 1e-9, `${a} ~ ${b}`);
    assert.equal(similarity(a, b), similarity(b, a), `${a} ~ ${b} is symmetric`);
  }
});

test('dedupeMemories: near-identical memories become one, the more relevant kept with what the others knew', () => {
  const step: RelationStep = { from: 'orders-api', relation: 'uses', to: 'orders_api' };
  const cases: Array<{ name: string; memories: Memory[]; threshold?: number; kept: Array<[string, string[], boolean]> }> = [
    {
      name: 'two spellings of one decision: the more relevant absorbs the other and is cross-validated',
      memories: [memoryOf('cursor-pagination', CURSOR, 0.6), memoryOf('cursor_pagination', `${CURSOR}`, 0.9)],
      kept: [['cursor_pagination', ['graph:cursor-pagination'], true]],
    },
    {
      name: 'at equal relevance the shorter text is kept (at equal length, the first given)',
      memories: [memoryOf('cursor-pagination', CURSOR, 0.9), memoryOf('cursor_pagination', CURSOR, 0.9)],
      kept: [['cursor-pagination', ['graph:cursor_pagination'], true]],
    },
    {
      name: 'three copies: one memory holding the other two',
      memories: [
        memoryOf('cursor-pagination', CURSOR, 0.5),
        memoryOf('Cursor Pagination', CURSOR, 1),
        memoryOf('cursor_pagination', `${CURSOR.slice(0, -1)}!`, 0.7),
      ],
      kept: [['Cursor Pagination', ['graph:cursor-pagination', 'graph:cursor_pagination'], true]],
    },
    {
      name: 'different statements under near names stay apart',
      memories: [
        memoryOf('cursor-pagination', CURSOR, 0.9),
        memoryOf('cursor_pagination', 'We decided to use infinite scrolling for the mobile feed because page buttons were confusing.', 0.8),
      ],
      kept: [
        ['cursor-pagination', [], false],
        ['cursor_pagination', [], false],
      ],
    },
    {
      name: 'a text much shorter than the other is never compared (the threshold bounds the length ratio)',
      memories: [memoryOf('cursor-pagination', CURSOR, 0.9), memoryOf('cursor_pagination', 'cursor pagination', 0.8)],
      kept: [
        ['cursor-pagination', [], false],
        ['cursor_pagination', [], false],
      ],
    },
    {
      name: 'at threshold 1 nothing merges, not even identical texts',
      memories: [memoryOf('cursor-pagination', CURSOR, 0.9), memoryOf('cursor-pagination', CURSOR, 0.8)],
      threshold: 1,
      kept: [
        ['cursor-pagination', [], false],
        ['cursor-pagination', [], false],
      ],
    },
  ];
  for (const { name, memories, threshold, kept } of cases) {
    const deduped = dedupeMemories(memories, threshold ?? 0.85);
    assert.deepEqual(
      deduped.map((memory) => [memory.entity.name, memory.mergedIds, memory.crossValidated]),
      kept,
      name,
    );
  }
  // What the absorbed memory knew comes along: its entities and its relation path.
  const [merged] = dedupeMemories([memoryOf('orders-api', CURSOR, 1), memoryOf('orders_api', CURSOR, 0.5, [step])], 0.85);
  assert.deepEqual(merged?.entities, ['orders-api', 'orders_api']);
  assert.deepEqual(merged?.graphRelations, [step]);
});

test('dedupeMemories leaves its input as it was', () => {
  const memories = [memoryOf('cursor-pagination', CURSOR, 0.6), memoryOf('cursor_pagination', CURSOR, 0.9)];
  const before = structuredClone(memories);
  dedupeMemories(memories, 0.85);
  assert.deepEqual(memories, before);
});
