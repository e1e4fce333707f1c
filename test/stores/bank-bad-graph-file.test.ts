// Bad and big indexes: a clear error naming the file and the problem, and nothing changed or lost.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { makeTempProject } from '../helpers/temp-project.ts';
import { bankAt } from '../helpers/bank.ts';

const DELTA = { entities: [{ name: 'orders-api', entityType: 'component', observations: ['Serves GET /orders.'] }], relations: [] };

async function bankWithIndex(t: import('node:test').TestContext, text: string) {
  const project = await makeTempProject(t);
  const file = path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return { bank: bankAt(project), file };
}

test('malformed JSONC and missing keys give an error naming the file and the problem; the file is kept as it was', async (t) => {
  const cases: Array<[string, RegExp]> = [
    ['{"graphGeneratedAtUtc": "x", "entities": [}', /invalid JSONC: (ValueExpected|CloseBracketExpected|InvalidSymbol)/],
    ['{"entities": [], "relations": []}', /missing required key "graphGeneratedAtUtc"/],
    ['{"graphGeneratedAtUtc": "x", "relations": []}', /missing required key "entities"/],
    ['{"graphGeneratedAtUtc": "x", "entities": []}', /missing required key "relations"/],
    ['{"graphGeneratedAtUtc": "x", "entities": {}, "relations": []}', /"entities" must be an array/],
    ['{"graphGeneratedAtUtc": "x", "entities": [{"entityType": "x"}], "relations": []}', /entities\[0\]\.entityName must be a string/],
  ];
  for (const [text, problem] of cases) {
    const { bank, file } = await bankWithIndex(t, text);
    await assert.rejects(bank.readGraph(), (error: Error) => error.message.includes(file) && problem.test(error.message), text);
    await assert.rejects(bank.writeDelta(DELTA), problem);
    assert.equal(await readFile(file, 'utf8'), text, 'the corrupt graph file is never overwritten');
  }
});

test('placeholder and empty names are refused with the record and the reason; the rest of the delta lands', async (t) => {
  const { bank } = await bankWithIndex(t, '{"graphGeneratedAtUtc": "x", "entities": [], "relations": []}');
  const report = await bank.writeDelta({
    entities: [
      { name: 'data', entityType: 'component', observations: ['x'] },
      { name: 'info', entityType: 'component', observations: ['y'] },
      { name: '', entityType: 'component', observations: [] },
      ...DELTA.entities,
    ],
    relations: [],
  });
  assert.deepEqual(report.rejected, [
    'entity "data": name "data" is a placeholder, not a meaningful name',
    'entity "info": name "info" is a placeholder, not a meaningful name',
    'entity "": name is empty',
  ]);
  assert.deepEqual(
    (await bank.readGraph()).entities.map((entity) => entity.name),
    ['orders-api'],
  );
});

test('a 20 MB graph file is read and written through a cycle with nothing lost; a truncated one is refused and kept', async (t) => {
  const entities = Array.from({ length: 24_000 }, (_, position) => ({
    entityName: `entity-${position}`,
    entityType: 'component',
    observations: Array.from({ length: 5 }, (_, index) => `Observation ${index} of entity ${position}: ${'detail '.repeat(20)}`),
  }));
  const text = JSON.stringify({ graphGeneratedAtUtc: '2026-11-01T00:00:00Z', entities, relations: [] });
  assert.ok(text.length > 20_000_000, `${text.length} bytes`);
  const { bank, file } = await bankWithIndex(t, text);
  const report = await bank.writeDelta(DELTA);
  assert.equal(report.counts.entitiesAddedCount, 1);
  const graph = await bank.readGraph();
  assert.equal(graph.entities.length, 24_001);
  assert.equal(
    graph.entities.reduce((sum, entity) => sum + entity.observations.length, 0),
    24_000 * 5 + 1,
  );

  const truncated = text.slice(0, 15_000_000);
  await writeFile(file, truncated);
  await assert.rejects(bank.writeDelta(DELTA), /invalid JSONC/);
  assert.equal((await readFile(file, 'utf8')).length, truncated.length);
});
