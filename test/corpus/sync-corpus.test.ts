// The real transcripts through the sync pipeline in-process: golden graphs for the small ones, and the same
// graph whether a transcript is synced whole or in random pieces as it grows.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { runSyncHook } from '../../src/hooks/sync-hook.ts';
import type { KnowledgeGraph } from '../../src/core/graph.ts';
import { SHARED_CORPUS, makeTempProject } from '../helpers/temp-project.ts';
import { bankAt } from '../helpers/bank.ts';
import { assertGolden } from '../helpers/golden.ts';

const TRANSCRIPTS = path.join(SHARED_CORPUS, 'transcripts');
const skip = existsSync(TRANSCRIPTS)
  ? false
  : `the shared corpus is not here (${TRANSCRIPTS}); it exists only in the team's workspace and CI`;
const SMALL = 100 * 1024;

// A project folder with a fixed name (the project entity is named after it).
async function projectNamed(t: import('node:test').TestContext): Promise<string> {
  const project = path.join(await makeTempProject(t), 'demo-project');
  await mkdir(path.join(project, '.git'), { recursive: true });
  return project;
}

async function syncFile(project: string, transcript: string, sessionId: string): Promise<void> {
  const { config } = loadConfig({ CLAUDE_PROJECT_DIR: project }, project);
  await runSyncHook({ event: 'Stop', sessionId, transcriptPath: transcript }, config, bankAt(project));
}

const describeGraph = (graph: KnowledgeGraph): string =>
  `${[
    ...graph.entities.map((entity) =>
      JSON.stringify({
        name: entity.name,
        type: entity.entityType,
        observations: entity.observations,
        ...(entity.supersededBy ? { supersededBy: entity.supersededBy } : {}),
      }),
    ),
    ...graph.relations.map((relation) => JSON.stringify(relation)),
  ].join('\n')}\n`;

test('the small real transcripts give their golden graphs', { skip }, async (t) => {
  const names = (await readdir(TRANSCRIPTS)).filter((name) => name.endsWith('.jsonl')).sort();
  let checked = 0;
  for (const name of names) {
    if ((await stat(path.join(TRANSCRIPTS, name))).size > SMALL) {
      continue;
    }
    const project = await projectNamed(t);
    await syncFile(project, path.join(TRANSCRIPTS, name), 'golden-session');
    await assertGolden(`corpus/${name.replace(/\.jsonl$/, '.graph.jsonl')}`, describeGraph(await bankAt(project).readGraph()));
    checked += 1;
  }
  assert.ok(checked >= 5, `${checked} small transcripts`);
});

test('a transcript synced in random pieces as it grows gives the same graph as synced whole', { skip, timeout: 120_000 }, async (t) => {
  const names = [
    'DRMacIver__claude-reliability__python-to-rust-port__transcript.jsonl',
    'd-kimuson__claude-code-viewer__fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl',
    'marot__spotter__tool_heavy.jsonl',
  ];
  let seed = 7;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (const name of names) {
    const source = await readFile(path.join(TRANSCRIPTS, name));
    const whole = await projectNamed(t);
    await syncFile(whole, path.join(TRANSCRIPTS, name), 'session');
    const pieces = await projectNamed(t);
    const growing = path.join(pieces, 'growing.jsonl');
    await writeFile(growing, '');
    for (let offset = 0; offset < source.length; ) {
      const size = Math.max(1, Math.floor(random() * source.length * 0.15));
      await appendFile(growing, source.subarray(offset, offset + size));
      offset += size;
      await syncFile(pieces, growing, 'session');
    }
    assert.equal(describeGraph(await bankAt(pieces).readGraph()), describeGraph(await bankAt(whole).readGraph()), name);
  }
});
