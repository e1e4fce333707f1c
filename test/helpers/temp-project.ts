// A temporary project folder (with .git) that is removed when the test ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';

export async function makeTempProject(t: TestContext, prefix = 'mf-test-'): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  t.after(() => rm(folder, { recursive: true, force: true }));
  await mkdir(path.join(folder, '.git'));
  return folder;
}

export const PACKAGE_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const CONTEXT_HOOK = path.join(PACKAGE_ROOT, 'hooks', 'prompt', 'memory-fabric-context.mjs');
export const SYNC_HOOK = path.join(PACKAGE_ROOT, 'hooks', 'stop', 'memory-fabric-sync.mjs');
export const CLI = path.join(PACKAGE_ROOT, 'hooks', 'cli', 'memory-fabric.mjs');
// A folder of this test process's own for the hooks' code caches (src/entrypoints/code-cache.ts), removed at its exit:
// not the user's, and not shared with another checkout's tests.
export const TEST_CACHE_HOME = mkdtempSync(path.join(os.tmpdir(), 'mf-test-cache-'));
process.on('exit', () => rmSync(TEST_CACHE_HOME, { recursive: true, force: true }));
export const SHARED_CORPUS = path.resolve(PACKAGE_ROOT, '..', 'shared', 'corpus');

// The environment a hook gets in tests: nothing of the developer's memory-fabric settings leaks in.
export function hookEnv(project: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('MEMORY_FABRIC_') && !key.startsWith('CLAUDE_')) {
      env[key] = value;
    }
  }
  return { ...env, XDG_CACHE_HOME: TEST_CACHE_HOME, CLAUDE_PROJECT_DIR: project, ...extra };
}
