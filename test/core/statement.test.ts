import assert from 'node:assert/strict';
import test from 'node:test';
import { stripProvenance } from '../../src/core/graph.ts';
import { formatStatement, parseStatement } from '../../src/core/statement.ts';

const CASES: Array<{ observation: string; text: string; kind: string; date?: string; session?: string; supersededOn?: string }> = [
  { observation: 'Plain fact written by hand', text: 'Plain fact written by hand', kind: 'fact' },
  { observation: 'Old tag [2026-11-30, session 84734307]', text: 'Old tag', kind: 'fact', date: '2026-11-30', session: '84734307' },
  { observation: 'Date only [2026-11-30]', text: 'Date only', kind: 'fact', date: '2026-11-30' },
  {
    observation: 'Use cursor pagination [2026-11-30, session 84734307, decision]',
    text: 'Use cursor pagination',
    kind: 'decision',
    date: '2026-11-30',
    session: '84734307',
  },
  {
    observation: 'Migrations run with Alembic [2026-11-28, session 1a2b3c4d, decision, superseded 2026-11-30]',
    text: 'Migrations run with Alembic',
    kind: 'decision',
    date: '2026-11-28',
    session: '1a2b3c4d',
    supersededOn: '2026-11-30',
  },
  {
    observation: 'An unknown kind [2026-11-30, session ab, gibberish]',
    text: 'An unknown kind [2026-11-30, session ab, gibberish]',
    kind: 'fact',
  },
  { observation: 'No date yet [session ab12, todo]', text: 'No date yet', kind: 'todo', session: 'ab12' },
  { observation: 'Kind alone [warning]', text: 'Kind alone', kind: 'warning' },
  { observation: 'brackets [inside] the text', text: 'brackets [inside] the text', kind: 'fact' },
];

test('statements are read from their observation tags, old tags included', () => {
  for (const { observation, ...expected } of CASES) {
    assert.deepEqual(parseStatement(observation), expected, observation);
    assert.equal(stripProvenance(observation), expected.text, observation);
  }
});

test('a statement written and read back is the same statement', () => {
  for (const { observation } of CASES.slice(1, 5)) {
    assert.equal(formatStatement(parseStatement(observation)).replace(', fact]', ']'), observation);
  }
});

test('a long observation is read in one bounded pass (only its tail is matched)', () => {
  const long = `${'a['.repeat(200_000)} [2026-11-30, session 84734307, fix]`;
  const statement = parseStatement(long);
  assert.equal(statement.kind, 'fix');
  assert.equal(statement.text.length, 400_000);
});
