import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findRolesAsked, listRoleStems } from '../../../src/core/retrieval/roles-asked.ts';

const ROLES_ASKED: Array<[string, string[]]> = [
  ['Which package manager does the todo app use?', ['package manager']],
  ['what database are we on for harborbook?', ['database']],
  ['what db library do we talk to postgres with', ['orm']],
  ['which migration tool are we using, and what do we use for the cache?', ['migrations', 'cache']],
  ["what's our test runner", ['test framework']],
  ['what’s our package\n  manager again', ['package manager']],
  ['which language did we rewrite the python library in', ['language']],
  // Session 16: background jobs are the queue's, a dataframe library data processing's.
  ['what do we use for background jobs', ['queue']],
  ['which dataframe lib are we on', ['data processing']],
  ['which background jobs failed last night?', []],
  // Not a question, or not about this project.
  ['the database is slow today, we should look at it', []],
  ['what language do they speak in Brazil?', []],
  ['which package manager is best for a monorepo in general?', []],
  ['the outage, which took down the database, was short', []],
];
for (const [prompt, roles] of ROLES_ASKED) {
  test(`findRolesAsked: ${JSON.stringify(prompt)}`, () => {
    assert.deepEqual(findRolesAsked(prompt), roles);
  });
}

// Each role's stems hold its technologies' one-word names and aliases, not everyday words or camelCase names.
const ROLE_STEMS: Array<[string, string[], string[]]> = [
  ['package manager', ['npm', 'pnpm', 'uv', 'pip'], ['cargo', 'poetri', 'yarn']],
  ['database', ['postgr', 'sqlite', 'mongo'], ['my', 'sql']],
  ['migrations', ['alemb', 'flywai', 'dbmate'], ['golang']],
  ['queue', ['asynq', 'sidekiq', 'bullmq'], ['celeri']],
  ['language', ['python', 'rust', 'typescript'], ['type', 'script']],
];
for (const [role, held, left] of ROLE_STEMS) {
  test(`listRoleStems: ${role}`, () => {
    const stems = listRoleStems(role);
    for (const stem of held) {
      assert.ok(stems.includes(stem), `${stem} in ${stems.join(' ')}`);
    }
    for (const stem of left) {
      assert.ok(!stems.includes(stem), `${stem} not in ${stems.join(' ')}`);
    }
  });
}
