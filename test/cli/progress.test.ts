import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createProgress } from '../../src/cli/progress.ts';

test('progress rewrites one line on a terminal and writes nothing when piped', () => {
  let terminal = '';
  const shown = createProgress(true, (text) => void (terminal += text));
  shown.update('importing 10 entities');
  shown.done();
  assert.equal(terminal, '\r\x1b[2Kimporting 10 entities\r\x1b[2K');
  let piped = '';
  const silent = createProgress(false, (text) => void (piped += text));
  silent.update('importing');
  silent.done();
  assert.equal(piped, '');
});
