// The named constants a session writes into source code (capture/code-constants.ts): which lines count, and how a
// later value of the same constant of the same file supersedes the older statement (capture/slots.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeConstants, constantStatement } from '../../../src/core/capture/code-constants.ts';
import { slotsOf } from '../../../src/core/capture/slots.ts';
import { supersedeStatements } from '../../../src/core/capture/supersede-statements.ts';

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

test('at most eight constants of one write, each name once', () => {
  const text = Array.from({ length: 12 }, (_, index) => `const LIMIT_${index} = ${index}`).join('\n');
  assert.equal(codeConstants('src/limits.ts', `${text}\nconst LIMIT_0 = 9`).length, 8);
  assert.equal(codeConstants('src/a.ts', 'const LIMIT_A = 1\nconst LIMIT_A = 2').length, 1);
});

test("a constant fills the slot of its file's name: a later value supersedes the older statement, another file's does not", () => {
  const older = `${constantStatement('lib/worker.ex', '@debounce_ms 500')} [2026-02-10, session aaaa0001, fact]`;
  const other = `${constantStatement('lib/other.ex', '@debounce_ms 100')} [2026-02-10, session aaaa0001, fact]`;
  const newer = `${constantStatement('lib/worker.ex', '@debounce_ms 250')} [2026-02-12, session bbbb0002, fact]`;
  assert.deepEqual(slotsOf('`@debounce_ms 500` in lib/worker.ex', 'fact'), [
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
