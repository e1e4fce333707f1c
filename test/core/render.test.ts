import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeEntity } from '../../src/core/memory.ts';
import { statusOf } from '../../src/core/render-memory.ts';
import { renderContext } from '../../src/core/render.ts';
import { sessionStartStatements } from '../../src/core/retrieval/session-start.ts';
import { retrieveMemories } from '../../src/core/retrieve.ts';
import type { KnowledgeGraph } from '../../src/core/graph.ts';
import { PAGINATION_GRAPH } from '../helpers/graph-fixtures.ts';
import { assertGolden } from '../helpers/golden.ts';

// Notes on another subject, so that the words of a test's entities are specific to them.
const officeNotes = (count: number) =>
  Array.from({ length: count }, (_, position) => ({
    name: `note-${position}`,
    entityType: 'note',
    observations: [`Note ${position} is about the office plants and who waters them.`],
  }));

const OPTIONS = {
  nowMs: Date.parse('2026-11-30T10:00:00.000Z'),
  maxResults: 20,
  dedupThreshold: 0.85,
  boostFactor: 1.2,
  includeSuperseded: false,
};

test('the context for a pagination question matches the golden text', async () => {
  const retrieval = retrieveMemories(PAGINATION_GRAPH, 'what did database-engineer recommend for paginating orders?', OPTIONS);
  const rendered = renderContext(retrieval.memories, retrieval.mode, 9000);
  await assertGolden('context-pagination.txt', `${rendered.text}\n`);
  assert.ok(
    rendered.text.indexOf('- cursor-pagination') < rendered.text.indexOf('- database-engineer'),
    'what was recommended comes first',
  );
});

test('the session-start context matches the golden text', async () => {
  const retrieval = retrieveMemories(PAGINATION_GRAPH, '', OPTIONS);
  await assertGolden('context-recent.txt', `${renderContext(retrieval.memories, retrieval.mode, 9000).text}\n`);
});

test('nothing to show renders nothing', () => {
  assert.deepEqual(renderContext([], 'search', 9000), { text: '', shown: 0, leftOut: 0 });
});

test('a large result set is trimmed on record boundaries under the budget, saying what was left out', () => {
  // 60 services match; among 1,000 other notes, so that the words are specific to them.
  const others = officeNotes(1000);
  const graph: KnowledgeGraph = {
    entities: Array.from({ length: 60 }, (_, position) => ({
      name: `service-${String(position).padStart(2, '0')}`,
      entityType: 'component',
      observations: [`Service ${position} talks to the billing gateway over gRPC with retries. ${'x'.repeat(300)}`],
    })),
    relations: [],
  };
  graph.entities.push(...others);
  const retrieval = retrieveMemories(graph, 'billing gateway retries', { ...OPTIONS, maxResults: 60, dedupThreshold: 1 });
  for (const budget of [1000, 9000]) {
    const rendered = renderContext(retrieval.memories, retrieval.mode, budget);
    assert.ok(rendered.text.length <= budget, `${rendered.text.length} <= ${budget}`);
    assert.ok(rendered.shown > 0 && rendered.leftOut > 0);
    assert.equal(rendered.shown + rendered.leftOut, 60);
    assert.match(rendered.text, new RegExp(`${rendered.leftOut} more matching memories left out`));
    assert.equal((rendered.text.match(/^- service-/gm) ?? []).length, rendered.shown, 'only whole records');
  }
});

test('a statement recorded on two entities is shown once, under the one it answers best for', () => {
  const done = 'Created scripts/lib/trace_context.sh with rand_hex and generate_traceparent functions';
  const others = officeNotes(200);
  const graph: KnowledgeGraph = {
    entities: [
      { name: 'rand_hex', entityType: 'component', observations: [`${done} [2026-02-12, session ae4a77f8, done]`] },
      {
        name: 'session-ae4a77f8',
        entityType: 'session',
        observations: [`${done} [2026-02-12, session ae4a77f8, done]`, 'Worked on rand_hex [2026-02-12, session ae4a77f8, done]'],
      },
      ...others,
    ],
    relations: [],
  };
  const retrieval = retrieveMemories(graph, 'how does rand_hex make trace ids?', { ...OPTIONS, dedupThreshold: 1 });
  assert.equal(retrieval.memories.length >= 2, true, 'both entities answer');
  const text = renderContext(retrieval.memories, retrieval.mode, 9000).text;
  assert.equal(text.split(done).length - 1, 1, text);
  assert.match(text, /Worked on rand_hex/);
});

test("a session log's listing of what it worked on comes after a statement that says something of it", () => {
  const listing = 'Worked on stripe_webhook, refund_queue, ledger_sync';
  const fact = 'The stripe_webhook handler retries refunds three times';
  const others = officeNotes(200);
  const graph: KnowledgeGraph = {
    entities: [
      {
        name: 'session-ae4a77f8',
        entityType: 'session',
        observations: [`${listing} [2026-02-12, session ae4a77f8, done]`, `${fact} [2026-02-12, session ae4a77f8, fact]`],
      },
      ...others,
    ],
    relations: [],
  };
  const retrieval = retrieveMemories(graph, 'stripe_webhook refund_queue ledger_sync retries', OPTIONS);
  const scores = retrieval.memories[0]?.statements.map((entry) => entry.score) ?? [];
  assert.ok((scores[0] ?? 0) > (scores[1] ?? 0), `the listing scores higher (${scores.join(', ')})`);
  const text = renderContext(retrieval.memories, retrieval.mode, 9000).text;
  assert.ok(text.indexOf(fact) >= 0 && text.indexOf(fact) < text.indexOf(listing), text);
});

test('the same words recorded of two subjects on different days are two statements, both shown', () => {
  const text = 'Uses PostgreSQL 16 with pgbouncer in transaction mode';
  const others = officeNotes(200);
  const graph: KnowledgeGraph = {
    entities: [
      { name: 'billing-service', entityType: 'component', observations: [`${text} [2026-11-02, session aaaa0001, fact]`] },
      { name: 'search-service', entityType: 'component', observations: [`${text} [2026-11-20, session aaaa0007, fact]`] },
      ...others,
    ],
    relations: [],
  };
  const retrieval = retrieveMemories(graph, 'which services use pgbouncer?', { ...OPTIONS, dedupThreshold: 1 });
  const rendered = renderContext(retrieval.memories, retrieval.mode, 9000).text;
  assert.match(rendered, /- billing-service/);
  assert.match(rendered, /- search-service/);
  assert.equal(rendered.split(text).length - 1, 2, rendered);
});

test("a past session at session start and as its status: what the user asked for first, then what is left, the log's listings last", () => {
  const session = {
    name: 'session-4f2a9c1e',
    entityType: 'session',
    // The graph keeps a day's statements in the order of their text: the alphabet's last is no "newest".
    observations: [
      'Added `exportOrdersCsv()` in src/orders/export.ts [2026-11-28, session 4f2a9c1e, done]',
      'Asked: where does the CSV header come from? → From `CSV_COLUMNS` in src/orders/columns.ts. [2026-11-28, session 4f2a9c1e, fact]',
      'Changed src/orders/export.ts [2026-11-28, session 4f2a9c1e, done]',
      'Requested: Add a CSV export to the orders page with a download button. [2026-11-28, session 4f2a9c1e, done]',
      'To do: Stream the export for orders over 10,000 rows [2026-11-28, session 4f2a9c1e, todo]',
      'Worked on exportOrdersCsv, OrdersPage [2026-11-28, session 4f2a9c1e, done]',
      '`OrdersPage` shows the Download CSV button above the table [2026-11-28, session 4f2a9c1e, done]',
    ],
  };
  const lines = (indices: Array<{ index: number }>): string[] =>
    indices.map(({ index }) => (session.observations[index] ?? '').replace(/ \[.*$/, ''));
  const expected = [
    'Requested: Add a CSV export to the orders page with a download button.',
    'To do: Stream the export for orders over 10,000 rows',
  ];
  assert.deepEqual(lines(sessionStartStatements(session)).slice(0, 2), expected);
  const status = lines(statusOf(normalizeEntity(0, session, 1, [], 0, [], []), 6));
  assert.deepEqual(status.slice(0, 2), expected);
  assert.ok(
    status.indexOf('Worked on exportOrdersCsv, OrdersPage') > status.indexOf('Added `exportOrdersCsv()` in src/orders/export.ts'),
    status.join('\n'),
  );
});
