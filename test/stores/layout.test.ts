import assert from 'node:assert/strict';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { recordFileName, recordNameOf, resolveInsideRoot, slugify } from '../../src/stores/bank/layout.ts';
import { writeRecord } from '../../src/stores/bank/records.ts';
import { makeTempProject } from '../helpers/temp-project.ts';

test('paths outside the memory root are refused: .., absolute paths, symlinks that leave the root', async (t) => {
  const project = await makeTempProject(t);
  const root = path.join(project, '.memories');
  await mkdir(path.join(root, 'errors'), { recursive: true });
  await mkdir(path.join(project, 'elsewhere'));
  await symlink(path.join(project, 'elsewhere'), path.join(root, 'plans'));
  for (const bad of ['../escape.md', 'errors/../../escape.md', '/etc/passwd', 'plans/2026-01-01T00-00-00Z__x.md', 'a\0b']) {
    assert.throws(
      () => resolveInsideRoot(root, bad),
      (error: Error & { code?: string }) => error.code === 'PATH_OUTSIDE_ROOT',
      bad,
    );
  }
  assert.equal(resolveInsideRoot(root, 'errors/2026-01-01T00-00-00Z__x.md'), path.join(root, 'errors', '2026-01-01T00-00-00Z__x.md'));
  await assert.rejects(
    writeRecord(
      root,
      'plans/2026-01-01T00-00-00Z__x.md',
      { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', utc_datetime_prefix: '2026-01-01T00-00-00Z' },
      '# x',
    ),
    /leads outside the memory root/,
  );
});

test('record names follow the seed: UTC prefix, two underscores, an intention-revealing slug', () => {
  assert.equal(recordFileName('2026-03-24T22-40-05Z', 'Auth Login Failure!'), '2026-03-24T22-40-05Z__auth-login-failure.md');
  assert.equal(recordFileName('2026-03-24T22-40-05Z', 'cursorPagination'), '2026-03-24T22-40-05Z__cursor-pagination.md');
  assert.equal(recordNameOf('2026-03-24T22-40-05Z__auth-login-failure.md'), 'auth-login-failure');
  assert.equal(recordNameOf('notes.md'), undefined);
  assert.equal(slugify('***'), 'untitled');
});
