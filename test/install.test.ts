import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { parse } from 'jsonc-parser';
import { addHooksToSettings } from '../install.ts';
import { buildHookSettings } from '../src/cli/settings-hooks.ts';
import { PACKAGE_ROOT } from './helpers/temp-project.ts';

test('install adds the four hooks, keeps comments and other tools hooks, and a second run changes nothing', () => {
  const original = `{
  // my settings
  "model": "opus",
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "other-tool" }] }],
  },
}
`;
  const once = addHooksToSettings(original, '/opt/mf');
  assert.ok(once.includes('// my settings'));
  const parsed = parse(once) as { model: string; hooks: Record<string, Array<{ hooks: Array<{ command: string; args?: string[] }> }>> };
  assert.equal(parsed.model, 'opus');
  assert.equal(parsed.hooks.Stop?.length, 2);
  assert.equal(parsed.hooks.Stop?.[0]?.hooks[0]?.command, 'other-tool');
  for (const event of ['SessionStart', 'UserPromptSubmit', 'Stop', 'SessionEnd']) {
    assert.ok(parsed.hooks[event]?.some((group) => group.hooks.some((hook) => hook.args?.[0]?.startsWith('/opt/mf/hooks/'))), event);
  }
  assert.equal(addHooksToSettings(once, '/opt/mf'), once);
  assert.deepEqual(parse(addHooksToSettings('', '/opt/mf')), { hooks: buildHookSettings('/opt/mf') });
});

test('settings.example.json has the same shape install.ts writes', async () => {
  const example = parse(await readFile(path.join(PACKAGE_ROOT, 'settings.example.json'), 'utf8')) as { hooks: unknown };
  assert.deepEqual(example.hooks, buildHookSettings('/path/to/memory-fabric'));
});
