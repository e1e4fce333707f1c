import assert from 'node:assert/strict';
import test from 'node:test';
import { MAX_STATEMENT_CHARS, splitLong, splitStatements } from '../../../src/core/capture/segment.ts';

test('prose splits into sentences, list items and table rows; fenced code is dropped, code spans kept whole', () => {
  const text = [
    'Great question! The cache sits in front of `get_availability()`. It expires after 60 s.',
    '',
    '## Stack',
    '- **Database:** PostgreSQL 16, e.g. for bookings.',
    '- Redis for caching and rate limits',
    '',
    '| Tool | Role |',
    '|---|---|',
    '| Alembic | migrations |',
    '```python',
    'x = 1. Not a sentence.',
    '```',
    'The call `a.b(). c` stays one statement.',
  ].join('\n');
  assert.deepEqual(
    splitStatements(text).map((statement) => statement.text),
    [
      'Great question!',
      'The cache sits in front of `get_availability()`.',
      'It expires after 60 s.',
      'Stack: Database: PostgreSQL 16, e.g. for bookings.',
      'Stack: Redis for caching and rate limits',
      'Stack: Alembic: migrations',
      'The call `a.b(). c` stays one statement.',
    ],
  );
});

test('a statement longer than the limit is cut at clause boundaries, every piece within the limit', () => {
  const long = `We keep the limit at seven attempts per minute; ${'a higher limit lets credential stuffing through, '.repeat(8)}so it stays.`;
  const pieces = splitLong(long);
  assert.ok(pieces.length >= 2);
  assert.ok(pieces.every((piece) => piece.length <= MAX_STATEMENT_CHARS));
  assert.ok(pieces[0]?.startsWith('We keep the limit at seven attempts per minute'));
});

test('an unclosed fence, a run of one character and a huge line are split in time linear in their size', () => {
  const shapes = [
    (n: number) => '`'.repeat(n),
    (n: number) => 'a, '.repeat(n / 3),
    (n: number) => '```\n'.repeat(n / 4),
    (n: number) => 'x'.repeat(n),
  ];
  // The best of three runs, 50 KB against 500 KB: x10 the input must cost well under x100 the time.
  const time = (text: string): number =>
    Math.min(
      ...[0, 1, 2].map(() => {
        const started = performance.now();
        splitStatements(text);
        return performance.now() - started;
      }),
    );
  for (const shape of shapes) {
    const small = time(shape(50_000));
    const large = time(shape(500_000));
    assert.ok(large < Math.max(small, 2) * 40, `x10 input: ${small.toFixed(1)} ms -> ${large.toFixed(1)} ms`);
  }
});

test('a document the session wrote: a short command block joins the paragraph that introduces it, paragraphs say their heading', () => {
  const readme = [
    '## OpenTelemetry Tracing',
    '',
    '### Disabling tracing',
    '',
    'Set the environment variable before starting the server:',
    '',
    '```bash',
    '# before mix',
    'SPOTTER_OTEL_ENABLED=false mix phx.server',
    '```',
    '',
    '### Production',
    '',
    'Set these variables to send spans to a collector:',
    '```bash',
    'export OTEL_EXPORTER=otlp',
    'export OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318',
    '```',
    'A longer example:',
    '```elixir',
    'a = 1',
    'b = 2',
    'c = 3',
    '```',
    '| Symptom | Fix |',
    '|---|---|',
    '| No spans | Check the env var |',
    '## Landing page',
    'Built with Astro.',
  ].join('\n');
  assert.deepEqual(
    splitStatements(readme, { document: true }).map((statement) => statement.text),
    [
      'Disabling tracing: Set the environment variable before starting the server: `SPOTTER_OTEL_ENABLED=false mix phx.server`',
      'Production: Set these variables to send spans to a collector: `export OTEL_EXPORTER=otlp`; `export OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318`',
      'Production: A longer example:',
      // The table's last row, held back for a separator that never came, stays under its own heading.
      'Production: No spans: Check the env var',
      'Landing page: Built with Astro.',
    ],
  );
  // A message, not a document: the code is dropped and paragraphs carry no heading, as before.
  assert.deepEqual(
    splitStatements(readme).map((statement) => statement.text),
    [
      'Set the environment variable before starting the server:',
      'Set these variables to send spans to a collector:',
      'A longer example:',
      'Production: No spans: Check the env var',
      'Built with Astro.',
    ],
  );
});

test("a heading's labelled attribute items are one statement of it, cut between attributes when long", () => {
  const text = [
    '### 3. **opentelemetry_exporter**',
    '- **Latest Version:** 1.10.0 (released October 17, 2025)',
    '- **Recommended Constraint:** `~> 1.10`',
    '- **Status:** Still active and maintained (NOT deprecated)',
    "- **Note:** This package is alive and well in the current OTEL ecosystem. There's no replacement needed.",
    '',
    'Plain paragraph after the list.',
    '### Limits',
    ...Array.from({ length: 6 }, (_, index) => `- **Limit ${index}:** ${'x'.repeat(60)} ${index}`),
    '- an item without a label',
  ].join('\n');
  const statements = splitStatements(text).map((statement) => statement.text);
  assert.deepEqual(statements.slice(0, 2), [
    "opentelemetry_exporter: Latest Version: 1.10.0 (released October 17, 2025); Recommended Constraint: `~> 1.10`; Status: Still active and maintained (NOT deprecated); Note: This package is alive and well in the current OTEL ecosystem. There's no replacement needed",
    'Plain paragraph after the list.',
  ]);
  // Six attributes of ~70 characters: cut into statements of whole attributes, each saying its topic.
  const limits = statements.slice(2, -1);
  assert.ok(limits.length >= 2 && limits.length < 6, JSON.stringify(limits));
  for (const statement of limits) {
    assert.ok(statement.startsWith('Limits: Limit ') && statement.length <= MAX_STATEMENT_CHARS, statement);
  }
  assert.equal(limits.join('; ').match(/Limit \d/g)?.length, 6);
  assert.equal(statements.at(-1), 'Limits: an item without a label');
});

test('an attribute item that fills a slot stays a statement of its own, so a newer one supersedes it alone', () => {
  const text = ['## Service', '- **Timeout:** `timeout=30`', '- **Owner:** the platform team', '- **Region:** eu-west-1'].join('\n');
  assert.deepEqual(
    splitStatements(text).map((statement) => statement.text),
    ['Service: Timeout: `timeout=30`', 'Service: Owner: the platform team; Region: eu-west-1'],
  );
});

test('a question stays out of the merge, and attributes that together fill a slot none fills alone stay apart', () => {
  assert.deepEqual(
    splitStatements(
      '### opentelemetry_exporter\n- **Latest Version:** 1.10.0\n- **Status:** Still active\n- **Open question:** do we need gRPC?.',
    ).map((statement) => statement.text),
    ['opentelemetry_exporter: Latest Version: 1.10.0; Status: Still active', 'opentelemetry_exporter: Open question: do we need gRPC?.'],
  );
  assert.deepEqual(
    splitStatements('### Cache layer\n- **Engine:** Redis 7\n- **Used for:** sessions and rate limits').map((statement) => statement.text),
    ['Cache layer: Engine: Redis 7', 'Cache layer: Used for: sessions and rate limits'],
  );
});
