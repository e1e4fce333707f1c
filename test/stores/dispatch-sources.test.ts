import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMemoryFabricError } from '../../src/errors.ts';
import { dispatchSources } from '../../src/stores/dispatch-sources.ts';

test('sources are asked at once: one that waits for another to start does not wait forever', async () => {
  let startedSecond!: () => void;
  const secondStarted = new Promise<void>((resolve) => (startedSecond = resolve));
  const outcomes = await dispatchSources(
    [
      { source: 'bank', open: async () => (await secondStarted, 'bank view') },
      { source: 'mcp', open: async () => (startedSecond(), 'server view') },
    ],
    5_000,
  );
  assert.deepEqual(
    outcomes.map((outcome) => [outcome.source, outcome.ok && outcome.value]),
    [
      ['bank', 'bank view'],
      ['mcp', 'server view'],
    ],
  );
});

test('a source that fails or does not answer in time is reported; the others answer', async () => {
  const outcomes = await dispatchSources<string>(
    [
      { source: 'hangs', open: () => new Promise<string>(() => undefined) },
      {
        source: 'throws',
        open: () => {
          throw new Error('boom');
        },
      },
      { source: 'rejects', open: () => Promise.reject(new Error('refused')) },
      { source: 'answers', open: async () => 'view' },
    ],
    150,
  );
  assert.deepEqual(
    outcomes.map((outcome) => outcome.source),
    ['hangs', 'throws', 'rejects', 'answers'],
  );
  const [hangs, throws, rejects, answers] = outcomes;
  assert.ok(hangs && !hangs.ok && isMemoryFabricError(hangs.error) && hangs.error.code === 'DEADLINE_EXCEEDED');
  assert.match(String((hangs as { error: Error }).error.message), /hangs did not answer within 150 ms/);
  assert.ok(throws && !throws.ok && /boom/.test(String(throws.error)));
  assert.ok(rejects && !rejects.ok && /refused/.test(String(rejects.error)));
  assert.ok(answers?.ok && answers.value === 'view');
  assert.ok(outcomes.every((outcome) => outcome.ms >= 0));
});

test('no sources: nothing to report', async () => {
  assert.deepEqual(await dispatchSources([], 100), []);
});
