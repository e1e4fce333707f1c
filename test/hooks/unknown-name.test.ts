// The built context hook reads the vocabulary filter from hooks/lib/ beside it: a prompt that names what the bank has
// never seen is silent, the same prompt without the name is answered.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KnowledgeGraph } from '../../src/core/graph.ts';
import { writeIndexedBank } from '../helpers/bank.ts';
import { CONTEXT_HOOK, hookEnv, makeTempProject } from '../helpers/temp-project.ts';
import { runHookProcess } from '../helpers/run-hook-process.ts';

const GRAPH: KnowledgeGraph = {
  entities: [
    {
      name: 'Redis',
      entityType: 'technology',
      observations: ['Redis caches slip availability and holds rate limits [2026-11-02, session aaaa0001, decision]'],
    },
    ...Array.from({ length: 40 }, (_, index) => ({
      name: `area-${index}`,
      entityType: 'component',
      observations: [`area ${index} note: the ${['queue', 'worker', 'page', 'form'][index % 4]} was tidied`],
    })),
  ],
  relations: [],
};

const contextOf = (stdout: string): string =>
  stdout === ''
    ? ''
    : ((JSON.parse(stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? '');

test('the built context hook is silent on a request that names what the bank has never seen, and answers it without the name', async (t) => {
  const project = await makeTempProject(t);
  await writeIndexedBank(project, GRAPH);
  const ask = async (prompt: string): Promise<string> => {
    const payload = JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 's1', cwd: project, prompt });
    const run = await runHookProcess(CONTEXT_HOOK, payload, { env: hookEnv(project), cwd: project });
    assert.equal(run.exitCode, 0, run.stderr);
    return contextOf(run.stdout);
  };
  assert.match(await ask('add the rate limits per marina to the slip availability cache'), /Redis caches slip availability/);
  assert.equal(await ask('add the Strava rate limits per marina to the slip availability cache'), '');
});
