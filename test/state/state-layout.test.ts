import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { statePaths } from '../../src/state/state-layout.ts';

const STATE = path.join('/', 'project', '.memories', '.state');

// The names users have on disk: a rename here would lose their cursors, outbox and logs on upgrade.
test('every path of the state folder keeps the name it has on disk', () => {
  const cases: Array<[string, string, string]> = [
    ['cursors', statePaths.cursors(STATE), 'cursors'],
    ['a cursor', statePaths.cursor(STATE, 'abc-123', '/home/u/.claude/projects/p/abc-123.jsonl'), 'cursors/abc-123__abc-123.jsonl.json'],
    ['seen messages', statePaths.seenMessages(STATE), 'seen-messages.txt'],
    ['outbox', statePaths.outbox(STATE), 'outbox'],
    ["the bank's search index", statePaths.bankSearchIndex(STATE), 'search-index'],
    ["the memory server's search index", statePaths.memoryServerSearchIndex(STATE), 'memory-server/search-index'],
    ['the bank lock', statePaths.bankLock(STATE), 'bank.lock'],
    ['the memory server lock', statePaths.mcpLock(STATE), 'mcp.lock'],
    ['the sweep lock', statePaths.sweepLock(STATE), 'sweep.lock'],
    ['the hook log', statePaths.hookLog(STATE), 'logs/hooks.jsonl'],
    ['a notice', statePaths.notice(STATE, 's1', 'STORE_CORRUPT'), 'notices/s1-STORE_CORRUPT'],
    ['flush requests', statePaths.flushRequests(STATE), 'flush'],
    ['a flush request', statePaths.flushRequest(STATE, 's1'), 'flush/s1.json'],
  ];
  for (const [what, actual, relative] of cases) {
    assert.equal(path.relative(STATE, actual).split(path.sep).join('/'), relative, what);
  }
});

test('a session id or transcript name of any spelling stays one file inside its folder', () => {
  for (const sessionId of ['../../etc/passwd', 'a/b\\c', 'x'.repeat(300), '', 'ünï cödé']) {
    for (const file of [
      statePaths.cursor(STATE, sessionId, '/tmp/../weird name.jsonl'),
      statePaths.notice(STATE, sessionId, 'STORE_CORRUPT'),
      statePaths.flushRequest(STATE, sessionId),
    ]) {
      const relative = path.relative(STATE, file).split(path.sep);
      assert.equal(relative.length, 2, `${JSON.stringify(sessionId)} -> ${file}`);
      assert.ok(!relative.includes('..') && (relative[1] ?? '').length <= 200, file);
    }
  }
});
