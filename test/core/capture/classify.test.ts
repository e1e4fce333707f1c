import assert from 'node:assert/strict';
import test from 'node:test';
import { classifyStatement } from '../../../src/core/capture/classify.ts';

test('filler, narration of the next step and questions are dropped', () => {
  for (const text of [
    'Let me look at the config file.',
    "I'll start by reading the tests.",
    'Great question!',
    'Now let me run the build.',
    'Would you like me to add tests as well?',
    'Perfect.',
  ]) {
    assert.equal(classifyStatement(text, 'assistant'), undefined, text);
  }
});

test('statements that carry project knowledge are kept with their kind', () => {
  const cases: Array<[string, 'user' | 'assistant' | 'commit', string]> = [
    ['The root cause was the default `socket_timeout` of 1s in redis-py.', 'assistant', 'cause'],
    ['Fixed by raising it to 5s and adding a retry with backoff.', 'assistant', 'fix'],
    ["Let's go with Postgres for the main database.", 'user', 'decision'],
    ['I want to use FastAPI with PostgreSQL, Redis for caching, and Docker.', 'user', 'decision'],
    ['I prefer concise answers with bullet points.', 'user', 'preference'],
    ['never commit directly to main', 'user', 'convention'],
    ['Note that the webhook needs the raw body, otherwise the signature check fails.', 'assistant', 'warning'],
    ["I've added `exportOrdersCsv()` in src/orders/export.ts.", 'assistant', 'done'],
    ["I've successfully created the `useTodos` hook in src/hooks/useTodos.ts.", 'assistant', 'done'],
    ['feat: transcript + terminal annotations with message references', 'commit', 'done'],
    ['Refresh tokens are stored hashed in the `refresh_tokens` table and rotated on every use.', 'assistant', 'fact'],
  ];
  for (const [text, source, kind] of cases) {
    assert.equal(classifyStatement(text, source)?.kind, kind, text);
  }
});

test('an acknowledgement in front of a finding is stripped, the finding kept', () => {
  assert.deepEqual(
    classifyStatement("You're right, the cause was the missing index on `bookings.slip_id`.", 'assistant')?.text,
    'the cause was the missing index on `bookings.slip_id`.',
  );
});

test('a hedge is no decision', () => {
  assert.notEqual(classifyStatement('Maybe we decided to use gRPC, I am not sure.', 'user')?.kind, 'decision');
});

test('decisions in natural phrasing', () => {
  for (const text of [
    'I want to use FastAPI with PostgreSQL.',
    "let's go with Redis for sessions",
    'We will use cursor pagination instead of offsets.',
    'We switched from Alembic to dbmate last week.',
    "we'll use Celery for the email jobs",
    'stick with Postgres for now',
    'drop Postmark, we move to SES',
    'Settled: the retry budget is 3 attempts.',
    'Going forward the API returns RFC 7807 problem details.',
  ]) {
    assert.equal(classifyStatement(text, 'user')?.kind, 'decision', text);
  }
});

test("a compaction summary's retelling of the conversation is dropped, what it found is kept", () => {
  for (const text of [
    'Second User Message: "ok can you create a hello_world.py file and add a minimal code in it?"',
    'My response: Used Read tool on `/workspace/hello_world.py`',
    'hello_world.py (created in message 2)',
    'This session is being continued from a previous conversation that ran out of context.',
    'Analysis: Let me trace through the conversation chronologically:',
    '"ok can you create a hello_world.py file and add a minimal code in it?"',
    'No explicit pending tasks.',
    'Location: First attempt to run number_generator.py in message 5',
    'If you need specifics, read the full transcript at: /home/user/.claude/projects/x/abc.jsonl',
    // Our own injected context, retold.
    '- Migrations run with dbmate, plain SQL files in db/migrations (decision, 2026-11-18)',
    'previously: Migrations run with Alembic (until 2026-11-18)',
  ]) {
    assert.equal(classifyStatement(text, 'summary'), undefined, text);
  }
  for (const text of [
    'Solved: Python version compatibility issue by switching from `python` to `python3`',
    '`src/jobs/retry.ts` (created in message 3): retries failed jobs 5 times with backoff',
    'Location: `lib/spotter/otel_trace_helpers.ex`, put_trace_response_header/1 adds the trace id header',
  ]) {
    assert.ok(classifyStatement(text, 'summary'), text);
  }
  // Only in a summary: an assistant's "Location:" line is its own.
  assert.ok(classifyStatement('Location: the retry lives in `src/jobs/retry.ts` now', 'assistant'));
});

test('a lead-in that names nothing, and narration of the moment, are dropped; a lead-in with a detail or a step stays', () => {
  // Shapes of statements a helper labelled "drop" (bench/capture/real/statement-quality.json, tuning half), each kept
  // before these rules (a technology, an identifier or a code span made it salient).
  for (const text of [
    'I ported the Python utility library to Rust with the following:',
    "I've made excellent progress on the spotter-4te OpenTelemetry tracing epic",
    "Wait, that's showing 4 files including the CSS.",
    'Still compiling `phoenix_live_view`.',
  ]) {
    assert.ok(classifyStatement(text, 'user'), `kept as the user's words: ${text}`);
    assert.equal(classifyStatement(text, 'assistant'), undefined, text);
  }
  for (const [text, source] of [
    ["Now let's add test configuration to disable tracing by default:", 'assistant'],
    ['Create `spotter-plugin/scripts/lib/trace_context.sh` helper with:', 'assistant'],
    ['The hooks live in hooks.json under SessionStart:', 'assistant'],
    ['We decided to use Postgres over MySQL for these reasons:', 'assistant'],
    ['The root cause was a race in the scheduler:', 'assistant'],
    ['Never push directly to main, always follow this process:', 'user'],
    ['Migrate the billing service from Stripe to Adyen with these steps:', 'plan'],
    ['Wait, use pnpm instead of npm for this repo.', 'user'],
    ['Still running into ECONNRESET after bumping the timeout to 30s.', 'assistant'],
    ['Wait for the migration to finish before deploying the `api` service.', 'assistant'],
  ] as const) {
    assert.ok(classifyStatement(text, source), text);
  }
});

test('a statement of one bare word only names something: dropped', () => {
  for (const text of ['opentelemetry_phoenix', '`scripts/tail_wrapper.sh`', 'src/orders/export.ts:']) {
    assert.ok(classifyStatement(`Uses ${text}`, 'assistant'), `kept with a verb: ${text}`);
    assert.equal(classifyStatement(text, 'assistant'), undefined, text);
  }
  // A sentence written without spaces is no bare name.
  for (const text of ['我们决定使用PostgreSQL作为主数据库，不再使用MySQL。', 'テストは必ずvitestで書いてください。']) {
    assert.ok(classifyStatement(text, 'user'), text);
  }
  assert.equal(classifyStatement('Uses `opentelemetry_phoenix`', 'assistant')?.kind, 'fact');
});

test('a setting with its value is kept, short as it is; a step or line number is not a setting', () => {
  for (const text of ['Default port is 1100.', 'Enforces max 50 hashes per request', 'timeout: 30']) {
    assert.ok(classifyStatement(text, 'assistant')?.features.includes('setting'), text);
  }
  for (const text of ['Step 3 is done', 'Line 42 is wrong', 'Default port is configurable.', 'Now port 3 files.', 'Tried port 3 times.']) {
    assert.equal(classifyStatement(text, 'assistant'), undefined, text);
  }
});

test('a next step that says what it replaces or why is a decision, not narration', () => {
  for (const text of [
    "Let me put it in `priv/scripts/` instead since that's what Elixir apps package.",
    'Let me use the full module path inline instead to satisfy the compiler.',
    "Let me try python3 instead since that's more commonly available.",
    "I'll keep the counter in ETS rather than a GenServer state.",
  ]) {
    assert.equal(classifyStatement(text, 'assistant')?.kind, 'decision', text);
  }
  // Still narration: "since" of time, a next step that says neither what nor why, a courtesy, a trial.
  for (const text of [
    'Let me check what changed since the last commit.',
    'Let me try a different command.',
    "Let me just re-open the epic since there's new work to do.",
    'Let me check the logs instead.',
    'Let me check the logs since it was restarted.',
    "Let me know if you'd rather use MySQL instead of PostgreSQL.",
    'Feel free to use yarn instead of npm.',
    'Let me try using SQLite instead of Postgres for the tests to see if it is faster.',
    'Let me temporarily use `yarn` instead of npm since the lockfile is broken.',
    'Let me quickly use `yarn` instead of npm to unblock the install.',
    'Let me grep for `handle_info` instead.',
    'Then let me read `mix.exs` instead.',
  ]) {
    assert.equal(classifyStatement(text, 'assistant'), undefined, text);
  }
});

test('"TODO" is work left only as a marker, not as the noun of a to-do app', () => {
  for (const text of [
    'TODO: retry the webhook when `fetchOrders()` times out.',
    'Todo: wire `AuthGuard` into src/router.ts',
    '// TODO(alice): handle the empty-line case in src/sync/parser.ts',
    'The next step is to port `config.py` to Rust.',
  ]) {
    assert.equal(classifyStatement(text, 'assistant')?.kind, 'todo', text);
  }
  // The corpus's to-do app session: what was built, not what is left; and a file named TODO.
  for (const text of [
    'I have successfully created a fully functional TODO app by integrating all components in `app/page.tsx`.',
    'The `Todo` interface has id, text, completed, createdAt and updatedAt properties.',
    'Users can add a TODO, edit it, and delete it via `TodoService`.',
    'The files are actually in `/path/to/Demo/todo-app/types/` directory.',
    "I've updated TODO.md with the release checklist for `v2.0`.",
  ]) {
    const kind = classifyStatement(text, 'assistant')?.kind;
    assert.ok(kind !== undefined && kind !== 'todo', `${text}: ${kind}`);
  }
});

test('"remaining" and "pending" are work left only of tasks, not of blocks or changes met in passing', () => {
  for (const text of [
    'The remaining tasks are: port `dict_utils.py` and wire `just check`.',
    'Two tests in `sync_test.exs` are still pending.',
    'Pending: the migration for `annotations.priority`.',
  ]) {
    assert.equal(classifyStatement(text, 'assistant')?.kind, 'todo', text);
  }
  // The real banks' misreadings (session 22): a parser step and a git status.
  for (const text of [
    'jsonl_parser.ex - JSONL Parsing: Collect pending file tool_use blocks from assistant messages',
    'The only remaining unstaged change is `.mcp.json` which is unrelated.',
  ]) {
    assert.notEqual(classifyStatement(text, 'assistant')?.kind, 'todo', text);
  }
});
