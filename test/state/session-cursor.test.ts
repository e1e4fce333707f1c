import assert from 'node:assert/strict';
import { appendFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { readNewLines } from '../../src/state/session-cursor.ts';
import { makeTempProject } from '../helpers/temp-project.ts';

test('only complete lines are read; the partial last line waits for the next read', async (t) => {
  const folder = await makeTempProject(t);
  const file = path.join(folder, 't.jsonl');
  await writeFile(file, '{"a":1}\n{"b":2}\n{"c":');
  const first = await readNewLines(file, undefined);
  assert.deepEqual(first.lines, ['{"a":1}', '{"b":2}']);
  await appendFile(file, '3}\n');
  const second = await readNewLines(file, first.nextCursor);
  assert.deepEqual(second.lines, ['{"c":3}']);
  const third = await readNewLines(file, second.nextCursor);
  assert.deepEqual(third.lines, []);
});

test('a transcript that shrank or was replaced is read again from the start', async (t) => {
  const folder = await makeTempProject(t);
  const file = path.join(folder, 't.jsonl');
  await writeFile(file, '{"a":1}\n{"b":2}\n');
  const first = await readNewLines(file, undefined);
  await writeFile(file, '{"z":1}\n');
  const shrunk = await readNewLines(file, first.nextCursor);
  assert.equal(shrunk.reset, true);
  assert.deepEqual(shrunk.lines, ['{"z":1}']);
  await rm(file);
  await writeFile(file, '{"y":1}\n{"x":2}\n{"w":3}\n');
  const replaced = await readNewLines(file, shrunk.nextCursor);
  assert.deepEqual(replaced.lines.length, 3);
});

test('a transcript not written yet reads as missing; one that vanished after a read, or a folder, is TRANSCRIPT_UNREADABLE', async (t) => {
  assert.deepEqual((await readNewLines('/nonexistent/transcript.jsonl', undefined)).missing, true);
  const folder = await makeTempProject(t);
  const file = path.join(folder, 't.jsonl');
  await writeFile(file, '{"a":1}\n');
  const first = await readNewLines(file, undefined);
  await rm(file);
  await assert.rejects(readNewLines(file, first.nextCursor), (error: Error & { code?: string }) => error.code === 'TRANSCRIPT_UNREADABLE');
  await assert.rejects(readNewLines(folder, undefined), (error: Error & { code?: string }) => error.code === 'TRANSCRIPT_UNREADABLE');
});
