import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { execa } from 'execa';
import { PACKAGE_ROOT } from './helpers/temp-project.ts';

const BUILT = [
  'prompt/memory-fabric-context.mjs',
  'stop/memory-fabric-sync.mjs',
  'cli/memory-fabric.mjs',
  'lib/mcp-store.mjs',
  'lib/lexicon.mjs',
];

test('the committed hooks/ bundles are exactly what npm run build makes from src/', async (t) => {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'mf-build-'));
  t.after(() => rm(outDir, { recursive: true, force: true }));
  await execa(path.join(PACKAGE_ROOT, 'node_modules', '.bin', 'tsx'), [
    path.join(PACKAGE_ROOT, 'scripts', 'build.ts'),
    '--out-dir',
    outDir,
  ]);
  for (const file of BUILT) {
    const fresh = await readFile(path.join(outDir, file), 'utf8');
    const committed = await readFile(path.join(PACKAGE_ROOT, 'hooks', file), 'utf8');
    assert.ok(fresh === committed, `hooks/${file} is stale: run npm run build and commit it`);
  }
});

test('the hook bundles stay small (start-up is parse time): the context hook carries no time source', async () => {
  const context = await readFile(path.join(PACKAGE_ROOT, 'hooks', BUILT[0] ?? ''), 'utf8');
  const sync = await readFile(path.join(PACKAGE_ROOT, 'hooks', BUILT[1] ?? ''), 'utf8');
  assert.ok(!context.includes('fetchWriteTime'), 'no time source in the context hook');
  assert.ok(context.length < 250_000, `context hook is ${context.length} bytes`);
  assert.ok(sync.length < 300_000, `sync hook is ${sync.length} bytes`);
});
