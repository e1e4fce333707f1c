import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applySupersessions, findSupersessions } from '../../src/core/supersede.ts';
import type { KnowledgeGraph } from '../../src/core/graph.ts';

const decision = (name: string, updatedAt: string) => ({ name, entityType: 'decision', observations: [`Decided ${name}.`], updatedAt });

test('a newer decision on the same subject of the same component supersedes the older one', () => {
  const graph: KnowledgeGraph = {
    entities: [
      decision('offset-pagination', '2026-01-01T00:00:00Z'),
      decision('cursor-pagination', '2026-06-01T00:00:00Z'),
      { name: 'orders-api', entityType: 'component', observations: [] },
    ],
    relations: [
      { from: 'orders-api', to: 'offset-pagination', relationType: 'uses' },
      { from: 'orders-api', to: 'cursor-pagination', relationType: 'uses' },
    ],
  };
  const found = findSupersessions(graph);
  assert.deepEqual(
    found.map(({ older, newer }) => [older, newer]),
    [['offset-pagination', 'cursor-pagination']],
  );
  const marked = applySupersessions(graph, found);
  assert.equal(marked.entities.find((entity) => entity.name === 'offset-pagination')?.supersededBy, 'cursor-pagination');
  assert.equal(marked.entities.length, 3, 'nothing is deleted');
});

test('explicit supersedes and chose_over relations mark the other decision; unrelated decisions stay', () => {
  const graph: KnowledgeGraph = {
    entities: [
      decision('redis-cache', '2026-01-01T00:00:00Z'),
      decision('memcached-cache', '2026-01-01T00:00:00Z'),
      decision('jwt-auth', '2026-01-01T00:00:00Z'),
      decision('session-auth', '2026-02-01T00:00:00Z'),
    ],
    relations: [
      { from: 'redis-cache', to: 'memcached-cache', relationType: 'chose_over' },
      { from: 'session-auth', to: 'jwt-auth', relationType: 'supersedes' },
    ],
  };
  assert.deepEqual(
    findSupersessions(graph).map(({ older, newer }) => `${older}->${newer}`),
    ['jwt-auth->session-auth', 'memcached-cache->redis-cache'],
  );
});

test('same-subject decisions about different components do not supersede each other', () => {
  const graph: KnowledgeGraph = {
    entities: [decision('offset-pagination', '2026-01-01T00:00:00Z'), decision('cursor-pagination', '2026-06-01T00:00:00Z')],
    relations: [
      { from: 'users-api', to: 'offset-pagination', relationType: 'uses' },
      { from: 'orders-api', to: 'cursor-pagination', relationType: 'uses' },
    ],
  };
  assert.deepEqual(findSupersessions(graph), []);
});
