// Compares text with a golden file under test/fixtures/golden; UPDATE_GOLDEN=1 rewrites the file instead.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT } from './temp-project.ts';

export async function assertGolden(name: string, actual: string): Promise<void> {
  const file = path.join(PACKAGE_ROOT, 'test', 'fixtures', 'golden', name);
  if (process.env.UPDATE_GOLDEN === '1') {
    await writeFile(file, actual);
    return;
  }
  assert.equal(actual, await readFile(file, 'utf8'), `differs from ${file} (UPDATE_GOLDEN=1 rewrites it)`);
}
