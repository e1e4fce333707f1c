import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { execa } from 'execa';
import { parse } from 'jsonc-parser';
import {
  addHooksToSettings,
  buildHookSettings,
  eventsWithOurHooks,
  parseSettings,
  removeHooksFromSettings,
} from '../src/cli/settings-hooks.ts';
import { PACKAGE_ROOT, hookEnv, makeTempProject } from './helpers/temp-project.ts';

const WITH_COMMENTS = `{
  // my settings
  "model": "opus",
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "other-tool" }] }],
  },
}
`;

async function install(project: string, home: string, ...args: string[]) {
  // As a user runs it: npx tsx install.ts (the tsx the package installs).
  return execa(
    path.join(PACKAGE_ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(PACKAGE_ROOT, 'install.ts'), '--project', project, ...args],
    {
      cwd: project,
      env: hookEnv(project, { HOME: home, MEMORY_FABRIC_TIME_SOURCE: 'system' }),
      extendEnv: false,
      reject: false,
    },
  );
}

test('adding keeps comments, trailing commas and other tools hooks; adding again changes nothing; removing leaves only theirs', () => {
  const once = addHooksToSettings(WITH_COMMENTS, '/opt/mf');
  assert.ok(once.includes('// my settings'));
  const parsed = parse(once) as { model: string; hooks: Record<string, Array<{ hooks: Array<{ command: string; args?: string[] }> }>> };
  assert.equal(parsed.model, 'opus');
  assert.equal(parsed.hooks.Stop?.[0]?.hooks[0]?.command, 'other-tool');
  assert.deepEqual(eventsWithOurHooks(parseSettings(once)), ['SessionStart', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'SessionEnd']);
  assert.equal(addHooksToSettings(once, '/opt/mf'), once);
  assert.equal(addHooksToSettings(once, '/elsewhere/mf'), once, 'a copy of the hooks from another checkout is not duplicated');
  const removed = removeHooksFromSettings(once);
  assert.deepEqual(eventsWithOurHooks(parseSettings(removed)), []);
  assert.equal((parse(removed) as { hooks: { Stop: unknown[] } }).hooks.Stop.length, 1);
  assert.ok(removed.includes('// my settings'));
  assert.deepEqual(parse(addHooksToSettings('', '/opt/mf')), { hooks: buildHookSettings('/opt/mf') });
});

test('settings.example.json has the same shape install.ts writes', async () => {
  const example = parse(await readFile(path.join(PACKAGE_ROOT, 'settings.example.json'), 'utf8')) as { hooks: unknown };
  assert.deepEqual(example.hooks, buildHookSettings('/path/to/memory-fabric'));
});

test('the plugin manifest declares the same hooks through ${CLAUDE_PLUGIN_ROOT}', async () => {
  const manifest = JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'hooks', 'hooks.json'), 'utf8')) as { hooks: unknown };
  assert.deepEqual(manifest.hooks, buildHookSettings('${CLAUDE_PLUGIN_ROOT}'));
  const plugin = JSON.parse(await readFile(path.join(PACKAGE_ROOT, '.claude-plugin', 'plugin.json'), 'utf8')) as { name: string };
  assert.equal(plugin.name, 'memory-fabric');
});

test('install then uninstall round-trips byte for byte: with comments, with no file at all; dry runs write nothing', async (t) => {
  for (const original of [WITH_COMMENTS, null]) {
    const project = await makeTempProject(t);
    const settingsFile = path.join(project, '.claude', 'settings.json');
    if (original !== null) {
      await mkdir(path.dirname(settingsFile), { recursive: true });
      await writeFile(settingsFile, original);
    }
    const dry = await install(project, project, '--dry-run');
    assert.equal(dry.exitCode, 0, dry.stderr);
    assert.match(dry.stdout, /\+.*memory-fabric-context\.mjs/);
    assert.equal(existsSync(settingsFile) ? await readFile(settingsFile, 'utf8') : null, original, 'dry run changed nothing');

    const first = await install(project, project);
    assert.equal(first.exitCode, 0, first.stderr);
    assert.match(first.stdout, /Added the memory-fabric hooks/);
    assert.match(first.stdout, /The bank is ready at/);
    assert.ok(existsSync(path.join(project, '.memories', 'index.md')), 'install bootstrapped the bank');
    const installed = await readFile(settingsFile, 'utf8');
    const second = await install(project, project);
    assert.match(second.stdout, /already in .*nothing changed/);
    assert.equal(await readFile(settingsFile, 'utf8'), installed);

    const removed = await install(project, project, '--uninstall');
    assert.equal(removed.exitCode, 0, removed.stderr);
    assert.equal(existsSync(settingsFile) ? await readFile(settingsFile, 'utf8') : null, original, 'restored exactly');
  }
});

test('uninstall after the user edited the file removes only our hooks and keeps the edit', async (t) => {
  const project = await makeTempProject(t);
  await install(project, project);
  const settingsFile = path.join(project, '.claude', 'settings.json');
  const edited = (await readFile(settingsFile, 'utf8')).replace('{', '{\n  "theme": "dark",');
  await writeFile(settingsFile, edited);
  await install(project, project, '--uninstall');
  const after = parse(await readFile(settingsFile, 'utf8')) as Record<string, unknown>;
  assert.deepEqual(after, { theme: 'dark' });
});

test('local and user scopes write their own files; an enabled plugin is never duplicated', async (t) => {
  const project = await makeTempProject(t);
  const home = path.join(project, 'home');
  await install(project, home, '--scope', 'local');
  assert.ok(existsSync(path.join(project, '.claude', 'settings.local.json')));
  await install(project, home, '--scope', 'user');
  assert.ok(existsSync(path.join(home, '.claude', 'settings.json')));

  const other = await makeTempProject(t);
  await mkdir(path.join(other, '.claude'), { recursive: true });
  await writeFile(path.join(other, '.claude', 'settings.json'), '{ "enabledPlugins": { "memory-fabric@local": true } }');
  const refused = await install(other, path.join(other, 'home'));
  assert.equal(refused.exitCode, 1);
  assert.match(refused.stderr, /plugin is enabled .* not both/);
  assert.equal(
    await readFile(path.join(other, '.claude', 'settings.json'), 'utf8'),
    '{ "enabledPlugins": { "memory-fabric@local": true } }',
  );
});

test('bad arguments and invalid settings are refused with a clear message, changing nothing', async (t) => {
  const project = await makeTempProject(t);
  assert.match((await install(project, project, '--scope', 'global')).stderr, /--scope: expected project, local or user, got "global"/);
  await mkdir(path.join(project, '.claude'), { recursive: true });
  await writeFile(path.join(project, '.claude', 'settings.json'), '{ "hooks": ');
  const run = await install(project, project);
  assert.equal(run.exitCode, 1);
  assert.match(run.stderr, /not valid JSONC/);
  assert.equal(await readFile(path.join(project, '.claude', 'settings.json'), 'utf8'), '{ "hooks": ');
});

test('--store mcp registers the memory server with an absolute MEMORY_FILE_PATH and sets the store; uninstall restores both files', async (t) => {
  const project = await makeTempProject(t);
  const mcpFile = path.join(project, '.mcp.json');
  const existing = '{\n  // other servers\n  "mcpServers": { "github": { "command": "gh-mcp" } }\n}\n';
  await writeFile(mcpFile, existing);
  const run = await install(project, project, '--store', 'mcp');
  assert.equal(run.exitCode, 0, run.stderr);
  const mcp = parse(await readFile(mcpFile, 'utf8')) as { mcpServers: Record<string, { env?: Record<string, string> }> };
  assert.ok(mcp.mcpServers.github, 'other servers kept');
  assert.equal(mcp.mcpServers.memory?.env?.MEMORY_FILE_PATH, path.join(project, '.memories', 'memory-server.jsonl'));
  const settings = parse(await readFile(path.join(project, '.claude', 'settings.json'), 'utf8')) as { env: Record<string, string> };
  assert.equal(settings.env.MEMORY_FABRIC_STORE, 'mcp');
  await install(project, project, '--uninstall');
  assert.equal(await readFile(mcpFile, 'utf8'), existing);
  assert.equal(existsSync(path.join(project, '.claude', 'settings.json')), false);
});
