import assert from 'node:assert/strict';
import { parseStatement } from '../../src/core/statement.ts';
import { test } from 'node:test';
import { extractDelta, isJunkName, toEntityName } from '../../src/core/extract.ts';
import type { GraphDelta } from '../../src/core/graph.ts';
import type { TranscriptMessage } from '../../src/core/transcript.ts';

const user = (text: string): TranscriptMessage => ({ role: 'user', text, toolCalls: [] });
const assistant = (text: string): TranscriptMessage => ({ role: 'assistant', text, toolCalls: [] });

test('decisions become decision entities with their scope, alternatives and technologies', () => {
  const cases: Array<{ text: string; decision: string; relations: string[] }> = [
    {
      text: 'We decided to use cursor pagination for the orders API because offset pagination was slow.',
      decision: 'cursor-pagination',
      relations: ['orders-api uses cursor-pagination'],
    },
    {
      text: "Let's use Redis for the session store instead of Memcached because we need persistence.",
      decision: 'redis',
      relations: ['session-store uses redis', 'redis chose_over Memcached'],
    },
    {
      text: 'We chose PostgreSQL over MongoDB since the data is relational.',
      decision: 'postgresql',
      relations: ['postgresql chose_over MongoDB'],
    },
    {
      text: 'The team agreed to adopt Zod schemas for all request validation.',
      decision: 'zod-schemas',
      relations: ['zod-schemas uses Zod'],
    },
  ];
  for (const { text, decision, relations } of cases) {
    const { delta } = extractDelta([user(text)]);
    const entity = delta.entities.find((candidate) => candidate.name === decision);
    assert.ok(entity, `${decision} from: ${text} (got ${delta.entities.map((candidate) => candidate.name).join(', ')})`);
    assert.equal(entity.entityType, 'decision');
    assert.deepEqual(entity.observations, [text]);
    const rendered = delta.relations.map((relation) => `${relation.from} ${relation.relationType} ${relation.to}`);
    for (const relation of relations) {
      assert.ok(rendered.includes(relation), `${relation} in [${rendered.join('; ')}]`);
    }
  }
});

test('plain conversation yields nothing', () => {
  const { delta } = extractDelta([
    user('Can you look at the failing test in orders.spec.ts?'),
    assistant('Sure, I will read the file first.'),
  ]);
  assert.deepEqual(delta, { entities: [], relations: [] });
});

test('suggestions by Claude are not taken as decisions, explicit team decisions are', () => {
  assert.equal(extractDelta([assistant("Let's use a Map here instead of an object.")]).delta.entities.length, 0);
  assert.equal(extractDelta([assistant('We decided to use Vitest for unit tests.')]).delta.entities[0]?.name, 'vitest');
});

test('user conventions are kept as convention observations', () => {
  const { delta } = extractDelta([user('Always run the linter before committing. Never push directly to main.')]);
  const conventions = delta.entities.find((entity) => entity.entityType === 'convention');
  assert.deepEqual(conventions?.observations, [
    'Always run the linter before committing. [convention]',
    'Never push directly to main. [convention]',
  ]);
});

test('package installs in Bash tool calls become package entities', () => {
  const message: TranscriptMessage = {
    role: 'assistant',
    text: '',
    toolCalls: [{ name: 'Bash', input: { command: 'npm install --save-dev vitest@3 @types/node && pip install requests' } }],
  };
  const names = extractDelta([message])
    .delta.entities.map((entity) => entity.name)
    .sort();
  assert.deepEqual(names, ['@types/node', 'requests', 'vitest']);
});

test('phrases become short kebab-case names, or nothing when too long or empty', () => {
  assert.equal(toEntityName('the Orders API'), 'orders-api');
  assert.equal(toEntityName('a very long phrase that keeps on going'), undefined);
  assert.equal(toEntityName('--'), undefined);
});

const tool = (id: string, name: string, input: Record<string, unknown>, timestamp = '2026-11-30T10:00:00Z'): TranscriptMessage => ({
  role: 'assistant',
  text: '',
  timestamp,
  cwd: '/repo',
  toolCalls: [{ id, name, input }],
});
const result = (id: string, isError: boolean, head: string): TranscriptMessage => ({
  role: 'user',
  text: '',
  toolCalls: [],
  toolResults: [{ toolUseId: id, isError, head }],
});

test('switching and replacing name the new decision, the old choice, and tie them with chose_over', () => {
  const cases: Array<[string, string, string]> = [
    ['We switched from Jest to Vitest because it is faster.', 'vitest', 'Jest'],
    ["Let's replace Moment with date-fns across the app.", 'date-fns-across-the-app', 'moment'],
  ];
  for (const [text, newer, older] of cases) {
    const { delta } = extractDelta([user(text)]);
    assert.ok(
      delta.entities.some((entity) => entity.name === newer && entity.entityType === 'decision'),
      `${newer} in ${JSON.stringify(delta.entities.map((entity) => entity.name))}`,
    );
    assert.ok(
      delta.relations.some((relation) => relation.from === newer && relation.relationType === 'chose_over' && relation.to === older),
      JSON.stringify(delta.relations),
    );
  }
});

test('questions and hypotheticals are not decisions', () => {
  for (const text of [
    'Should we use Redis for the cache?',
    'If we decided to use Kafka, what would change?',
    'Maybe we decided to use gRPC, I am not sure.',
  ]) {
    const { delta } = extractDelta([user(text)]);
    assert.deepEqual(
      delta.entities.filter(
        (entity) => entity.entityType === 'decision' || entity.observations.some((o) => parseStatement(o).kind === 'decision'),
      ),
      [],
      text,
    );
  }
});

test('observations carry the date and session they came from', () => {
  const { delta } = extractDelta([{ ...user('We decided to use Redis for the cache.'), timestamp: '2026-03-04T05:06:07Z' }], {
    sessionId: 'abcdef123456',
  });
  assert.deepEqual(delta.entities.find((entity) => entity.name === 'redis')?.observations, [
    'We decided to use Redis for the cache. [2026-03-04, session abcdef12, decision]',
    'Redis: cache [2026-03-04, session abcdef12, fact]',
  ]);
});

test('the stack the user names becomes "<project> uses <technology>" (aliases resolved)', () => {
  const { delta } = extractDelta([user('Our backend is built with postgres and k8s, and we use Redis.')], { projectName: 'shop' });
  const uses = delta.relations
    .filter((relation) => relation.from === 'shop')
    .map((relation) => relation.to)
    .sort();
  assert.deepEqual(uses, ['Kubernetes', 'PostgreSQL', 'Redis']);
});

test('tool calls give files edited, notable commands with their outcome, and an error with the fix that followed', () => {
  const messages = [
    tool('1', 'Bash', { command: 'npm test' }),
    result('1', true, '> vitest run\nFAIL src/orders.test.ts\nError: expected 3 to equal 2'),
    tool('2', 'Edit', { file_path: '/repo/src/orders.ts', old_string: 'a', new_string: 'b' }),
    result('2', false, 'The file /repo/src/orders.ts has been updated.'),
    tool('3', 'Bash', { command: 'npm test' }),
    result('3', false, 'All tests passed'),
    tool('4', 'Bash', { command: 'ls -la' }),
    result('4', true, 'ls: cannot access'),
    tool('5', 'Write', { file_path: '/tmp/scratch.txt', content: 'x' }),
  ];
  const { delta, stats } = extractDelta(messages, { sessionId: 's1' });
  const byName = new Map(delta.entities.map((entity) => [entity.name, entity]));
  assert.deepEqual(byName.get('session-s1')?.observations, ['Changed src/orders.ts [2026-11-30, session s1, done]']);
  assert.equal(byName.has('src/orders.ts'), false, 'a file changed and never talked about is no entity of its own');
  assert.deepEqual(byName.get('npm-test')?.observations, ['Run as `npm test`.']);
  assert.deepEqual(byName.get('npm-test-failure')?.observations, [
    'Error: `npm test` failed: Error: expected 3 to equal 2. [2026-11-30, session s1]',
    'Fix: passed again after editing src/orders.ts. [2026-11-30, session s1]',
  ]);
  assert.equal(byName.has('/tmp/scratch.txt'), false, 'temp files are not remembered');
  assert.equal(
    [...byName.keys()].some((name) => name.startsWith('ls')),
    false,
    'ordinary commands are not remembered',
  );
  assert.equal(stats.errors, 1);
});

test('a document the session writes is read for statements: on what each names, else on its file; none outside the project', () => {
  const readme = [
    '## Tracing',
    '',
    '### Architecture',
    '| Layer | Instrumentation |',
    '|---|---|',
    '| Phoenix controllers | `with_span` macro in hook controllers |',
    '',
    '### Production',
    'Set these environment variables to send spans to an OTLP collector:',
    '```bash',
    'export OTEL_EXPORTER=otlp',
    '```',
    '',
    'Spans are batched before export to keep the overhead low.',
  ].join('\n');
  const messages = [
    tool('1', 'Edit', { file_path: '/repo/README.md', old_string: '## Landing page', new_string: readme }),
    tool('2', 'Write', { file_path: '/home/alice/notes.md', content: '## Notes\n\nThe staging password rotates every Monday at noon.' }),
    tool('3', 'Write', {
      file_path: '/repo/node_modules/x/README.md',
      content: '## X\n\nThe library caches every lookup for ten minutes.',
    }),
    tool('4', 'Write', {
      file_path: '/repo/../home/alice/TODO.md',
      content: '## Plans\n\nThe cron job restarts the mailer at midnight daily.',
    }),
    tool('5', 'Write', {
      file_path: '/repo/.claude/commands/review.md',
      content: 'You are a strict reviewer: always reject pull requests without tests.',
    }),
    tool('6', 'Write', {
      file_path: '/repo/deps/phoenix/README.md',
      content: '## Phoenix\n\nThe endpoint serves assets from priv/static by default.',
    }),
    // Rejected by the user: nothing was written.
    tool('7', 'Write', { file_path: '/repo/docs/db.md', content: '## Storage\n\nWe store every session in MongoDB with a 30 day TTL.' }),
    // Cut at the tool input's 8,000 characters: its last, cut line says what is not so.
    tool('8', 'Write', {
      file_path: '/repo/docs/limits.md',
      content:
        `## Limits\n\n${'The gateway keeps each upstream connection alive between calls.\n'.repeat(124)}` +
        'Redis caches sessions for 1000 seconds in production, and evicts the oldest first.',
    }),
    tool('9', 'Write', {
      file_path: '/repo/docs/api.md',
      content: '## Action Methods\n\n- `addTodo(text)`: Add a new todo to the list and persist it.',
    }),
    ...['1', '2', '3', '4', '5', '6', '8', '9'].map((id) => result(id, false, 'ok')),
    result('7', true, "The user doesn't want to proceed with this tool use. The tool use was rejected."),
  ];
  const { delta } = extractDelta(messages, { sessionId: 's1', projectName: 'spotter' });
  const statements = delta.entities.flatMap((entity) => entity.observations.map((text) => `${entity.name}: ${text}`));
  assert.ok(
    statements.includes(
      'README.md: Production: Set these environment variables to send spans to an OTLP collector: `export OTEL_EXPORTER=otlp` [2026-11-30, session s1, fact]',
    ),
    statements.join('\n'),
  );
  assert.ok(
    statements.includes(
      'with_span: Architecture: Phoenix controllers: `with_span` macro in hook controllers [2026-11-30, session s1, fact]',
    ),
    statements.join('\n'),
  );
  assert.equal(delta.entities.find((entity) => entity.name === 'README.md')?.entityType, 'file');
  // A heading is no role: "Architecture: Phoenix controllers" says nothing of what Phoenix is for.
  assert.equal(
    statements.some((text) => text.startsWith('Phoenix: Phoenix: Architecture')),
    false,
    statements.join('\n'),
  );
  assert.equal(
    statements.some((text) => /staging password|ten minutes|mailer at midnight|strict reviewer|priv\/static/.test(text)),
    false,
    `not a document outside the project, in its dependencies or the client's prompts:\n${statements.join('\n')}`,
  );
  assert.equal(
    statements.some((text) => /MongoDB/.test(text)),
    false,
    'not a document whose Write was rejected',
  );
  assert.equal(
    statements.some((text) => /Redis caches sessions/.test(text)),
    false,
    'not the cut last line of a document',
  );
  const todo = statements.find((text) => text.includes('Add a new todo'));
  assert.ok(todo?.endsWith('fact]'), `a document's "Add a new todo" is no task of the session: ${todo}`);
  assert.equal(
    statements.some((text) => text.startsWith('session-s1:') && text.includes('Add a new todo')),
    false,
  );
});

test("a Justfile's recipes an edit writes are statements on their commands, once the edit happened", () => {
  const messages = [
    tool('1', 'Write', {
      file_path: '/repo/Justfile',
      content:
        '# Run all checks (tests with 100% coverage requirement)\ncheck:\n    cargo llvm-cov --fail-under-lines 100\n\ntest:\n    cargo test\n',
    }),
    result('1', false, 'File created successfully at: /repo/Justfile'),
    tool('2', 'Edit', { file_path: '/repo/Justfile', old_string: 'test:\n    cargo test', new_string: 'test:\n    cargo nextest run' }),
    result('2', true, '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>'),
    tool('3', 'Write', { file_path: '/home/alice/Justfile', content: 'deploy:\n    ./deploy.sh\n' }),
    result('3', false, 'ok'),
  ];
  const { delta } = extractDelta(messages, { sessionId: 's1', projectName: 'python-utils' });
  const byName = new Map(delta.entities.map((entity) => [entity.name, entity]));
  assert.deepEqual(byName.get('just-check')?.observations, [
    '`just check` runs `cargo llvm-cov --fail-under-lines 100` (Run all checks (tests with 100% coverage requirement)) [2026-11-30, session s1, fact]',
  ]);
  assert.deepEqual(
    byName.get('just-test')?.observations,
    ['`just test` runs `cargo test` [2026-11-30, session s1, fact]'],
    'the refused edit changed nothing',
  );
  assert.equal(byName.get('just-check')?.entityType, 'command');
  assert.ok(
    delta.relations.some(
      (relation) => relation.from === 'python-utils' && relation.relationType === 'uses' && relation.to === 'just-check',
    ),
  );
  assert.equal(byName.has('just-deploy'), false, 'not a file outside the project');
});

test('an edit of an ignore file records the patterns it adds, on the file: not its comments, blanks or old lines', () => {
  const messages = [
    tool('1', 'Edit', {
      file_path: '/repo/.gitignore',
      old_string: '# managed\n.claude/bin/',
      new_string: '# managed\n.claude/bin/\n\n# Python\n__pycache__/\n*.pyc\n.coverage',
    }),
    tool('2', 'Write', { file_path: '/repo/.dockerignore', content: 'node_modules\n.git\n' }),
    tool('3', 'MultiEdit', { file_path: '/repo/web/.prettierignore', edits: [{ old_string: 'a', new_string: 'a\ndist/' }] }),
    tool('4', 'Edit', { file_path: '/repo/src/ignore.ts', old_string: 'a', new_string: 'a\nb' }),
    ...['1', '2', '3', '4'].map((id) => result(id, false, 'ok')),
  ];
  const { delta } = extractDelta(messages, { sessionId: 's1' });
  const byName = new Map(delta.entities.map((entity) => [entity.name, entity]));
  assert.deepEqual(byName.get('.gitignore')?.observations, [
    'Added to .gitignore: __pycache__/, *.pyc, .coverage [2026-11-30, session s1, done]',
  ]);
  assert.deepEqual(byName.get('.dockerignore')?.observations, ['.dockerignore lists: node_modules, .git [2026-11-30, session s1, done]']);
  assert.deepEqual(byName.get('web/.prettierignore')?.observations, ['Added to web/.prettierignore: dist/ [2026-11-30, session s1, done]']);
  assert.equal(byName.has('src/ignore.ts'), false, 'only ignore files');
  // Not a file outside the project; a text cut short (8,000 characters) loses its cut line.
  const outside = extractDelta(
    [tool('6', 'Edit', { file_path: '/home/alice/.gitignore', old_string: '', new_string: 'x' }), result('6', false, 'ok')],
    {
      sessionId: 's1',
    },
  ).delta;
  assert.equal(
    outside.entities.some((entity) => entity.name.endsWith('.gitignore')),
    false,
  );
  const cut = extractDelta(
    [
      tool('7', 'Edit', { file_path: '/repo/.gitignore', old_string: '', new_string: `dist/\n${'x'.repeat(9000)}` }),
      result('7', false, 'ok'),
    ],
    {
      sessionId: 's1',
    },
  ).delta;
  assert.deepEqual(cut.entities.find((entity) => entity.name === '.gitignore')?.observations, [
    'Added to .gitignore: dist/ [2026-11-30, session s1, done]',
  ]);
  // At most twelve patterns, however long the file (one pass over its lines).
  const long = extractDelta(
    [
      tool('5', 'Write', { file_path: '/repo/.gitignore', content: Array.from({ length: 5000 }, (_, i) => `p${i}`).join('\n') }),
      result('5', false, 'ok'),
    ],
    {
      sessionId: 's1',
    },
  ).delta;
  const text = long.entities.find((entity) => entity.name === '.gitignore')?.observations[0] ?? '';
  assert.equal(
    text
      .replace(/ \[[^\]]*\]$/, '')
      .replace(/^.*?: /, '')
      .split(', ').length,
    12,
  );
});

test('an edit the tool refused changed nothing: no "Changed" line, the refusal on the session; a result in the next sync counts', () => {
  const refused = [
    tool('1', 'Write', { file_path: '/repo/types/state.ts', content: 'export type State = {}' }),
    result('1', true, '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>'),
    tool('2', 'Edit', { file_path: '/repo/src/app.ts', old_string: 'a', new_string: 'b' }),
  ];
  const first = extractDelta(refused, { sessionId: 's1' });
  assert.deepEqual(first.delta.entities.find((entity) => entity.name === 'session-s1')?.observations, [
    'Write of types/state.ts failed: File has not been read yet. Read it first before writing to it. [2026-11-30, session s1, fact]',
  ]);
  // The edit whose result is not in this sync waits for it, and is written when it comes.
  const second = extractDelta([result('2', false, 'The file /repo/src/app.ts has been updated.')], { sessionId: 's1' }, first.state);
  assert.deepEqual(second.delta.entities.find((entity) => entity.name === 'session-s1')?.observations, [
    'Changed src/app.ts [2026-11-30, session s1, done]',
  ]);
  assert.equal(second.state.tools?.pendingCalls, undefined);
  // Synced in pieces between the calls and their results (a transcript read in 1 MB pieces, or the Stop hook's pass
  // over the last reply in between), the same facts as synced whole.
  const calls = [
    tool('3', 'Write', { file_path: '/repo/a.ts', content: 'x' }),
    tool('4', 'Edit', { file_path: '/repo/b.ts', old_string: 'a', new_string: 'b' }),
  ];
  const results = [
    result('3', true, '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>'),
    result('4', false, 'ok'),
  ];
  const lines = (delta: GraphDelta) => delta.entities.flatMap((entity) => entity.observations).sort();
  const whole = lines(extractDelta([...calls, ...results], { sessionId: 's1' }).delta);
  const part1 = extractDelta(calls, { sessionId: 's1' });
  const reply = extractDelta([assistant('Done.')], { sessionId: 's1' }, part1.state);
  const part2 = extractDelta(results, { sessionId: 's1' }, reply.state);
  assert.deepEqual([...lines(part1.delta), ...lines(reply.delta), ...lines(part2.delta)].sort(), whole);
  assert.ok(
    whole.some((line) => line.startsWith('Write of a.ts failed')) && !whole.some((line) => line.startsWith('Changed a.ts')),
    whole.join('; '),
  );
  // An edit whose result never comes, the user having spoken since, counts as done.
  const lost = extractDelta([tool('5', 'Edit', { file_path: '/repo/c.ts' }), user('thanks, looks good')], { sessionId: 's1' });
  assert.ok(
    lines(lost.delta).some((line) => line.startsWith('Changed c.ts')),
    lines(lost.delta).join('; '),
  );
});

test('an install is a dependency only when its result says it worked; a result in the next sync counts', () => {
  const packagesOf = (delta: GraphDelta) =>
    delta.entities
      .filter((entity) => entity.entityType === 'package')
      .map((entity) => entity.name)
      .sort();
  const context = { sessionId: 's1', projectName: 'shop' };
  // npm's E404 for a misspelt package: nothing was installed.
  const failed = extractDelta(
    [tool('1', 'Bash', { command: 'npm install left-padd' }), result('1', true, 'npm error code E404\nnpm error 404 Not Found')],
    context,
  );
  assert.deepEqual(packagesOf(failed.delta), []);
  assert.ok(!failed.delta.relations.some((relation) => relation.relationType === 'depends_on'), JSON.stringify(failed.delta.relations));
  const worked = extractDelta(
    [tool('2', 'Bash', { command: 'npm install left-pad zod' }), result('2', false, 'added 2 packages')],
    context,
  );
  assert.deepEqual(packagesOf(worked.delta), ['left-pad', 'zod']);
  assert.deepEqual(
    worked.delta.relations.filter((relation) => relation.relationType === 'depends_on').map((relation) => relation.to),
    ['left-pad', 'zod'],
  );
  // Its result in the next sync (a transcript read in pieces): written then, not before.
  const call = extractDelta([tool('3', 'Bash', { command: 'pip install requests' })], context);
  assert.deepEqual(packagesOf(call.delta), []);
  assert.deepEqual(packagesOf(extractDelta([result('3', false, 'Successfully installed requests-2.32.3')], context, call.state).delta), [
    'requests',
  ]);
  // A command called after the user spoke, its result in the next sync: still waiting, then written.
  const asked = extractDelta([user('run the tests please'), tool('6', 'Bash', { command: 'cargo test' })], context);
  const ran = extractDelta([result('6', false, 'test result: ok')], context, asked.state);
  assert.ok(
    ran.delta.entities.some((entity) => entity.name === 'cargo-test' && entity.observations.includes('Run as `cargo test`.')),
    JSON.stringify(ran.delta.entities),
  );
  // Chained with another command, whose failure may be the error, or run in the background: taken as done.
  const chained = extractDelta(
    [tool('7', 'Bash', { command: 'npm install zod && npm run build' }), result('7', true, 'Build failed')],
    context,
  );
  assert.deepEqual(packagesOf(chained.delta), ['zod']);
  const background = extractDelta([tool('8', 'Bash', { command: 'npm install vite', run_in_background: true })], context);
  assert.deepEqual(packagesOf(background.delta), ['vite']);
  // One whose result never comes, the user having spoken since, counts as done (as an edit does).
  const lost = extractDelta([tool('4', 'Bash', { command: 'cargo add serde' }), user('great, thanks')], context);
  assert.deepEqual(packagesOf(lost.delta), ['serde']);
  assert.equal(lost.state.tools?.pendingCalls, undefined);
});

test("what a command's output warned of is remembered on the session, each warning once", () => {
  const pnpmBox = [
    'dependencies:',
    '+ lucide-react 0.542.0',
    '',
    '╭ Warning ─────────────────────────────────────────────╮',
    '│                                                       │',
    '│   Ignored build scripts: @tailwindcss/oxide, sharp.   │',
    '│   Run "pnpm approve-builds" to pick which             │',
    '│   dependencies should be allowed to run scripts.      │',
    '│                                                       │',
    '╰───────────────────────────────────────────────────────╯',
  ].join('\n');
  const npmNoise = 'npm warn Unknown env config "store-dir". This will stop working in the next major version of npm.';
  const messages = [
    tool('1', 'Bash', { command: 'pnpm add lucide-react' }),
    result('1', false, pnpmBox),
    tool('2', 'Bash', { command: 'npx tsc --noEmit' }),
    result('2', false, `${npmNoise}\nwarning: variable "messages" is unused`),
    tool('3', 'Bash', { command: 'npm run build' }),
    result('3', true, `${npmNoise}\nError: build failed`),
    tool('4', 'BashOutput', { bash_id: 'bash_1' }),
    result('4', false, ' ▲ Next.js 15.5.2\n ⚠ You are using a non-standard "CCV_ENV" value in your environment.'),
    // A file printed is the file's text, not a warning; React's "Warning:" lines are the state of the code.
    tool('9', 'Bash', { command: 'cat docs/upgrade.md' }),
    result('9', false, 'WARN this guide is for v2 only, see the changelog'),
    tool('10', 'Bash', { command: 'npx vitest run' }),
    result('10', false, 'Warning: An update to Counter inside a test was not wrapped in act(...)'),
    tool('11', 'TaskOutput', { task_id: 'b1' }),
    result('11', false, '<output> ⚠️ Warning: The Next.js plugin was not detected in your ESLint configuration</output>'),
  ];
  const session = extractDelta(messages, { sessionId: 's1' }).delta.entities.find((entity) => entity.name === 'session-s1');
  const warnings = (session?.observations ?? []).filter((line) => line.endsWith('warning]'));
  assert.deepEqual(warnings, [
    '`pnpm add lucide-react` warned: Ignored build scripts: @tailwindcss/oxide, sharp. Run "pnpm approve-builds" to pick which dependencies should be allowed to run scripts. [2026-11-30, session s1, warning]',
    '`npx tsc --noEmit` warned: Unknown env config "store-dir". This will stop working in the next major version of npm. [2026-11-30, session s1, warning]',
    'A background command warned: You are using a non-standard "CCV_ENV" value in your environment. [2026-11-30, session s1, warning]',
    'A background command warned: The Next.js plugin was not detected in your ESLint configuration [2026-11-30, session s1, warning]',
  ]);
  // At most two warnings of one output.
  const many = Array.from({ length: 5 }, (_, index) => `WARN deprecated package-${index}@1.0.0: no longer supported`).join('\n');
  const capped = extractDelta([tool('5', 'Bash', { command: 'npm install' }), result('5', false, many)], { sessionId: 's1' });
  assert.equal(capped.delta.entities.flatMap((entity) => entity.observations).filter((line) => line.includes('warned')).length, 2);
});

test('a failure in one sync and its fix in the next give the same facts as one sync of both', () => {
  const first = [tool('1', 'Bash', { command: 'cargo test' }), result('1', true, 'error[E0308]: mismatched types')];
  const second = [
    tool('2', 'Edit', { file_path: '/repo/src/lib.rs' }),
    result('2', false, 'ok'),
    tool('3', 'Bash', { command: 'cargo test' }),
    result('3', false, 'ok'),
  ];
  const whole = extractDelta([...first, ...second], { sessionId: 's1' }).delta;
  const part1 = extractDelta(first, { sessionId: 's1' });
  const part2 = extractDelta(second, { sessionId: 's1' }, part1.state);
  const observations = (delta: typeof whole) =>
    delta.entities.flatMap((entity) => entity.observations.map((text) => `${entity.name}|${text}`));
  assert.deepEqual([...new Set([...observations(part1.delta), ...observations(part2.delta)])].sort(), observations(whole).sort());
  assert.ok(observations(whole).includes('cargo-test-failure|Fix: passed again after editing src/lib.rs. [2026-11-30, session s1]'));
});

test('subagents counted, and the session entity with what was requested and what the assistant reported done', () => {
  const messages: TranscriptMessage[] = [
    user('Add a CSV export to the orders page with a download button.'),
    { ...tool('9', 'Task', { subagent_type: 'Explore', description: 'Find the orders page', prompt: '...' }) },
    assistant('Done. Summary:\n- Added `exportOrdersCsv()` in src/orders/export.ts\n- Added a Download CSV button to OrdersPage'),
  ];
  const { delta, stats } = extractDelta(messages, { sessionId: 's1' });
  const session = delta.entities.find((entity) => entity.entityType === 'session');
  assert.equal(session?.name, 'session-s1');
  assert.deepEqual(
    session?.observations.map((text) => `${parseStatement(text).kind}: ${parseStatement(text).text}`),
    [
      // (No edit nor commit in these messages: the request stays to do, whatever the reply says.)
      'todo: Requested: Add a CSV export to the orders page with a download button.',
      'done: Added `exportOrdersCsv()` in src/orders/export.ts',
      'done: Added a Download CSV button to OrdersPage',
      'done: Worked on exportOrdersCsv, src/orders/export.ts, OrdersPage',
    ],
  );
  assert.ok(
    delta.entities.find((entity) => entity.name === 'exportOrdersCsv')?.observations.length === 1,
    'the done item is also a statement of what it names',
  );
  // The subagent is counted, not written: "Delegated: Find the orders page" told a later session nothing (helper-labelled
  // statements, session 9: every such line read as noise).
  assert.equal(stats.agents, 1);
  assert.ok(!delta.entities.some((entity) => entity.name === 'Explore' || entity.observations.some((text) => text.includes('Delegated'))));
});

test('junk names are refused: too short, numbers, temp paths, markup', () => {
  for (const name of ['ab', '123', '/tmp/x/y', '<div>', 'a|b', 'temp']) {
    assert.equal(isJunkName(name), true, name);
  }
  for (const name of ['orders-api', 'PostgreSQL', 'src/a.ts']) {
    assert.equal(isJunkName(name), false, name);
  }
});

test("the project's hooks the client ran are written on their scripts: what runs when, how it went; a user's or a plugin's are not", () => {
  const { delta } = extractDelta(
    [
      {
        role: 'user',
        text: '',
        toolCalls: [],
        timestamp: '2026-01-02T19:18:38.981Z',
        cwd: '/work/app',
        hookRuns: [
          { event: 'PreCompact', command: '"$CLAUDE_PROJECT_DIR"/hooks/run_hook.sh', outcome: 'completed' },
          { event: 'Stop', command: 'scripts/stop.sh', outcome: 'failed', detail: 'exit 2 in /home/ana/work/app/scripts/stop.sh' },
          { event: 'Stop', command: '/work/app/tools/check.py --quick', outcome: 'blocked', detail: 'Tests failing in /Users/ana/app/src' },
          // Not the project's: the user's own, a plugin's, a command with no path of the project.
          { event: 'Stop', command: '/home/ana/.claude/hooks/notify.sh mark', outcome: 'completed' },
          { event: 'PostToolUse', command: '${CLAUDE_PLUGIN_ROOT}/scripts/capture.sh' },
          { event: 'PreToolUse', command: 'cd ${CLAUDE_PLUGIN_ROOT}/hooks && bun run ./guardian.ts' },
          { event: 'SessionStart', matcher: 'startup', command: 'bd prime' },
          { event: 'Notification', command: 'curl -s https://hooks.slack.com/services/T000/B000/XXXX' },
        ],
      },
    ],
    { sessionId: 'c45af7b1-cb7c', projectName: 'app' },
  );
  const held = Object.fromEntries(
    delta.entities.map((entity) => [entity.name, entity.observations.map((observation) => parseStatement(observation))]),
  );
  assert.deepEqual(
    held['hooks/run_hook.sh']?.map((statement) => [statement.text, statement.kind, statement.date]),
    [['PreCompact hook runs the script `"$CLAUDE_PROJECT_DIR"/hooks/run_hook.sh`: completed successfully.', 'fact', '2026-01-02']],
  );
  assert.deepEqual(
    held['scripts/stop.sh']?.map((statement) => [statement.text, statement.kind]),
    [['Stop hook runs the script `scripts/stop.sh`: failed (exit 2 in ~/work/app/scripts/stop.sh).', 'warning']],
  );
  assert.deepEqual(
    held['tools/check.py']?.map((statement) => [statement.text, statement.kind]),
    [['Stop hook runs the script `/work/app/tools/check.py --quick`: blocked the stop (Tests failing in ~/app/src).', 'warning']],
  );
  const text = JSON.stringify(delta);
  for (const absent of ['/home/ana', '/Users/ana', 'notify.sh', 'capture.sh', 'guardian', 'bd prime', 'slack']) {
    assert.ok(!text.includes(absent), `${absent} is not in the bank`);
  }
});

test('the named constants an edit writes are statements on its file, once the edit happened', () => {
  const messages = [
    tool('1', 'Write', {
      file_path: '/repo/lib/spotter/services/review_token_store.ex',
      content: 'defmodule Spotter.Services.ReviewTokenStore do\n  @moduledoc false\n  @default_ttl_seconds 120\nend\n',
    }),
    result('1', false, 'File created successfully at: /repo/lib/spotter/services/review_token_store.ex'),
    tool('2', 'Edit', { file_path: '/repo/lib/worker.ex', old_string: '@debounce_ms 500', new_string: '@debounce_ms 250' }),
    result('2', true, '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>'),
  ];
  const { delta } = extractDelta(messages, { sessionId: 's1', projectName: 'spotter' });
  const byName = new Map(delta.entities.map((entity) => [entity.name, entity]));
  assert.deepEqual(byName.get('lib/spotter/services/review_token_store.ex')?.observations, [
    'Constant in lib/spotter/services/review_token_store.ex: `@default_ttl_seconds 120` [2026-11-30, session s1, fact]',
  ]);
  assert.equal(byName.has('lib/worker.ex'), false, 'the refused edit wrote nothing');
});

test('a request the session answers by writing a document is done', () => {
  const messages: TranscriptMessage[] = [
    { ...user('Please update CLAUDE.md for the current changes'), timestamp: '2026-11-30T09:59:00Z' },
    tool('1', 'Edit', {
      file_path: '/repo/CLAUDE.md',
      old_string: '## Stack',
      new_string: '## Stack\n\nThe API runs on Fastify 5 with Postgres 16.',
    }),
    result('1', false, 'The file /repo/CLAUDE.md has been updated.'),
  ];
  const { delta } = extractDelta(messages, { sessionId: 's1' });
  const session = delta.entities.find((entity) => entity.name === 'session-s1');
  assert.deepEqual(
    session?.observations
      .map(parseStatement)
      .filter((statement) => statement.text.startsWith('Requested:'))
      .map((statement) => statement.kind),
    ['done'],
  );
});
