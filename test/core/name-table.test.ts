import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildNameTable, lookupName } from '../../src/core/name-table.ts';

test('every name is found by its canonical key, absent names are not, and the first entity of a name wins', () => {
  const keys = Array.from({ length: 3000 }, (_, id) => `entity ${id % 2500} ${id % 7 === 0 ? 'ünïcode' : 'x'}`);
  const table = buildNameTable(keys);
  assert.ok(table.length >= keys.length * 2 && (table.length & (table.length - 1)) === 0);
  const keyOf = (id: number): string => keys[id] ?? '';
  keys.forEach((key, id) => assert.equal(lookupName(table, key, keyOf), keys.indexOf(key), `${key} (id ${id})`));
  for (const absent of ['entity 2500 x', '', 'ENTITY 1 X', 'entity 1 x ']) {
    assert.equal(lookupName(table, absent, keyOf), undefined, absent);
  }
});

test('an empty table finds nothing', () => {
  assert.equal(
    lookupName(buildNameTable([]), 'a', () => 'a'),
    undefined,
  );
});
