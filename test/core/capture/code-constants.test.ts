// The named constants a session writes into source code (capture/code-constants.ts): which lines count, and how a
// later value of the same constant of the same file supersedes the older statement (capture/slots.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeConstants, constantStatement } from '../../../src/core/capture/code-constants.ts';
import { slotsOf } from '../../../src/core/capture/slots.ts';
import { supersedeStatements } from '../../../src/core/capture/supersede-statements.ts';
import { extractDelta } from '../../../src/core/extract.ts';
import type { KnowledgeGraph } from '../../../src/core/graph.ts';
import { mergeDelta } from '../../../src/core/merge.ts';
import type { TranscriptMessage } from '../../../src/core/transcript.ts';

// The corpus's review token store, as the session wrote it (trimmed).
const TOKEN_STORE = `defmodule Spotter.Services.ReviewTokenStore do
  @moduledoc false
  use GenServer

  @table __MODULE__
  @default_ttl_seconds 120

  @doc """
  Mints a new one-time token for a project review context.
  """
  def mint(project_id, ttl_seconds \\\\ @default_ttl_seconds) do
`;

test("an Elixir module attribute with a literal value is a constant; the language's own attributes are not", () => {
  assert.deepEqual(codeConstants('lib/spotter/services/review_token_store.ex', TOKEN_STORE), [
    { name: '@default_ttl_seconds', line: '@default_ttl_seconds 120' },
  ]);
  assert.deepEqual(
    codeConstants('lib/worker.ex', '  @debounce_ms 500\n  @sweep_interval 15_000 # every 15 s\n  @mode :strict\n  @impl true\n').map(
      (constant) => constant.line,
    ),
    ['@debounce_ms 500', '@sweep_interval 15_000', '@mode :strict'],
  );
});

test('upper-case constants of other languages, without their comment or semicolon', () => {
  const text = [
    'export const MAX_HASHES = 50;',
    'pub const RETRIES: u32 = 3; // retries = 3',
    'TIMEOUT_MS = 60 * 1000  # a minute',
    'DEFAULT_REGION: str = "eu-west-1"',
    'PORT=1100',
  ].join('\n');
  assert.deepEqual(
    codeConstants('src/config.ts', text).map((constant) => constant.line),
    [
      'export const MAX_HASHES = 50',
      'pub const RETRIES: u32 = 3',
      'TIMEOUT_MS = 60 * 1000',
      'DEFAULT_REGION: str = "eu-west-1"',
      'PORT=1100',
    ],
  );
});

test('not a computed value, a name that may hold a secret, a lower-case variable, an environment or data file', () => {
  const text = [
    'PORT="${SPOTTER_PORT:-1100}"',
    'INPUT="$(cat)"',
    'const API_KEY = "abc123"',
    'const SESSION_TOKEN = "x"',
    'let retries = 3',
    'const TIMEOUT = computeTimeout()',
    `const LONG_ONE = ${'1'.repeat(250)}`,
  ].join('\n');
  assert.deepEqual(codeConstants('scripts/run.sh', text), []);
  assert.deepEqual(codeConstants('.env', 'PORT=1100'), []);
  assert.deepEqual(codeConstants('config/.env.local', 'PORT=1100'), []);
  assert.deepEqual(codeConstants('package.json', 'PORT=1100'), []);
});

test('at most eight constants of one write; a name it defines twice is none (an accumulating attribute, a reassignment)', () => {
  const text = Array.from({ length: 12 }, (_, index) => `const LIMIT_${index} = ${index}`).join('\n');
  assert.equal(codeConstants('src/limits.ts', text).length, 8);
  assert.deepEqual(codeConstants('src/a.ts', 'const LIMIT_A = 1\nconst LIMIT_A = 2\nconst LIMIT_B = 3'), [
    { name: 'LIMIT_B', line: 'const LIMIT_B = 3' },
  ]);
  assert.deepEqual(codeConstants('lib/plugins.ex', '  @plugins :auth\n  @plugins :cache\n  @timeout 5_000'), [
    { name: '@timeout', line: '@timeout 5_000' },
  ]);
});

test("a constant fills the slot of its file's name: a later value supersedes the older statement, another file's does not", () => {
  const older = `${constantStatement('lib/worker.ex', '@debounce_ms 500')} [2026-02-10, session aaaa0001, fact]`;
  const other = `${constantStatement('lib/other.ex', '@debounce_ms 100')} [2026-02-10, session aaaa0001, fact]`;
  const newer = `${constantStatement('lib/worker.ex', '@debounce_ms 250')} [2026-02-12, session bbbb0002, fact]`;
  assert.deepEqual(slotsOf('Constant in lib/worker.ex: `@debounce_ms 500`', 'fact'), [
    { key: 'constant:lib/worker.ex:@debounce_ms', value: '@debounce_ms 500' },
  ]);
  const graph = {
    entities: [
      { name: 'lib/worker.ex', entityType: 'file', observations: [older, newer] },
      { name: 'lib/other.ex', entityType: 'file', observations: [other] },
    ],
    relations: [],
  };
  assert.equal(supersedeStatements(graph, [{ entityKey: 'lib/worker.ex', observation: newer, sequence: 0 }]), 1);
  assert.match(graph.entities[0]?.observations[0] ?? '', /superseded 2026-02-12/);
  assert.equal(graph.entities[0]?.observations[1], newer);
  assert.equal(graph.entities[1]?.observations[0], other);
});

test('not a value that may be a secret: by any part of its name, by a random-looking string, by a URL not local', () => {
  const text = [
    "ADMIN_PW = 'hunter2hunter2'",
    "PASSPHRASE = 'correct horse battery staple'",
    "SENTRY_DSN = 'https://abc123def456@o0.ingest.sentry.io/1'",
    "ALERTS_URL = 'https://hooks.slack.com/services/T0A/B0B/XyZ123'",
    "HASH_PEPPER = 'f00dbabe1234'",
    "BUILD_REF = 'a1b2c3d4e5f6g7'",
    "LOCAL_API = 'http://localhost:4000/api'",
    'SESSION_TTL = 3600',
  ].join('\n');
  assert.deepEqual(
    codeConstants('settings.py', text).map((constant) => constant.line),
    ["LOCAL_API = 'http://localhost:4000/api'", 'SESSION_TTL = 3600'],
  );
  assert.deepEqual(codeConstants('lib/sign.ex', '  @hmac_seed "abc"\n  @pepper "x"'), []);
  for (const file of ['prod.env', '.envrc', 'a.env.example', 'app.properties']) {
    assert.deepEqual(codeConstants(file, 'PORT=1100'), [], file);
  }
});

test('the forms of the languages: @ only in Elixir, not an example in a heredoc, not an indented bare assignment', () => {
  assert.deepEqual(
    codeConstants('Makefile', '@echo "Building the release"\nPORT = 1100').map((constant) => constant.line),
    ['PORT = 1100'],
  );
  assert.deepEqual(codeConstants('styles.scss', '@import \'variables\';\n@charset "UTF-8";'), []);
  const moduledoc = '  @moduledoc """\n  Example: set @timeout 99 or\n  @timeout 99\n  SPOTTER_PORT=1100\n  """\n  @timeout 5_000';
  assert.deepEqual(
    codeConstants('lib/x.ex', moduledoc).map((constant) => constant.line),
    ['@timeout 5_000'],
  );
  const enumAndClass = 'enum Color {\n  RED = 1,\n  BLUE = 2\n}\nclass A:\n    LIMIT = 3\nexport const MAX_RETRIES = 5;';
  assert.deepEqual(
    codeConstants('src/colors.ts', enumAndClass).map((constant) => constant.line),
    ['export const MAX_RETRIES = 5'],
  );
  assert.deepEqual(
    codeConstants('a.py', 'HALF_WINDOW = 600 // 2\nDEBUG = True').map((constant) => constant.line),
    ['DEBUG = True'],
  );
  assert.deepEqual(
    codeConstants('Foo.java', '    private static final int PORT = 8080;\n#define BUFFER_SIZE 4096').map((constant) => constant.line),
    ['private static final int PORT = 8080', '#define BUFFER_SIZE 4096'],
  );
});

test('only a statement whose code span is a constant definition fills a constant slot', () => {
  assert.equal(slotsOf('Constant in lib/spotter/session_store.ex: `SessionStore.start_link/1`', 'fact').length, 0);
  assert.deepEqual(slotsOf('Constant in Makefile: `PORT = 1100`', 'fact'), [{ key: 'constant:makefile:port', value: 'port = 1100' }]);
});

// A sync of one Write, through the extraction and the merge the sync hook runs (near-duplicates merged).
const written = (file: string, content: string, day: string): TranscriptMessage[] => [
  {
    role: 'assistant',
    text: '',
    timestamp: `2026-11-${day}T10:00:00Z`,
    cwd: '/repo',
    toolCalls: [{ id: `w${day}`, name: 'Write', input: { file_path: `/repo/${file}`, content } }],
  },
  { role: 'user', text: '', toolCalls: [], toolResults: [{ toolUseId: `w${day}`, isError: false, head: 'File written' }] },
];
const current = (graph: KnowledgeGraph, file: string): string[] =>
  (graph.entities.find((entity) => entity.name === file)?.observations ?? []).filter((text) => !text.includes('superseded'));

test('through the sync: a new value supersedes the old one, in a file of any case and whatever the value looks like', () => {
  for (const [file, before, after] of [
    ['Makefile', 'PORT = 1100', 'PORT = 1200'],
    ['src/Config.py', 'MAX_RETRIES = 3', 'MAX_RETRIES = 5'],
    ['lib/spotter/transcripts/transcript_tail_worker.ex', '@log_level :info', '@log_level :debug'],
    ['src/region.ts', 'export const DEFAULT_REGION = "east"', 'export const DEFAULT_REGION = "west"'],
  ] as const) {
    let graph: KnowledgeGraph = { entities: [], relations: [] };
    for (const [content, day] of [
      [before, '02'],
      [after, '03'],
    ] as const) {
      const { delta } = extractDelta(written(file, content, day), { sessionId: `aaaa00${day}` });
      graph = mergeDelta(graph, delta, `2026-11-${day}T10:00:00Z`, { mergeNearDuplicates: true }).graph;
    }
    assert.deepEqual(current(graph, file), [`Constant in ${file}: \`${after}\` [2026-11-03, session aaaa0003, fact]`], file);
  }
});

test("a reply's prose in the constant's words fills no slot: only the statement the edit wrote does", () => {
  assert.equal(slotsOf('`@debounce_ms 250` in lib/w.ex', 'fact').length, 0);
  const graph = {
    entities: [
      {
        name: 'lib/w.ex',
        entityType: 'file',
        observations: ['Constant in lib/w.ex: `@debounce_ms 500` [2026-02-10, session aaaa0001, fact]'],
      },
    ],
    relations: [],
  };
  const option = '`@debounce_ms 250` in lib/w.ex [2026-02-12, session bbbb0002, fact]';
  assert.equal(supersedeStatements(graph, [{ entityKey: 'lib/w.ex', observation: option, sequence: 0 }]), 0);
});

test('secret words inside a joined name count; an edit of a file outside the project gives no constant', () => {
  assert.deepEqual(
    codeConstants(
      'lib/a.ex',
      '  @adminpassword "hunter22"\n  @admin_passcode "letmein"\n  @invite_code "WELCOME24"\n  @access_code 482913\n  @retries 3',
    ).map((constant) => constant.line),
    ['@retries 3'],
  );
  assert.deepEqual(codeConstants('src/wifi.c', '#define WIFI_PSK "mynetworkpass"'), []);
  const messages: TranscriptMessage[] = [
    {
      role: 'assistant',
      text: '',
      timestamp: '2026-11-02T10:00:00Z',
      cwd: '/repo',
      toolCalls: [
        { id: 'w1', name: 'Write', input: { file_path: '/home/alice/other/settings.py', content: 'MAX_RETRIES = 3\n' } },
        { id: 'w2', name: 'Write', input: { file_path: '/repo/../other/w.py', content: 'MAX_RETRIES = 3\n' } },
      ],
    },
    {
      role: 'user',
      text: '',
      toolCalls: [],
      toolResults: [
        { toolUseId: 'w1', isError: false, head: 'ok' },
        { toolUseId: 'w2', isError: false, head: 'ok' },
      ],
    },
  ];
  const { delta } = extractDelta(messages, { sessionId: 'aaaa0001' });
  assert.deepEqual(
    delta.entities.flatMap((entity) => entity.observations).filter((text) => text.startsWith('Constant in')),
    [],
  );
});

test('a heredoc opened on a long line still hides the example under it', () => {
  const docstring = `"""${'A long module docstring. '.repeat(12)}\nPORT = 9999\n"""\nPORT = 8080`;
  assert.deepEqual(
    codeConstants('server.py', docstring).map((constant) => constant.line),
    ['PORT = 8080'],
  );
});
