import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig, resolveProjectRoot } from '../src/config.ts';
import { makeTempProject } from './helpers/temp-project.ts';

test('defaults are the seed and design values', () => {
  const { config, warnings } = loadConfig({ CLAUDE_PROJECT_DIR: '/repo' }, '/repo/sub');
  assert.deepEqual(warnings, []);
  assert.equal(config.projectRoot, '/repo');
  assert.equal(config.bankDir, '/repo/.memories');
  assert.equal(config.stateDir, '/repo/.memories/.state');
  assert.equal(config.timeUrl, 'http://worldtimeapi.org/api/timezone/UTC');
  assert.equal(config.timeSource, 'worldtimeapi');
  assert.deepEqual([config.dedupThreshold, config.boostFactor, config.maxResults, config.contextChars], [0.85, 1.2, 20, 9000]);
});

test('a bad value gives a warning naming the variable, the value and the expected form, and the default is used', () => {
  const cases: Array<[string, string, RegExp, keyof ReturnType<typeof loadConfig>['config'], unknown]> = [
    [
      'MEMORY_FABRIC_DEDUP_THRESHOLD',
      'high',
      /MEMORY_FABRIC_DEDUP_THRESHOLD: expected a number from 0.5 to 1, got "high"; using 0.85/,
      'dedupThreshold',
      0.85,
    ],
    [
      'MEMORY_FABRIC_BOOST_FACTOR',
      '0.5',
      /MEMORY_FABRIC_BOOST_FACTOR: expected a number from 1 to 3, got "0.5"; using 1.2/,
      'boostFactor',
      1.2,
    ],
    [
      'MEMORY_FABRIC_MAX_RESULTS',
      '2.5',
      /MEMORY_FABRIC_MAX_RESULTS: expected an integer from 1 to 200, got "2.5"; using 20/,
      'maxResults',
      20,
    ],
    ['MEMORY_FABRIC_CONTEXT_CHARS', '20000', /MEMORY_FABRIC_CONTEXT_CHARS: expected an integer from 500 to 9500/, 'contextChars', 9000],
    [
      'MEMORY_FABRIC_TIME_SOURCE',
      'ntp',
      /MEMORY_FABRIC_TIME_SOURCE: expected one of worldtimeapi, system, got "ntp"; using worldtimeapi/,
      'timeSource',
      'worldtimeapi',
    ],
    [
      'MEMORY_FABRIC_TIME_URL',
      'ftp://x',
      /MEMORY_FABRIC_TIME_URL: expected an http\(s\) URL/,
      'timeUrl',
      'http://worldtimeapi.org/api/timezone/UTC',
    ],
  ];
  for (const [name, value, message, key, fallback] of cases) {
    const { config, warnings } = loadConfig({ CLAUDE_PROJECT_DIR: '/repo', [name]: value }, '/repo');
    assert.equal(warnings.length, 1, name);
    assert.match(warnings[0] ?? '', message);
    assert.equal(config[key], fallback, name);
  }
});

test('good values are taken; relative folders resolve against the project root; the plugin data folder holds state', () => {
  const { config } = loadConfig(
    {
      CLAUDE_PROJECT_DIR: '/repo',
      MEMORY_FABRIC_BANK_DIR: 'memory',
      MEMORY_FABRIC_TIME_SOURCE: 'System',
      MEMORY_FABRIC_MAX_RESULTS: '5',
      CLAUDE_PLUGIN_DATA: '/data/plugin',
    },
    '/elsewhere',
  );
  assert.equal(config.bankDir, '/repo/memory');
  assert.match(config.stateDir, /^\/data\/plugin\/projects\/repo-[0-9a-f]{8}$/, 'one state folder per project inside the plugin data');
  assert.equal(config.timeSource, 'system');
  assert.equal(config.maxResults, 5);
});

test('the project root is the nearest folder with .git above cwd, found without git', async (t) => {
  const project = await makeTempProject(t);
  await mkdir(path.join(project, 'a', 'b'), { recursive: true });
  assert.equal(resolveProjectRoot(undefined, path.join(project, 'a', 'b')), project);
  assert.equal(resolveProjectRoot('/explicit', path.join(project, 'a')), '/explicit');
});

test('MEMORY_FABRIC_SOURCES lists the stores the context hook searches; by default the store alone', () => {
  const read = (env: Record<string, string>) => loadConfig({ CLAUDE_PROJECT_DIR: '/repo', ...env }, '/repo');
  assert.deepEqual(read({}).config.sources, ['bank']);
  assert.deepEqual(read({ MEMORY_FABRIC_STORE: 'mcp' }).config.sources, ['mcp']);
  const both = read({ MEMORY_FABRIC_SOURCES: ' Bank, mcp ,bank' });
  assert.deepEqual([both.config.sources, both.warnings], [['bank', 'mcp'], []]);
  const partly = read({ MEMORY_FABRIC_SOURCES: 'bank,zep' });
  assert.deepEqual(partly.config.sources, ['bank']);
  assert.match(
    partly.warnings[0] ?? '',
    /MEMORY_FABRIC_SOURCES: expected a comma-separated list of bank and mcp, got "bank,zep"; using bank/,
  );
  const none = read({ MEMORY_FABRIC_SOURCES: 'mem0', MEMORY_FABRIC_STORE: 'mcp' });
  assert.deepEqual(none.config.sources, ['mcp']);
  assert.match(none.warnings[0] ?? '', /using mcp/);
});
