import assert from 'node:assert/strict';
import { cp, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { execa } from 'execa';
import { CLI, PACKAGE_ROOT, hookEnv, makeTempProject } from '../helpers/temp-project.ts';

async function cli(args: string[], cwd: string, env: Record<string, string>) {
  return execa(process.execPath, [CLI, ...args], { cwd, env, extendEnv: false, reject: false, stdin: 'ignore' });
}

// A copy of samples/ inside a temporary project, so replays write to a bank of their own.
async function projectWithSamples(t: import('node:test').TestContext): Promise<string> {
  const project = await makeTempProject(t);
  await cp(path.join(PACKAGE_ROOT, 'samples'), path.join(project, 'samples'), { recursive: true });
  return project;
}

test('every sample payload replays: the sync samples write the decision, the prompt sample then injects it', async (t) => {
  const project = await projectWithSamples(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const start = await cli(['replay', 'samples/session-start.json'], project, env);
  assert.equal(start.exitCode, 0);
  assert.equal(start.stdout, '', 'empty bank: nothing injected');
  assert.match(start.stderr, /\[replay\] context hook, exit code 0, no stdout/);

  const stop = await cli(['replay', 'samples/stop.json'], project, env);
  assert.equal(stop.exitCode, 0);
  assert.match(stop.stdout, /^memory-fabric sync \(Stop, session 84734307\): read 8 new lines \(2 messages\); \+3 entities, \+1 relations/);
  assert.match(stop.stdout, /time source: system-clock/);

  const end = await cli(['replay', 'samples/session-end.json'], project, env);
  assert.match(end.stdout, /read 0 new lines .* nothing new to write/);

  const prompt = await cli(['replay', 'samples/user-prompt-submit.json'], project, env);
  assert.equal(prompt.exitCode, 0);
  const output = JSON.parse(prompt.stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
  assert.equal(output.hookSpecificOutput.hookEventName, 'UserPromptSubmit');
  assert.match(
    output.hookSpecificOutput.additionalContext,
    /We decided to use cursor pagination for the orders API because offset pagination was slow\./,
  );
  assert.doesNotMatch(output.hookSpecificOutput.additionalContext, /Kafka/, 'injected context in the transcript was not ingested');
  assert.match(prompt.stderr, /injected \d+ memor/);
});

test('replay without a time source keeps the delta in the outbox and says so', async (t) => {
  const project = await projectWithSamples(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_URL: 'http://127.0.0.1:9/api/timezone/UTC', MEMORY_FABRIC_TIME_TIMEOUT_MS: '300' });
  const stop = await cli(['replay', 'samples/stop.json'], project, env);
  assert.equal(stop.exitCode, 0);
  assert.match(
    stop.stdout,
    /not written yet \(time source http:\/\/127\.0\.0\.1:9\/api\/timezone\/UTC did not answer\); 1 deltas wait in the outbox/,
  );
});

test('search --json prints the seed result format with a score breakdown', async (t) => {
  const project = await projectWithSamples(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  await cli(['sync', '--transcript', 'samples/session-1.jsonl'], project, env);
  const search = await cli(['search', '--json', 'how do we paginate the orders endpoint?'], project, env);
  assert.equal(search.exitCode, 0, search.stderr);
  const parsed = JSON.parse(search.stdout) as {
    query: string;
    total_results: number;
    sources: { graph: number };
    results: Array<Record<string, unknown>>;
  };
  assert.equal(parsed.query, 'how do we paginate the orders endpoint?');
  assert.equal(parsed.total_results, parsed.results.length);
  const first = parsed.results[0] ?? {};
  assert.equal(first.id, 'graph:cursor-pagination');
  for (const key of [
    'id',
    'text',
    'score',
    'source',
    'timestamp',
    'entities',
    'graph_relations',
    'score_breakdown',
    'relevance',
    'metadata',
  ]) {
    assert.ok(key in first, key);
  }
  assert.ok(typeof first.relevance === 'number' && first.relevance > 0 && first.relevance <= 1);
  assert.equal(typeof (first.metadata as { entity_type?: unknown }).entity_type, 'string');
  assert.deepEqual(Object.keys(first.score_breakdown as object).slice(0, 5), ['relevance', 'recency', 'authority', 'boost', 'hops']);
  // Per statement: the statements that answer, each with its BM25 score and the terms it matched.
  const statements = first.statements as Array<{ text: string; score: number; matched_terms: string[] }>;
  assert.ok(statements.length > 0);
  assert.ok(statements.every((statement) => statement.score > 0 && statement.matched_terms.length > 0));
  assert.ok(statements.some((statement) => /cursor pagination/i.test(statement.text)));
  // Why the store answered, and how each term was searched.
  const silence = (parsed as unknown as { silence: Array<{ answered: boolean; reason: string }> }).silence;
  assert.equal(silence[0]?.answered, true);
  const terms = (parsed as unknown as { terms: Array<{ term: string; idf: number }> }).terms;
  assert.deepEqual(
    terms.map((term) => term.term),
    ['pagin', 'order', 'endpoint'],
  );
  // A prompt that names what the bank has never seen: silent, and the word is said.
  const unknown = await cli(['search', '--json', 'add pagination of the orders endpoint to the Strava import'], project, env);
  const quiet = JSON.parse(unknown.stdout) as { total_results: number; silence: Array<{ answered: boolean; unknown: string[] }> };
  assert.equal(quiet.total_results, 0);
  assert.deepEqual(quiet.silence[0]?.unknown, ['strava']);
});

test('usage errors exit 2 with the usage text', async (t) => {
  const project = await makeTempProject(t);
  const run = await cli(['frobnicate'], project, hookEnv(project));
  assert.equal(run.exitCode, 2);
  assert.match(run.stderr, /unknown command "frobnicate"/);
  assert.match(run.stderr, /Usage:/);
  for (const command of ['search', 'sync', 'retrieve', 'doctor', 'install']) {
    assert.match(run.stderr, new RegExp(`\\n  memory-fabric ${command} `), `the usage lists ${command}`);
  }
});

test('memory-fabric install adds the hooks as install.ts does (dry run first), and --uninstall restores the file', async (t) => {
  const project = await makeTempProject(t);
  const env = hookEnv(project, { HOME: project, MEMORY_FABRIC_TIME_SOURCE: 'system' });
  const settingsFile = path.join(project, '.claude', 'settings.json');
  const dry = await cli(['install', '--project', project, '--dry-run'], project, env);
  assert.equal(dry.exitCode, 0, dry.stderr);
  assert.match(dry.stdout, /\+.*memory-fabric-context\.mjs/);
  assert.equal(existsSync(settingsFile), false, 'the dry run wrote nothing');

  const installed = await cli(['install', '--project', project], project, env);
  assert.equal(installed.exitCode, 0, installed.stderr);
  assert.match(installed.stdout, /Added the memory-fabric hooks/);
  const settings = JSON.parse(await readFile(settingsFile, 'utf8')) as { hooks: Record<string, unknown> };
  assert.deepEqual(Object.keys(settings.hooks).sort(), ['SessionEnd', 'SessionStart', 'Stop', 'SubagentStop', 'UserPromptSubmit']);
  assert.ok(JSON.stringify(settings.hooks).includes(path.join(PACKAGE_ROOT, 'hooks', 'prompt', 'memory-fabric-context.mjs')));

  const removed = await cli(['install', '--uninstall', '--project', project], project, env);
  assert.equal(removed.exitCode, 0, removed.stderr);
  assert.equal(existsSync(settingsFile), false, 'a file install created is removed again');

  const refused = await cli(['install', '--project', project, '--scope', 'global'], project, env);
  assert.equal(refused.exitCode, 2);
  assert.match(refused.stderr, /--scope: expected project, local or user, got "global"/);
});

test('the demo replays two sessions and shows the decision injected in the second', async (t) => {
  const project = await makeTempProject(t);
  const run = await cli(['demo'], project, hookEnv(project));
  assert.equal(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, /system clock by explicit opt-in/);
  const secondPrompt = run.stdout.split('== Session 2, UserPromptSubmit')[1]?.split('==')[0] ?? '';
  assert.match(secondPrompt, /\| - cursor-pagination \(decision/);
  const unrelated = run.stdout.split('== Session 2, an unrelated prompt')[1] ?? '';
  assert.match(unrelated, /Claude Code receives nothing/);
});

test('every command answers --help with its own usage, and does nothing else', async (t) => {
  const project = await projectWithSamples(t);
  const env = hookEnv(project, { MEMORY_FABRIC_TIME_SOURCE: 'system' });
  for (const command of [
    'demo',
    'replay',
    'search',
    'sync',
    'bootstrap',
    'retrieve',
    'update',
    'reconcile',
    'import',
    'export',
    'drain',
    'doctor',
    'log',
    'install',
  ]) {
    const help = await cli([command, '--help'], project, env);
    assert.equal(help.exitCode, 0, command);
    assert.match(help.stdout, new RegExp(`^Usage:\\n\\s+memory-fabric ${command}\\b`), command);
    assert.doesNotMatch(help.stdout, /No memory is relevant/, `${command} --help ran the command`);
  }
  assert.equal(existsSync(path.join(project, '.memories')), false, '--help wrote nothing');
});
