import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { execa } from 'execa';
import { PACKAGE_ROOT } from './helpers/temp-project.ts';

const BUILT = [
  'prompt/memory-fabric-context.cjs',
  'prompt/memory-fabric-context.mjs',
  'stop/memory-fabric-sync.cjs',
  'stop/memory-fabric-sync.mjs',
  'cli/memory-fabric.mjs',
  'lib/mcp-store.mjs',
  'lib/lexicon.mjs',
  'lib/vocabulary.bin',
  'lib/VOCABULARY-LICENSES',
];

// Builds the bundles once into a temporary folder, with esbuild's list of each bundle's inputs beside them.
let built: Promise<string> | undefined;
function freshBuild(): Promise<string> {
  built ??= (async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'mf-build-'));
    await execa(path.join(PACKAGE_ROOT, 'node_modules', '.bin', 'tsx'), [
      path.join(PACKAGE_ROOT, 'scripts', 'build.ts'),
      '--out-dir',
      outDir,
      '--metafile',
    ]);
    return outDir;
  })();
  return built;
}
after(async () => {
  if (built) {
    await rm(await built, { recursive: true, force: true });
  }
});

test('the committed hooks/ bundles are exactly what npm run build makes from src/', async () => {
  const outDir = await freshBuild();
  for (const file of BUILT) {
    const fresh = await readFile(path.join(outDir, file));
    const committed = await readFile(path.join(PACKAGE_ROOT, 'hooks', file));
    assert.ok(fresh.equals(committed), `hooks/${file} is stale: run npm run build and commit it`);
  }
});

test('the hook bundles stay small (start-up is parse time): the context hook holds no time source, write cycle or MCP SDK', async () => {
  const outDir = await freshBuild();
  // The source files that put code into the bundle (esbuild lists tree-shaken inputs too, with 0 bytes).
  const inputsOf = async (bundle: string): Promise<string[]> => {
    const meta = JSON.parse(await readFile(path.join(outDir, `${bundle}.meta.json`), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
    };
    return Object.values(meta.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([name]) => name),
    );
  };
  const context = await inputsOf(BUILT[0] ?? '');
  assert.ok(context.includes('src/hooks/context-hook.ts'), 'the list is of source paths');
  for (const kept of ['src/state/time-source.ts', 'src/stores/bank/write-cycle.ts', 'src/core/capture/capture.ts']) {
    assert.ok(existsSync(path.join(PACKAGE_ROOT, kept)), `${kept} was moved: name where it is now`);
    assert.ok(!context.includes(kept), `the context hook bundles ${kept}`);
  }
  assert.ok(!context.some((input) => input.includes('@modelcontextprotocol')), 'the context hook bundles the MCP SDK');
  const contextText = await readFile(path.join(PACKAGE_ROOT, 'hooks', BUILT[0] ?? ''), 'utf8');
  const syncText = await readFile(path.join(PACKAGE_ROOT, 'hooks', BUILT[2] ?? ''), 'utf8');
  assert.ok(contextText.length < 250_000, `context hook is ${contextText.length} bytes`);
  // What Claude Code runs is a loader (src/entrypoints/code-cache.ts): it only reads the code and its cache, and names
  // the cache by the hash of the code it runs.
  const { createHash } = await import('node:crypto');
  for (const [loader, code] of [
    ['prompt/memory-fabric-context.mjs', BUILT[0]],
    ['stop/memory-fabric-sync.mjs', BUILT[2]],
  ] as const) {
    const loaderText = await readFile(path.join(PACKAGE_ROOT, 'hooks', loader), 'utf8');
    assert.ok(loaderText.length < 5_000, `${loader} is ${loaderText.length} bytes`);
    const codeHash = createHash('sha1')
      .update(await readFile(path.join(PACKAGE_ROOT, 'hooks', code ?? '')))
      .digest('hex')
      .slice(0, 16);
    assert.ok(loaderText.includes(`"${codeHash}"`), `${loader} names its cache files by the hash of ${code}`);
  }
  // (310 KB since session 6, when it reached 300 KB: js-yaml and jsonc-parser are 60 KB of it; 320 KB since session
  // 11, when the hooks the client ran and web fetches took it to 311 KB; 330 KB since session 14, when warnings of
  // command output and technology spellings took it to 321 KB; 345 KB since session 16, when its CommonJS form (+3.5 KB)
  // and task runners' recipes (+3.5 KB) took it to 330 KB: its code runs from V8's code cache since, which saves a Stop
  // 9 ms. The Stop hook's start-up is measured in bench/hook-latency.mjs: 1.36-1.50x bare node, 1.44x with the cache;
  // 350 KB since session 19, when code constants, attribute merges and their safety rules took it to 345 KB: Stop with
  // nothing new 1.40x at 10,000 entities; 355 KB since session 23, when 45 more technology names took it past 350 KB.)
  assert.ok(syncText.length < 355_000, `sync hook is ${syncText.length} bytes`);
});
