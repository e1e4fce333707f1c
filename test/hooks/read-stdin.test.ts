import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { readJsonFromStream } from '../../src/hooks/read-stdin.ts';
import { parseHookInput } from '../../src/hooks/hook-input.ts';

const LIMITS = { maxBytes: 1024, deadlineMs: 200 };
const codeOf = async (promise: Promise<unknown>): Promise<string | undefined> => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

test('a complete JSON object is returned even when stdin never closes', async () => {
  const stream = new PassThrough();
  stream.write('{"hook_event_name":"Stop",');
  setTimeout(() => stream.write('"session_id":"s"}\n'), 20);
  assert.deepEqual(await readJsonFromStream(stream, LIMITS), { hook_event_name: 'Stop', session_id: 's' });
});

test('bad stdin gives a coded error: empty, invalid, too large, never complete', async () => {
  const ended = (text: string): PassThrough => {
    const stream = new PassThrough();
    stream.end(text);
    return stream;
  };
  assert.equal(await codeOf(readJsonFromStream(ended(''), LIMITS)), 'INPUT_EMPTY');
  assert.equal(await codeOf(readJsonFromStream(ended('  \n'), LIMITS)), 'INPUT_EMPTY');
  assert.equal(await codeOf(readJsonFromStream(ended('{"a":'), LIMITS)), 'INPUT_INVALID_JSON');
  assert.equal(await codeOf(readJsonFromStream(ended('x'.repeat(2000)), LIMITS)), 'INPUT_TOO_LARGE');
  const open = new PassThrough();
  open.write('{"hook_event_name":');
  assert.equal(await codeOf(readJsonFromStream(open, LIMITS)), 'INPUT_TIMEOUT');
});

test('hook input is validated per event; unknown events and fields are tolerated', () => {
  assert.deepEqual(parseHookInput({ hook_event_name: 'FutureEvent', session_id: 's', novel: { x: 1 } }), {
    event: 'FutureEvent',
    sessionId: 's',
  });
  assert.deepEqual(
    parseHookInput({ hook_event_name: 'UserPromptSubmit', session_id: 's', prompt: 'hi', cwd: '/p', effort: { level: 'high' } }),
    {
      event: 'UserPromptSubmit',
      sessionId: 's',
      prompt: 'hi',
      cwd: '/p',
    },
  );
  const cases: Array<[unknown, RegExp]> = [
    [[], /got an array/],
    [null, /got null/],
    [{ session_id: 's' }, /hook_event_name/],
    [{ hook_event_name: 'UserPromptSubmit', session_id: 's' }, /needs "prompt"/],
    [{ hook_event_name: 'Stop', session_id: 's' }, /needs "transcript_path"/],
    [{ hook_event_name: 'Stop', session_id: 's', transcript_path: 42 }, /"transcript_path" to be a string, got number/],
  ];
  for (const [value, message] of cases) {
    assert.throws(() => parseHookInput(value), message);
  }
});

test('a prompt of braces arriving in many chunks is parsed once, not once per chunk that ends in a brace', async (t) => {
  const parse = t.mock.method(JSON, 'parse');
  const stream = new PassThrough();
  const chunks = ['{"hook_event_name":"UserPromptSubmit","prompt":"', ...Array.from({ length: 50 }, () => `${'x}'.repeat(500)}}`), '"}'];
  const read = readJsonFromStream(stream, { maxBytes: 1024 * 1024, deadlineMs: 2000 });
  for (const chunk of chunks) {
    stream.write(chunk);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const value = (await read) as { prompt: string };
  assert.equal(value.prompt.length, 50 * 1001);
  assert.equal(parse.mock.callCount(), 1);
});
