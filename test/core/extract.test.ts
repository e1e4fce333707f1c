import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractDelta, toEntityName } from '../../src/core/extract.ts';
import type { TranscriptMessage } from '../../src/core/transcript.ts';

const user = (text: string): TranscriptMessage => ({ role: 'user', text, toolCalls: [] });
const assistant = (text: string): TranscriptMessage => ({ role: 'assistant', text, toolCalls: [] });

test('decisions become decision entities with their scope, alternatives and technologies', () => {
  const cases: Array<{ text: string; decision: string; relations: string[] }> = [
    {
      text: 'We decided to use cursor pagination for the orders API because offset pagination was slow.',
      decision: 'cursor-pagination',
      relations: ['orders-api uses cursor-pagination'],
    },
    {
      text: "Let's use Redis for the session store instead of Memcached because we need persistence.",
      decision: 'redis',
      relations: ['session-store uses redis', 'redis chose_over Memcached'],
    },
    {
      text: 'We chose PostgreSQL over MongoDB since the data is relational.',
      decision: 'postgresql',
      relations: ['postgresql chose_over MongoDB'],
    },
    { text: 'The team agreed to adopt Zod schemas for all request validation.', decision: 'zod-schemas', relations: ['zod-schemas uses Zod'] },
  ];
  for (const { text, decision, relations } of cases) {
    const { delta } = extractDelta([user(text)]);
    const entity = delta.entities.find((candidate) => candidate.name === decision);
    assert.ok(entity, `${decision} from: ${text} (got ${delta.entities.map((candidate) => candidate.name).join(', ')})`);
    assert.equal(entity.entityType, 'decision');
    assert.deepEqual(entity.observations, [text]);
    const rendered = delta.relations.map((relation) => `${relation.from} ${relation.relationType} ${relation.to}`);
    for (const relation of relations) assert.ok(rendered.includes(relation), `${relation} in [${rendered.join('; ')}]`);
  }
});

test('plain conversation yields nothing', () => {
  const { delta } = extractDelta([user('Can you look at the failing test in orders.spec.ts?'), assistant('Sure, I will read the file first.')]);
  assert.deepEqual(delta, { entities: [], relations: [] });
});

test('suggestions by Claude are not taken as decisions, explicit team decisions are', () => {
  assert.equal(extractDelta([assistant("Let's use a Map here instead of an object.")]).delta.entities.length, 0);
  assert.equal(extractDelta([assistant('We decided to use Vitest for unit tests.')]).delta.entities[0]?.name, 'vitest');
});

test('user conventions are kept as convention observations', () => {
  const { delta } = extractDelta([user('Always run the linter before committing. Never push directly to main.')]);
  const conventions = delta.entities.find((entity) => entity.entityType === 'convention');
  assert.deepEqual(conventions?.observations, ['Always run the linter before committing.', 'Never push directly to main.']);
});

test('package installs in Bash tool calls become package entities', () => {
  const message: TranscriptMessage = { role: 'assistant', text: '', toolCalls: [{ name: 'Bash', input: { command: 'npm install --save-dev vitest@3 @types/node && pip install requests' } }] };
  const names = extractDelta([message]).delta.entities.map((entity) => entity.name).sort();
  assert.deepEqual(names, ['@types/node', 'requests', 'vitest']);
});

test('phrases become short kebab-case names, or nothing when too long or empty', () => {
  assert.equal(toEntityName('the Orders API'), 'orders-api');
  assert.equal(toEntityName('a very long phrase that keeps on going'), undefined);
  assert.equal(toEntityName('--'), undefined);
});
