import assert from 'node:assert/strict';
import test from 'node:test';
import { findMentions } from '../../../src/core/capture/attach.ts';
import { hookFeedbackOf } from '../../../src/core/capture/capture.ts';
import { commitMessage, pullRequestText } from '../../../src/core/capture/sources.ts';
import { extractDelta } from '../../../src/core/extract.ts';
import type { GraphDelta } from '../../../src/core/graph.ts';
import { mergeDelta } from '../../../src/core/merge.ts';
import { parseStatement } from '../../../src/core/statement.ts';
import type { TranscriptMessage } from '../../../src/core/transcript.ts';

const at = (day: string) => `2026-11-${day}T10:00:00Z`;
const user = (text: string, day = '02'): TranscriptMessage => ({ role: 'user', text, toolCalls: [], timestamp: at(day) });
const assistant = (text: string, day = '02', toolCalls: TranscriptMessage['toolCalls'] = []): TranscriptMessage => ({
  role: 'assistant',
  text,
  toolCalls,
  timestamp: at(day),
});
const statementsOf = (delta: GraphDelta, name: string): string[] =>
  delta.entities
    .find((entity) => entity.name === name)
    ?.observations.map((text) => `${parseStatement(text).kind}: ${parseStatement(text).text}`) ?? [];

test('the stack the user names: each technology with its role, and "<project> uses <technology>"', () => {
  const { delta } = extractDelta([user('I want to use FastAPI with PostgreSQL, Redis for caching and rate limits, and Docker.')], {
    sessionId: 's1',
    projectName: 'harbor',
  });
  const uses = delta.relations
    .filter((relation) => relation.from === 'harbor' && relation.relationType === 'uses')
    .map((relation) => relation.to);
  assert.deepEqual(uses.sort(), ['Docker', 'FastAPI', 'PostgreSQL', 'Redis']);
  assert.ok(statementsOf(delta, 'Redis').includes('fact: Redis: caching and rate limits'), JSON.stringify(statementsOf(delta, 'Redis')));
});

test("the user's working preferences go to one preferences entity", () => {
  const { delta } = extractDelta(
    [user('also pls keep answers concise, i dont need essays. bullet points are fine'), user('always write tests first')],
    {
      sessionId: 's1',
    },
  );
  assert.deepEqual(
    statementsOf(delta, 'user-preferences').map((line) => line.split(':')[0]),
    ['preference', 'preference'],
    JSON.stringify(delta.entities.map((entity) => entity.name)),
  );
});

test('a proposal the user confirms becomes a decision carrying its content; a correction amends it', () => {
  const confirmed = extractDelta(
    [assistant("I'd suggest we keep the login rate limit at 7 attempts per minute per IP."), user('Right, leave it at 7.')],
    { sessionId: 's1' },
  ).delta;
  const all = confirmed.entities.flatMap((entity) => entity.observations.map((text) => parseStatement(text)));
  assert.ok(
    all.some((statement) => statement.kind === 'decision' && /^Agreed: .*7 attempts per minute/.test(statement.text)),
    JSON.stringify(all),
  );
  const corrected = extractDelta(
    [assistant('For ties I recommend we keep the remote version of the record.'), user('no, keep ours on a tie')],
    { sessionId: 's1' },
  ).delta;
  const amended = corrected.entities.flatMap((entity) => entity.observations.map((text) => parseStatement(text)));
  assert.ok(
    amended.some((statement) => statement.kind === 'decision' && statement.text.includes('amended by the user: keep ours on a tie')),
    JSON.stringify(amended),
  );
});

test('a cause and the fix that follows keep their kinds on what they name, and the fix is tied to the cause', () => {
  const { delta } = extractDelta(
    [
      assistant('The root cause was that the asyncpg pool was created at import time in `app/db/pool.py`.'),
      user('ok, how do we fix it'),
      assistant('Fixed by creating the pool inside the FastAPI lifespan handler.'),
    ],
    { sessionId: 's1' },
  );
  assert.deepEqual(statementsOf(delta, 'app/db/pool.py'), [
    'cause: The root cause was that the asyncpg pool was created at import time in `app/db/pool.py`.',
  ]);
  assert.ok(statementsOf(delta, 'FastAPI').includes('fix: Fixed by creating the pool inside the FastAPI lifespan handler.'));
  const links = delta.relations.map((relation) => `${relation.from} ${relation.relationType} ${relation.to}`);
  assert.ok(links.includes('FastAPI fixes app/db/pool.py'), links.join('; '));
});

test("a web fetch's answer is read, its statements that name nothing kept on the page; a web search's links are not", () => {
  const messages: TranscriptMessage[] = [
    assistant('', '03', [
      { id: 'f1', name: 'WebFetch', input: { url: 'https://github.com/xtermjs/xterm.js/issues/1343?tab=x#y', prompt: 'workarounds?' } },
      { id: 's1', name: 'WebSearch', input: { query: 'xterm scroll' } },
    ]),
    {
      role: 'user',
      text: '',
      toolCalls: [],
      timestamp: at('03'),
      toolResults: [
        {
          toolUseId: 'f1',
          isError: false,
          head: 'The issue was ultimately resolved through PR #2388 titled "Support for bubbling scroll events to parent(s)", merged in milestone 4.0.0.',
        },
        {
          toolUseId: 's1',
          isError: false,
          // Read as a source, this sentence would be kept (a path, a technology, a number): it is not read.
          head: 'The availability cache lives in `app/cache.py` and uses Redis with a 60 s TTL.',
        },
      ],
    },
  ];
  const { delta } = extractDelta(messages, { sessionId: 's1' });
  assert.deepEqual(statementsOf(delta, 'github.com/xtermjs/xterm.js/issues/1343'), [
    'fact: The issue was ultimately resolved through PR #2388 titled "Support for bubbling scroll events to parent(s)", merged in milestone 4.0.0.',
  ]);
  assert.ok(!JSON.stringify(delta).includes('availability cache'), "a web search's result list is not read");
});

test("a web fetch answered in the session's next sync is read on its page: the pending call is carried", () => {
  const first = extractDelta(
    [assistant('', '03', [{ id: 'f1', name: 'WebFetch', input: { url: 'https://hex.pm/packages/opentelemetry', prompt: '?' } }])],
    { sessionId: 's1' },
  );
  const second = extractDelta(
    [
      {
        role: 'user',
        text: '',
        toolCalls: [],
        timestamp: at('03'),
        toolResults: [{ toolUseId: 'f1', isError: false, head: 'The latest stable version is 1.7.0, released on October 17, 2025.' }],
      },
    ],
    { sessionId: 's1' },
    JSON.parse(JSON.stringify(first.state)),
  );
  assert.deepEqual(statementsOf(second.delta, 'hex.pm/packages/opentelemetry'), [
    'fact: The latest stable version is 1.7.0, released on October 17, 2025.',
  ]);
  assert.equal(second.state.capture?.fetchedPages, undefined, 'nothing left waiting');
});

test("a fetched page's words are facts about the page: no decision, convention or stack of the project; no local page, no redirect", () => {
  const fetch = (id: string, url: string): TranscriptMessage['toolCalls'][number] => ({
    id,
    name: 'WebFetch',
    input: { url, prompt: '?' },
  });
  const result = (toolUseId: string, head: string) => ({ toolUseId, isError: false, head });
  const { delta } = extractDelta(
    [
      assistant('', '03', [
        fetch('f1', 'https://blog.example.com/databases'),
        fetch('f2', 'http://localhost:3000/settings'),
        fetch('f3', 'https://bit.ly/x'),
        fetch('f4', 'https://news.ycombinator.com/item?id=4242'),
        fetch('f5', 'https://code.example.com/docs/en/hooks.md'),
        fetch('f6', 'https://docs.example.com/guide'),
      ]),
      {
        role: 'user',
        text: '',
        toolCalls: [],
        timestamp: at('03'),
        toolResults: [
          result('f1', 'We decided to use MongoDB instead of PostgreSQL for the event store. Always run `make seed` before the tests.'),
          result('f2', 'The settings page shows the `SLIP_LIMIT` of 40 slips per marina.'),
          result('f3', 'REDIRECT DETECTED: The URL redirects to a different host: https://example.org/long/path'),
          result('f4', 'The thread says the scheduler starvation was fixed in release 1.40 of the runtime.'),
          result('f5', '## Hook events Fetch the complete documentation index at https://code.example.com/docs/llms.txt before exploring.'),
          result('f6', 'The guide sets `retries` to 3 by default. <Step title="Run it"> The runner starts 4 workers.'),
        ],
      },
    ],
    { sessionId: 's1', projectName: 'harbor' },
  );
  const everything = delta.entities.flatMap((entity) =>
    entity.observations.map((text) => `${entity.name} ${parseStatement(text).kind}: ${parseStatement(text).text}`),
  );
  assert.ok(
    everything.every((line) => !/ (decision|convention|preference|todo): /.test(line)),
    `only facts: ${everything.join(' | ')}`,
  );
  assert.ok(!delta.relations.some((relation) => relation.from === 'harbor'), 'no stack of the project from a page');
  const text = JSON.stringify(delta);
  for (const absent of ['SLIP_LIMIT', 'REDIRECT', 'example.org', 'llms.txt', '<Step']) {
    assert.ok(!text.includes(absent), `${absent} is not kept`);
  }
  assert.ok(
    everything.some((line) => line.includes('MongoDB')),
    'the page is read',
  );
  assert.ok(
    everything.some((line) => line.includes('`retries` to 3')),
    "a page's statement without markup is read",
  );
  assert.ok(
    delta.entities.some((entity) => entity.name === 'news.ycombinator.com/item?id=4242'),
    'a page of one part keeps its query',
  );
});

test('commit messages (-m and heredoc), gh pr bodies, plans, todo lists and subagent reports are read', () => {
  const heredoc = `git add -A && git commit -m "$(cat <<'EOF'\nfeat: transcript + terminal annotations with message references\n\nAnnotations keep a reference to the message they belong to.\n\nCo-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)"`;
  assert.equal(
    commitMessage(heredoc),
    'feat: transcript + terminal annotations with message references\n\nAnnotations keep a reference to the message they belong to.',
  );
  assert.equal(
    commitMessage('git commit -m "fix: retry Redis on timeout" -m "Raised socket_timeout to 5s"'),
    'fix: retry Redis on timeout\n\nRaised socket_timeout to 5s',
  );
  assert.equal(
    pullRequestText('gh pr create --title "Add CSV export" --body "Adds a download button"'),
    '# Add CSV export\n\nAdds a download button',
  );
  const messages: TranscriptMessage[] = [
    assistant('', '03', [
      { id: 'c1', name: 'Bash', input: { command: 'git commit -m "fix: retry Redis on timeout"' } },
      { id: 'p1', name: 'ExitPlanMode', input: { plan: '## Plan\n- Move the pool into the lifespan handler of `app/main.py`' } },
      {
        id: 't1',
        name: 'TodoWrite',
        input: {
          todos: [
            { content: 'Add the slip_blocks table', status: 'completed' },
            { content: 'SMS reminders', status: 'pending' },
          ],
        },
      },
      { id: 'a1', name: 'Task', input: { subagent_type: 'Explore', description: 'find the cache', prompt: '...' } },
    ]),
    {
      role: 'user',
      text: '',
      toolCalls: [],
      timestamp: at('03'),
      toolResults: [
        { toolUseId: 'a1', isError: false, head: 'The availability cache lives in `app/cache.py` and uses Redis with a 60 s TTL.' },
      ],
    },
  ];
  const { delta } = extractDelta(messages, { sessionId: 's1' });
  const everything = delta.entities.flatMap((entity) =>
    entity.observations.map((text) => `${entity.name} ${parseStatement(text).kind}: ${parseStatement(text).text}`),
  );
  for (const expected of [
    /Redis done: fix: retry Redis on timeout/,
    /app\/main\.py .*lifespan handler/,
    /session-s1 done: Done: Add the slip_blocks table/,
    /session-s1 todo: To do: SMS reminders/,
    /app\/cache\.py fact: The availability cache lives in `app\/cache\.py`/,
  ]) {
    assert.ok(
      everything.some((line) => expected.test(line)),
      `${expected} in\n${everything.join('\n')}`,
    );
  }
});

test('a newer statement about the same slot supersedes the older one, which stays as history', () => {
  const first = extractDelta(
    [assistant('For schema migrations I will use Alembic.', '02'), user("let's use Alembic for migrations", '02')],
    { sessionId: 'a1' },
  );
  const graph = mergeDelta({ entities: [], relations: [] }, first.delta, '2026-11-02T10:00:00Z').graph;
  const second = extractDelta([user("alembic is annoying. let's switch from Alembic to dbmate for migrations", '18')], { sessionId: 'b2' });
  const merged = mergeDelta(graph, second.delta, '2026-11-18T10:00:00Z');
  const statements = merged.graph.entities.flatMap((entity) => entity.observations.map((text) => parseStatement(text)));
  const old = statements.find((statement) => statement.text === "let's use Alembic for migrations");
  assert.equal(old?.supersededOn, '2026-11-18', JSON.stringify(statements));
  assert.ok(statements.some((statement) => /switch from Alembic to dbmate/.test(statement.text) && !statement.supersededOn));
  assert.ok(merged.statementsSupersededCount >= 1);
});

test('a todo that a later list reports done is superseded by it', () => {
  const todo = (status: string, day: string): TranscriptMessage =>
    assistant('', day, [{ id: `t${day}`, name: 'TodoWrite', input: { todos: [{ content: 'Add the slip_blocks table', status }] } }]);
  const whole = extractDelta([todo('pending', '02'), todo('completed', '02')], { sessionId: 's1' });
  const graph = mergeDelta({ entities: [], relations: [] }, whole.delta, '2026-11-02T10:00:00Z').graph;
  const session = graph.entities.find((entity) => entity.name === 'session-s1');
  const statements = session?.observations.map((text) => parseStatement(text)) ?? [];
  assert.equal(statements.find((statement) => statement.text === 'To do: Add the slip_blocks table')?.supersededOn, '2026-11-02');
  assert.equal(statements.find((statement) => statement.text === 'Done: Add the slip_blocks table')?.supersededOn, undefined);
});

test('near-duplicate statements merge, but never across a negation or a different identifier', () => {
  const seed = mergeDelta(
    { entities: [], relations: [] },
    {
      entities: [
        {
          name: 'main',
          entityType: 'component',
          observations: ['Always commit directly to main for hotfixes. [2026-11-02, session a, convention]'],
        },
      ],
      relations: [],
    },
    '2026-11-02T10:00:00Z',
  ).graph;
  const merged = mergeDelta(
    seed,
    {
      entities: [
        {
          name: 'main',
          entityType: 'component',
          observations: [
            'Never commit directly to main for hotfixes. [2026-11-03, session b, convention]',
            'Always commit directly to main for hotfixes! [2026-11-03, session b, convention]',
          ],
        },
      ],
      relations: [],
    },
    '2026-11-03T10:00:00Z',
    { mergeNearDuplicates: true },
  );
  const texts = merged.graph.entities[0]?.observations.map((text) => parseStatement(text).text) ?? [];
  assert.ok(texts.includes('Never commit directly to main for hotfixes.'), '"never X" is not merged into "always X"');
  assert.ok(!texts.includes('Always commit directly to main for hotfixes!'), 'the same statement again is merged');
});

test('a proposal in one sync and its confirmation in the next give the decision, as in one sync of both', () => {
  const proposal = assistant('I recommend we cache availability in Redis for 60 seconds.', '05');
  const answer = user('yes do that', '05');
  const decisions = (delta: GraphDelta): string[] =>
    delta.entities.flatMap((entity) => entity.observations.filter((text) => parseStatement(text).kind === 'decision'));
  const first = extractDelta([proposal], { sessionId: 's1' });
  const second = extractDelta([answer], { sessionId: 's1' }, first.state);
  assert.deepEqual(decisions(second.delta), decisions(extractDelta([proposal, answer], { sessionId: 's1' }).delta));
  assert.match(decisions(second.delta)[0] ?? '', /^Agreed: cache availability in Redis for 60 seconds\./);
});

test('a commit message is read from the commit command itself: combined flags, not a later heredoc, not an echo', () => {
  assert.equal(commitMessage("git commit -am 'feat: add CSV export'"), 'feat: add CSV export');
  assert.equal(commitMessage(`git commit -m "fix: retry" && gh pr create --body "$(cat <<'EOF'\nThe PR body\nEOF\n)"`), 'fix: retry');
  assert.equal(commitMessage('echo "run git commit later" && cat <<EOF > notes.md\nnot a commit\nEOF'), undefined);
  assert.equal(
    pullRequestText(`git commit -m "fix: retry" && gh pr create --title "Retry" --body "$(cat <<'EOF'\nThe PR body\nEOF\n)"`),
    '# Retry\n\nThe PR body',
  );
});

const SESSION = 'session-abcdef12';
const askedLines = (delta: GraphDelta): string[] => statementsOf(delta, SESSION).filter((line) => line.includes('Asked:'));
const bookings = user('how do we stop double bookings');
const exclusion = assistant(
  "Good question. I'd do it in the database with an exclusion constraint on slip_id and the booking range, so two active bookings never overlap.",
);

test('a question is logged with the opening of its reply, in place of its plain line', () => {
  const lines = askedLines(extractDelta([bookings, exclusion], { sessionId: 'abcdef12' }).delta);
  assert.equal(lines.length, 1, JSON.stringify(lines));
  assert.match(lines[0] ?? '', /^fact: Asked: how do we stop double bookings → .*exclusion constraint on slip_id/);
});

test('the answer may come in a later sync, or after messages that only narrate tool calls', () => {
  // Without a question mark the question is logged at once: a session that ends on it keeps it.
  const first = extractDelta([bookings], { sessionId: 'abcdef12' });
  assert.deepEqual(askedLines(first.delta), ['todo: Asked: how do we stop double bookings']);
  const second = extractDelta([exclusion], { sessionId: 'abcdef12' }, first.state);
  assert.match(askedLines(second.delta)[0] ?? '', /^fact: Asked: how do we stop double bookings → .*exclusion constraint/);
  assert.equal(second.state.capture?.ask, undefined, 'answered, the question is no longer carried');
  const narrated = extractDelta(
    [user('which index keeps the booking lookups fast?'), ...Array.from({ length: 6 }, () => assistant('Let me check.')), exclusion],
    { sessionId: 'abcdef12' },
  );
  assert.match(askedLines(narrated.delta)[0] ?? '', /^fact: Asked: which index keeps the booking lookups fast\? → .*exclusion constraint/);
});

test('a question with a question mark and no reply that keeps anything is not logged; the next prompt closes it', () => {
  const lines = askedLines(extractDelta([user("what's next for today?"), user('ok thanks'), exclusion], { sessionId: 'abcdef12' }).delta);
  assert.deepEqual(lines, []);
});

test('a long question leaves the reply most of its line', () => {
  const question = user(`${'could you remind me about the reservation rules we discussed, '.repeat(4)}and how do we stop double bookings?`);
  const line = askedLines(extractDelta([question, exclusion], { sessionId: 'abcdef12' }).delta)[0] ?? '';
  assert.ok(line.includes('exclusion constraint on slip_id'), line);
  assert.ok(line.length <= 320, `${line.length} characters`);
});

test("the merge drops a question answered from memory, and supersedes a question's line with what its reply said", () => {
  const migrations = (day: string) => [
    user('how should we run schema migrations?', day),
    assistant("For schema migrations I'll set up Alembic, with one revision file per change.", day),
  ];
  const sync = { mergeNearDuplicates: true };
  const first = mergeDelta(
    { entities: [], relations: [] },
    extractDelta(migrations('02'), { sessionId: 'aaaa0001' }).delta,
    at('02'),
    sync,
  ).graph;
  // Another question in a later session, answered by restating what the memory holds (the real-client end to end
  // does this: its fake API gives every turn the same reply): the question's line is not new.
  const restated = extractDelta(
    [
      user('remind me how the database schema changes are applied', '03'),
      assistant("For schema migrations I'll set up Alembic, with one revision file per change.", '03'),
    ],
    { sessionId: 'cccc0003' },
  );
  const repeated = mergeDelta(first, restated.delta, at('03'), sync).graph;
  const repeatedLog = repeated.entities.find((entity) => entity.name === 'session-cccc0003')?.observations ?? [];
  assert.deepEqual(
    repeatedLog.filter((text) => text.startsWith('Asked:')),
    [],
  );
  // A later switch supersedes the reply, in its own statement and in the question's line.
  const switched = extractDelta([user("let's switch from Alembic to dbmate for migrations, plain SQL files", '18')], {
    sessionId: 'bbbb0002',
  });
  const graph = mergeDelta(first, switched.delta, at('18'), sync).graph;
  const line = graph.entities.find((entity) => entity.name === 'session-aaaa0001')?.observations.find((text) => text.startsWith('Asked:'));
  assert.equal(parseStatement(line ?? '').supersededOn, '2026-11-18', line);
});

test('a question logged plain by one sync is replaced by its answered line when the reply comes in the next', () => {
  const sync = { mergeNearDuplicates: true };
  const first = extractDelta([bookings], { sessionId: 'abcdef12' });
  const graph = mergeDelta({ entities: [], relations: [] }, first.delta, at('02'), sync).graph;
  const second = extractDelta([exclusion], { sessionId: 'abcdef12' }, first.state);
  const merged = mergeDelta(graph, second.delta, at('02'), sync).graph;
  const log = merged.entities.find((entity) => entity.name === SESSION)?.observations.filter((text) => text.startsWith('Asked:')) ?? [];
  assert.equal(log.length, 1, JSON.stringify(log));
  assert.match(log[0] ?? '', /^Asked: how do we stop double bookings → .*exclusion constraint/);
});

test('a session past its cap of statements logs no prompt whose sentence the decision patterns stored', () => {
  // 60 replies of ten fixes each fill the session's 400 statements; the last prompt is a decision.
  const replies = Array.from({ length: 60 }, (_, reply) =>
    assistant(
      Array.from(
        { length: 10 },
        (_, index) => `Fixed the crash in worker_${reply}_${index}.ts by retrying the failed job after a timeout.`,
      ).join(' '),
    ),
  );
  const last = 'We decided to use cursor pagination for the orders API because offset was slow.';
  const { delta } = extractDelta([user('set up the job queues for me please'), ...replies, user(last)], {
    sessionId: 'abcdef12',
    projectName: 'harborbook',
  });
  assert.ok(delta.entities.flatMap((entity) => entity.observations).length >= 400, 'the cap is reached');
  const copies = delta.entities.flatMap((entity) => entity.observations).filter((text) => text.includes(last));
  assert.equal(copies.length, 1, copies.join('\n'));
});

const summaryOf = (text: string): TranscriptMessage => ({ role: 'user', text, toolCalls: [], timestamp: at('03'), origin: 'summary' });

test('a compaction summary is read, its restated decisions as facts; not when the session had a <private> block', () => {
  const summary = summaryOf(
    'Errors and fixes:\n- Fixed the flaky checkout test by freezing the clock with `vi.useFakeTimers()`.\n- We decided to use Redis for the session store.',
  );
  const read = extractDelta([user('fix the flaky checkout test'), assistant('Looking.'), summary], { sessionId: 'abcdef12' });
  const all = read.delta.entities.flatMap((entity) => entity.observations.map((text) => parseStatement(text)));
  assert.ok(
    all.some((statement) => statement.text.includes('vi.useFakeTimers()')),
    'the summary is read',
  );
  const redis = all.find((statement) => statement.text.includes('Redis for the session store'));
  assert.notEqual(redis?.kind, 'decision', 'a decision the summary restates is no new decision');

  // The model retells what it saw, private parts too, without their tags.
  const secret = 'the staging password is Tr0ub4dor-staging';
  const privatePrompt = user('log in to staging with [private] and check the checkout');
  const retold = summaryOf(`Errors and fixes:\n- Fixed the login: ${secret}, used for the checkout test.`);
  const texts = (messages: TranscriptMessage[], state = {}) => {
    const result = extractDelta(messages, { sessionId: 'abcdef12' }, state);
    return { text: JSON.stringify(result.delta), state: result.state };
  };
  assert.doesNotMatch(texts([privatePrompt, assistant('Done.'), retold]).text, /Tr0ub4dor/);
  // In a later sync of the same session too.
  const first = texts([privatePrompt, assistant('Done.')]);
  assert.doesNotMatch(texts([retold], first.state).text, /Tr0ub4dor/);
});

test('a request the decision patterns store whole is written once, as the decision', () => {
  const request = "Let's replace offset pagination with cursor pagination for the orders API.";
  const { delta } = extractDelta([user(request), assistant('Done: the orders API pages with a cursor now.')], {
    sessionId: 'abcdef12',
    projectName: 'harborbook',
  });
  const copies = delta.entities
    .flatMap((entity) => entity.observations)
    .filter((text) => text.includes('cursor pagination for the orders'));
  assert.equal(copies.length, 1, copies.join('\n'));
});

test('a hook that blocked the session is kept as a warning on its script, not as a prompt of the user', () => {
  // As the transcript parser reads the client's meta line (test/core/transcript.test.ts): origin 'hook'.
  const feedback = [
    'Stop hook feedback:',
    '[${CLAUDE_PLUGIN_ROOT}/scripts/hooks/stop.sh]: # Running Quality Checks...',
    '',
    '# Uncommitted Changes Detected',
    '',
    'Cannot exit with unstaged changes.',
    '',
    'Before stopping, please:',
    '',
    '1. Run `git status` to check for files that should be gitignored',
  ].join('\n');
  const { delta } = extractDelta(
    [assistant("I'd suggest we keep the retry limit at 3."), { ...user(feedback), origin: 'hook' }, user('yes, keep it at 3')],
    {
      sessionId: 's1',
    },
  );
  assert.deepEqual(statementsOf(delta, 'scripts/hooks/stop.sh'), ['warning: Stop hook: Cannot exit with unstaged changes.']);
  // A rule of the project's tooling is one of its conventions (shown at session start).
  assert.deepEqual(statementsOf(delta, 'project-conventions'), [
    'convention: The Stop hook scripts/hooks/stop.sh blocks: Cannot exit with unstaged changes.',
  ]);
  const all = delta.entities.flatMap((entity) => entity.observations.map((text) => parseStatement(text).text));
  assert.ok(!all.some((text) => /hook feedback|Running Quality Checks|Before stopping/.test(text)), JSON.stringify(all));
  // The feedback is no answer to the proposal: the user's "yes" after it still confirms it.
  assert.ok(
    all.some((text) => /^Agreed: .*retry limit at 3/.test(text)),
    JSON.stringify(all),
  );
});

test('hook feedback is read in one linear pass and needs its "[command]:" part', () => {
  assert.equal(hookFeedbackOf('Stop hook feedback: please commit'), undefined);
  assert.equal(hookFeedbackOf('the Stop hook feedback: [x/y.sh]: Cannot exit with unstaged changes.'), undefined);
  assert.deepEqual(hookFeedbackOf('SubagentStop hook feedback:\n[bash ./hooks/check.sh]: Tests must pass before you stop.'), {
    event: 'SubagentStop',
    script: './hooks/check.sh',
    scriptType: 'file',
    rule: 'Tests must pass before you stop.',
    words: ['test', 'pass', 'stop'],
    convention: true,
  });
  // A PreToolUse hook's blocking error, its output's line breaks escaped: the line that introduces the rule is skipped.
  assert.deepEqual(
    hookFeedbackOf(
      'PreToolUse:Bash hook blocking error from command: "${CLAUDE_PLUGIN_ROOT}/scripts/pre-commit.sh": Pre-commit validation failed:\\n\\n[FORMAT] Code is not formatted.\\nRun \'mix format\' to fix.',
    ),
    {
      event: 'PreToolUse',
      script: 'scripts/pre-commit.sh',
      scriptType: 'file',
      rule: '[FORMAT] Code is not formatted.',
      words: ['format', 'code'],
      convention: true,
    },
  );
  // The words that let Claude through, when the hook's output says them ("If ...:" then the quoted phrase).
  assert.deepEqual(
    hookFeedbackOf(
      'Stop hook feedback:\n[hooks/stop.sh]: Cannot exit with unstaged changes.\n\n---\n\nIf you\'ve hit a problem you cannot solve without user input:\n\n  "I have run into a problem I can\'t solve without user input."\n',
    )?.escape,
    {
      when: "If you've hit a problem you cannot solve without user input",
      say: "I have run into a problem I can't solve without user input.",
    },
  );
  assert.equal(
    hookFeedbackOf('Stop hook feedback:\n[hooks/stop.sh]: Cannot exit with unstaged changes.\nIf in doubt:\nask')?.escape,
    undefined,
  );
  // Pathological: a long run of '[' and no closing bracket, and a huge output of noise lines.
  assert.equal(hookFeedbackOf(`Stop hook feedback:\n[${'['.repeat(100_000)}`), undefined);
  assert.equal(hookFeedbackOf(`Stop hook feedback:\n[a/b.sh]: ${'# x\n'.repeat(50_000)}`), undefined);
});

test("a hook's script is named as the project knows it; its output's noise, counts and secrets make no rule", () => {
  const scriptOf = (command: string, cwd?: string): string | undefined =>
    hookFeedbackOf(`Stop hook feedback:\n[${command}]: Cannot exit with unstaged changes.`, cwd)?.script;
  // Quoted as the hooks docs advise, a redirection after it, a bare script name, an absolute path in or out of the project.
  assert.equal(scriptOf('"$CLAUDE_PROJECT_DIR"/.claude/hooks/stop.sh'), '.claude/hooks/stop.sh');
  assert.equal(scriptOf('python3 check.py 2>/dev/null'), 'check.py');
  assert.equal(scriptOf('bash scripts/guard.sh > /tmp/stop.log'), 'scripts/guard.sh');
  assert.equal(scriptOf('/home/alice/acme/.claude/hooks/guard.sh', '/home/alice/acme'), '.claude/hooks/guard.sh');
  assert.equal(scriptOf('/home/alice/.claude/hooks/global-guard.sh', '/home/alice/acme'), 'global-guard.sh');
  // A prompt-type hook holds a prompt, not a script.
  const prompted = hookFeedbackOf('Stop hook feedback:\n[Check that all tasks are complete]: Two tasks are still open in the plan.');
  assert.equal(prompted?.script, 'Stop hook');
  assert.equal(prompted?.scriptType, 'hook');
  // Noise is no rule; a count is the state of one run, not a convention.
  assert.equal(hookFeedbackOf('Stop hook feedback:\n[a/stop.sh]: No stderr output'), undefined);
  assert.equal(hookFeedbackOf('Stop hook feedback:\n[a/stop.sh]: a/stop.sh: line 77: syntax error near unexpected token'), undefined);
  assert.equal(
    hookFeedbackOf('Stop hook feedback:\n[a/stop.sh]: [a/stop.sh]: Cannot exit with unstaged changes.')?.rule,
    'Cannot exit with unstaged changes.',
  );
  assert.equal(hookFeedbackOf('Stop hook feedback:\n[a/test.sh]: 3 tests failed in src/parser.test.ts')?.convention, false);
  // A secret right after an escaped line break is redacted with the rest.
  const secret = hookFeedbackOf(
    'PreToolUse:Bash hook blocking error from command: "a/guard.sh": Refused:\\nghp_abcdefghijklmnopqrstuvwxyz0123456789AB is a token',
  );
  assert.ok(secret && !secret.rule.includes('ghp_') && !secret.words.some((word) => word.includes('ghp')), JSON.stringify(secret));
});

test("Claude's response to a blocking hook is kept on the hook's script too, up to the user's next prompt", () => {
  const feedback =
    'Stop hook feedback:\n[${CLAUDE_PLUGIN_ROOT}/scripts/hooks/stop.sh]: # Uncommitted Changes Detected\n\nCannot exit with untracked files.';
  const { delta } = extractDelta(
    [
      { ...user(feedback), origin: 'hook' },
      assistant(
        'I need to add the untracked files to `.gitignore` because they are generated by pytest. Added the `slugify` helper to `utils.py`.',
      ),
      user('thanks. now add a `--verbose` flag to the CLI'),
      assistant('Added the `--verbose` flag to `cli.py`.'),
    ],
    { sessionId: 's1' },
  );
  const onScript = statementsOf(delta, 'scripts/hooks/stop.sh');
  assert.equal(onScript[0], 'warning: Stop hook: Cannot exit with untracked files.');
  assert.ok(
    onScript.some((line) => /^fact: In response: I need to add the untracked files to `\.gitignore`/.test(line)),
    JSON.stringify(onScript),
  );
  // It stays on what it is about too (a statement is held once in the graph: the copy says it is a response).
  const merged = mergeDelta({ entities: [], relations: [] }, delta, '2026-11-02T10:00:00Z', { mergeNearDuplicates: true }).graph;
  const gitignore = merged.entities.find((entity) => entity.name === 'gitignore');
  assert.ok(
    gitignore?.observations.some((text) => /^I need to add the untracked files/.test(text)),
    JSON.stringify(merged.entities),
  );
  // Not what shares no word with the hook's rule, nor what follows the user's next prompt.
  assert.ok(!onScript.some((line) => /slugify|--verbose/.test(line)), JSON.stringify(onScript));
});

test('a markup tag in code is no name: "Worked on <td>" is not written', () => {
  const names = findMentions(
    'Both subagent rows need an extra empty `<td>` (or `<td></td>`) for the `Status` column of `session_live.ex`.',
  ).map((mention) => mention.name);
  assert.deepEqual(names, ['Status', 'session_live.ex']);
  // A component written as its tag is that component.
  assert.deepEqual(
    findMentions('Render `<DataTable>` inside `</OrdersPage>`.').map((mention) => mention.name),
    ['DataTable', 'OrdersPage'],
  );
});

test('a sentence of a list item that names nothing itself is kept on what the item opens with, as written', () => {
  const report = [
    'Here is what was implemented:',
    '',
    '- `lib/app/registry.ex` — GenServer with an ETS table tracking session lifecycle. Sweeps stale sessions every 15s with a 90s TTL. Broadcasts on the `session_activity` topic.',
    '- Idle sessions expire after 90 seconds and are removed from the dashboard.',
  ].join('\n');
  const { delta } = extractDelta([assistant(report)], { sessionId: 'abcdef12', projectName: 'harbor' });
  const registry = statementsOf(delta, 'lib/app/registry.ex');
  assert.ok(registry.includes('fact: Sweeps stale sessions every 15s with a 90s TTL.'), JSON.stringify(registry));
  // A sentence that names something goes to what it names; an item with no opening code span stays on the session.
  assert.ok(!registry.some((line) => line.includes('Broadcasts')), JSON.stringify(registry));
  assert.ok(
    statementsOf(delta, 'session-abcdef12').some((line) => line.includes('Idle sessions expire after 90 seconds')),
    JSON.stringify(statementsOf(delta, 'session-abcdef12')),
  );
});

test('a request is to do until the session edits or commits after it, in this sync or a later one', () => {
  const context = { sessionId: 's1', projectName: 'harbor' };
  const requested = 'Requested: Add a multiply_numbers function to calc.py with a test.';
  const kinds = (graph: GraphDelta): string[] =>
    (graph.entities.find((entity) => entity.name === 'session-s1')?.observations ?? [])
      .map(parseStatement)
      .filter((statement) => statement.text === requested)
      .map((statement) => statement.kind);
  const edit = { id: 'e1', name: 'Edit', input: { file_path: '/repo/calc.py', old_string: 'x', new_string: 'y' } };
  // Asked, and the session ends before any work: it stays to do.
  const first = extractDelta([user('Add a multiply_numbers function to calc.py with a test.')], context);
  assert.deepEqual(kinds(first.delta), ['todo']);
  // The next sync edits the file: done, in place of the task the bank held.
  const second = extractDelta([assistant('Adding it now.', '02', [edit])], context, first.state);
  assert.deepEqual(kinds(second.delta), ['done']);
  const held = mergeDelta({ entities: [], relations: [] }, first.delta, '2026-11-02T10:00:00Z', { mergeNearDuplicates: true }).graph;
  const merged = mergeDelta(held, second.delta, '2026-11-02T10:05:00Z', { mergeNearDuplicates: true }).graph;
  assert.deepEqual(kinds(merged), ['done']);
  // What Claude says is no work: "Added in React 18.3, ..." reads as done, and a reply that explains does nothing.
  const said = extractDelta(
    [
      user('Add a multiply_numbers function to calc.py with a test.'),
      assistant('Added in Python 3.8, `math.prod()` already multiplies numbers.'),
      assistant('The `calc.py` module holds the arithmetic helpers.'),
    ],
    context,
  );
  assert.deepEqual(kinds(said.delta), ['todo']);
  // A commit is work; a later request (even one not logged) leaves the earlier one to do, and the work after it is its own.
  const commit = { id: 'c1', name: 'Bash', input: { command: 'git add -A && git commit -m "Add multiply_numbers"' } };
  assert.deepEqual(
    kinds(extractDelta([user('Add a multiply_numbers function to calc.py with a test.'), assistant('', '02', [commit])], context).delta),
    ['done'],
  );
  const moved = extractDelta(
    [
      user('Add a multiply_numbers function to calc.py with a test.'),
      user("Let's replace offset pagination with cursor pagination."),
      assistant('', '02', [edit]),
    ],
    context,
  );
  assert.deepEqual(kinds(moved.delta), ['todo']);
});
