import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { parseTranscriptLines, stripInjectedMarkup } from '../../src/core/transcript.ts';
import { PACKAGE_ROOT } from '../helpers/temp-project.ts';

test('the sample transcript recorded from the real client gives the user and assistant messages only', async () => {
  const lines = (await readFile(path.join(PACKAGE_ROOT, 'samples', 'session-1.jsonl'), 'utf8')).split('\n');
  const parsed = parseTranscriptLines(lines);
  assert.deepEqual(
    parsed.messages.map((message) => message.role),
    ['user', 'assistant'],
  );
  assert.match(parsed.messages[0]?.text ?? '', /cursor pagination/);
  assert.ok(
    parsed.messages.every((message) => !message.text.includes('Kafka')),
    'the injected hook context is not read back',
  );
  assert.equal(parsed.malformedLines, 0);
});

test('meta lines, attachments, tool results and unknown types are skipped, compaction summaries kept as such; malformed lines counted', () => {
  const lines = [
    JSON.stringify({ type: 'user', isMeta: true, message: { role: 'user', content: 'We decided to use meta.' } }),
    JSON.stringify({ type: 'attachment', attachment: { type: 'hook_additional_context', content: ['We decided to use Kafka.'] } }),
    // As the client (2.1.x) writes it: marked visible in the transcript only, and still the session's summary.
    JSON.stringify({
      type: 'user',
      isCompactSummary: true,
      isVisibleInTranscriptOnly: true,
      message: { role: 'user', content: 'Summary: we decided to use X.' },
    }),
    JSON.stringify({ type: 'user', isVisibleInTranscriptOnly: true, message: { role: 'user', content: 'We decided to use a banner.' } }),
    JSON.stringify({
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'We decided to use output.' }] },
    }),
    JSON.stringify({ type: 'progress', data: {} }),
    '{"type":"user", broken',
    JSON.stringify({
      type: 'assistant',
      uuid: 'a1',
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Done.' },
          { type: 'tool_use', id: 't2', name: 'Bash', input: { command: 'ls' } },
        ],
      },
    }),
  ];
  const parsed = parseTranscriptLines(lines);
  assert.equal(parsed.linesRead, 8);
  assert.equal(parsed.malformedLines, 1);
  assert.equal(parsed.messages.length, 3);
  assert.deepEqual(
    { origin: parsed.messages[0]?.origin, text: parsed.messages[0]?.text },
    { origin: 'summary', text: 'Summary: we decided to use X.' },
    "the client's compaction summary is a source, marked as one",
  );
  assert.equal(parsed.messages[1]?.text, '', 'a tool result is never read as prose');
  assert.deepEqual(parsed.messages[1]?.toolResults, [{ toolUseId: 't1', isError: false, head: 'We decided to use output.' }]);
  assert.deepEqual(parsed.messages[2]?.toolCalls, [{ id: 't2', name: 'Bash', input: { command: 'ls' } }]);
});

test('a compaction summary that quotes our injected context keeps only its own paragraphs', () => {
  const summary =
    'The session built the export.\n\nProject memory (memory-fabric): facts recorded in earlier sessions...\n- Kafka is used.\n\nNext: tests.';
  const line = JSON.stringify({
    type: 'user',
    isCompactSummary: true,
    isVisibleInTranscriptOnly: true,
    message: { role: 'user', content: summary },
  });
  const text = parseTranscriptLines([line]).messages[0]?.text ?? '';
  assert.ok(text.includes('built the export') && text.includes('Next: tests'));
  assert.ok(!text.includes('Kafka'), 'our own context never comes back in');
});

test('system reminders and command markup are removed from prose', () => {
  const text = 'Fix it.<system-reminder>We decided to use Kafka.</system-reminder>\n<command-name>/clear</command-name> Thanks';
  assert.equal(stripInjectedMarkup(text).replace(/\s+/g, ' '), 'Fix it. Thanks');
  assert.ok(!stripInjectedMarkup(text).includes('Kafka'));
  assert.ok(!stripInjectedMarkup(text).includes('/clear'));
});

test("a background task's notification is Claude Code's message, not the user's: nothing of it is read as a prompt", () => {
  const notification =
    '<task-notification>\n<task-id>b0be39e</task-id>\n<output-file>/tmp/claude-1000/x/tasks/b0be39e.output</output-file>\n<status>completed</status>\n<summary>Background command "Run the tests" completed (exit code 0)</summary>\n</task-notification>\nRead the output file to retrieve the result: /tmp/claude-1000/x/tasks/b0be39e.output';
  assert.equal(stripInjectedMarkup(notification), '');
  const parsed = parseTranscriptLines([JSON.stringify({ type: 'user', message: { role: 'user', content: notification } })]);
  assert.deepEqual(parsed.messages, []);
  // A Windows path, with spaces.
  assert.equal(
    stripInjectedMarkup(notification.replace(/\/tmp\/claude-1000\/x\/tasks\/b0be39e\.output$/, 'C:\\Users\\John Doe\\AppData\\b1.output')),
    '',
  );
  // The same words typed by the user, with no notification before them, are theirs.
  assert.equal(
    stripInjectedMarkup('Read the output file to retrieve the result: /tmp/x.log'),
    'Read the output file to retrieve the result: /tmp/x.log',
  );
});

test("a hook's blocking feedback, the one meta line read, comes with origin 'hook'; other meta lines stay skipped", () => {
  const feedback = 'Stop hook feedback:\n[${CLAUDE_PLUGIN_ROOT}/scripts/hooks/stop.sh]: Cannot exit with unstaged changes.';
  const parsed = parseTranscriptLines([
    // As the client (2.1.x) writes it (the corpus's claude-reliability sessions).
    JSON.stringify({ type: 'user', isMeta: true, uuid: 'h1', message: { role: 'user', content: feedback } }),
    JSON.stringify({
      type: 'user',
      isMeta: true,
      message: { role: 'user', content: 'Caveat: the messages below were generated by the user.' },
    }),
    JSON.stringify({ type: 'user', message: { role: 'user', content: 'the Stop hook feedback: is it noisy?' } }),
    // A PreToolUse hook's blocking error comes as a system reminder (the corpus's spotter session fa812bfe).
    JSON.stringify({
      type: 'user',
      isMeta: true,
      message: {
        role: 'user',
        content:
          '<system-reminder>\nPreToolUse:Bash hook blocking error from command: "${CLAUDE_PLUGIN_ROOT}/scripts/pre-commit.sh": Pre-commit validation failed:\\n\\n[FORMAT] Code is not formatted.\n</system-reminder>',
      },
    }),
  ]);
  assert.deepEqual(
    parsed.messages.map((message) => [message.origin ?? 'prose', message.text.slice(0, 19)]),
    [
      ['hook', 'Stop hook feedback:'],
      ['prose', 'the Stop hook feedb'],
      ['hook', 'PreToolUse:Bash hoo'],
    ],
  );
});

// A user line of the transcript, as the client writes it.
const userLine = (uuid: string, content: string): string => JSON.stringify({ type: 'user', uuid, message: { role: 'user', content } });

test("the hooks the client ran are read from its own lines: a Stop summary, a hook's progress, a local command's report", () => {
  const lines = [
    JSON.stringify({
      type: 'system',
      subtype: 'stop_hook_summary',
      uuid: 's1',
      timestamp: '2026-01-02T19:18:38.981Z',
      hookInfos: [{ command: '"$CLAUDE_PROJECT_DIR"/hooks/run_hook.sh' }],
      hookErrors: [],
      preventedContinuation: false,
    }),
    JSON.stringify({
      type: 'system',
      subtype: 'stop_hook_summary',
      uuid: 's2',
      hookInfos: [{ command: 'hooks/stop.sh' }],
      hookErrors: [],
      preventedContinuation: true,
      stopReason: 'Cannot exit with unstaged changes',
    }),
    // Two progress lines of the same hook: read once.
    ...['p1', 'p2'].map((uuid) =>
      JSON.stringify({
        type: 'progress',
        uuid,
        data: {
          type: 'hook_progress',
          hookEvent: 'PostToolUse',
          hookName: 'PostToolUse:Bash',
          command: '${CLAUDE_PLUGIN_ROOT}/scripts/post.sh',
        },
      }),
    ),
    // In-process hooks and Stop hooks' progress (their summary says how they went) are not read.
    JSON.stringify({
      type: 'progress',
      data: { type: 'hook_progress', hookEvent: 'PreToolUse', hookName: 'PreToolUse:Read', command: 'callback' },
    }),
    JSON.stringify({ type: 'progress', data: { type: 'hook_progress', hookEvent: 'Stop', hookName: 'Stop', command: 'hooks/stop.sh' } }),
    userLine(
      'u1',
      '<local-command-stdout>\u001b[2mCompacted (ctrl+o to see full summary)\u001b[22m\n\u001b[2mPreCompact ["$CLAUDE_PROJECT_DIR"/hooks/run_hook.sh] completed successfully\u001b[22m</local-command-stdout>',
    ),
  ];
  const parsed = parseTranscriptLines(lines);
  assert.deepEqual(
    parsed.messages.map((message) => [message.uuid, message.text, message.hookRuns]),
    [
      ['s1', '', [{ event: 'Stop', command: '"$CLAUDE_PROJECT_DIR"/hooks/run_hook.sh', outcome: 'completed' }]],
      ['s2', '', [{ event: 'Stop', command: 'hooks/stop.sh', outcome: 'blocked', detail: 'Cannot exit with unstaged changes' }]],
      ['p1', '', [{ event: 'PostToolUse', command: '${CLAUDE_PLUGIN_ROOT}/scripts/post.sh' }]],
      ['u1', '', [{ event: 'PreCompact', command: '"$CLAUDE_PROJECT_DIR"/hooks/run_hook.sh', outcome: 'completed' }]],
    ],
  );
  assert.equal(parsed.skippedLines, 3);
});

test("a Stop summary tells a failure only of its one hook; a hook report is read only in a local command's output, by an event's name", () => {
  const parsed = parseTranscriptLines([
    JSON.stringify({
      type: 'system',
      subtype: 'stop_hook_summary',
      uuid: 's1',
      hookInfos: [{ command: 'hooks/a.sh' }, { command: 'hooks/b.sh' }],
      hookErrors: ['hooks/b.sh: exit 1'],
      preventedContinuation: false,
    }),
    userLine(
      'u1',
      'Look: <local-command-stdout>ok</local-command-stdout> and then "Deploy [./deploy.sh prod] failed" and PreCompact [x.sh] failed outside',
    ),
    userLine('u2', '<local-command-stdout>PreCompact [[[ -f x ]] && hooks/c.sh] failed</local-command-stdout>'),
  ]);
  assert.deepEqual(
    parsed.messages.map((message) => [message.uuid, message.hookRuns]),
    [
      [
        's1',
        [
          { event: 'Stop', command: 'hooks/a.sh' },
          { event: 'Stop', command: 'hooks/b.sh' },
        ],
      ],
      ['u1', undefined],
      ['u2', [{ event: 'PreCompact', command: '[[ -f x ]] && hooks/c.sh', outcome: 'failed' }]],
    ],
  );
});
