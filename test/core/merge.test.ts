import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeDelta } from '../../src/core/merge.ts';
import { emptyGraph } from '../../src/core/graph.ts';

const T1 = '2026-11-30T10:00:00.000Z';
const T2 = '2026-11-30T11:00:00.000Z';

test('a delta is added with the four counters and sorted output', () => {
  const outcome = mergeDelta(
    emptyGraph(),
    {
      entities: [
        { name: 'orders-api', entityType: 'component', observations: ['b fact', 'a fact'] },
        { name: 'cursor-pagination', entityType: 'decision', observations: ['chosen'] },
      ],
      relations: [{ from: 'orders-api', to: 'cursor-pagination', relationType: 'uses' }],
    },
    T1,
  );
  assert.deepEqual(outcome.counts, { entitiesAddedCount: 2, relationsAddedCount: 1, observationsAddedCount: 3, supersededRecordsCount: 0 });
  assert.deepEqual(
    outcome.graph.entities.map((entity) => entity.name),
    ['cursor-pagination', 'orders-api'],
  );
  assert.deepEqual(outcome.graph.entities[1]?.observations, ['a fact', 'b fact']);
  assert.equal(outcome.graph.entities[0]?.updatedAt, T1);
});

test('merging the same delta twice adds nothing the second time and keeps the old dates', () => {
  const delta = { entities: [{ name: 'Redis', entityType: 'technology', observations: ['used for sessions'] }], relations: [] };
  const first = mergeDelta(emptyGraph(), delta, T1);
  const second = mergeDelta(first.graph, delta, T2);
  assert.deepEqual(second.counts, { entitiesAddedCount: 0, relationsAddedCount: 0, observationsAddedCount: 0, supersededRecordsCount: 0 });
  assert.deepEqual(second.graph, first.graph);
});

test('entity names are matched by canonical key (trimmed, case-insensitive), first seen wins', () => {
  const first = mergeDelta(emptyGraph(), { entities: [{ name: 'Redis', entityType: 'technology', observations: [] }], relations: [] }, T1);
  const second = mergeDelta(
    first.graph,
    { entities: [{ name: ' redis ', entityType: 'database', observations: ['new fact'] }], relations: [] },
    T2,
  );
  assert.equal(second.graph.entities.length, 1);
  assert.equal(second.graph.entities[0]?.name, 'Redis');
  assert.equal(second.graph.entities[0]?.entityType, 'technology');
  assert.deepEqual(second.graph.entities[0]?.observations, ['new fact']);
  assert.equal(second.graph.entities[0]?.updatedAt, T2);
});

test('placeholder names and dangling relations are refused with a reason', () => {
  const outcome = mergeDelta(
    emptyGraph(),
    {
      entities: [
        { name: 'data', entityType: 'thing', observations: ['x'] },
        { name: '  ', entityType: 'component', observations: [] },
      ],
      relations: [{ from: 'orders-api', to: 'nowhere', relationType: 'uses' }],
    },
    T1,
  );
  assert.equal(outcome.graph.entities.length, 0);
  assert.equal(outcome.rejected.length, 3);
  assert.match(outcome.rejected[0] ?? '', /placeholder/);
  assert.match(outcome.rejected[2] ?? '', /endpoint is not in the graph/);
});

test('an entity new to the graph that a delta holds twice keeps what its first record added when the second adds nothing', () => {
  // The sync concatenates the deltas of the transcript's pieces: the same new entity can come twice, the second time
  // with a statement already held (here, near-identical). The second record must not take the entity back.
  const first = '`registry.ex`: Sweeps stale sessions every 15s with 90s TTL. [2026-02-12, session fa812bfe, fact]';
  const again = '`registry.ex`: Sweeps stale sessions every 15s with 90s TTL [2026-02-12, session fa812bfe, fact]';
  const outcome = mergeDelta(
    emptyGraph(),
    {
      entities: [
        { name: 'registry.ex', entityType: 'file', observations: [first] },
        { name: 'other', entityType: 'component', observations: ['something else entirely [2026-02-12, fact]'] },
        { name: 'registry.ex', entityType: 'file', observations: [again] },
      ],
      relations: [],
    },
    T1,
    { mergeNearDuplicates: true },
  );
  const registry = outcome.graph.entities.find((entity) => entity.name === 'registry.ex');
  assert.deepEqual(registry?.observations, [first]);
  assert.equal(outcome.counts.entitiesAddedCount, 2);
  assert.equal(outcome.observationsMergedCount, 1);
});
