import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseServerMemoryJsonl, renderServerMemoryJsonl } from '../../src/core/server-memory-jsonl.ts';

test('server-memory JSONL round-trips, with dates and supersession carried as tagged observations', () => {
  const graph = {
    entities: [
      {
        name: 'offset-pagination',
        entityType: 'decision',
        observations: ['Use offsets.'],
        updatedAt: '2026-01-01T00:00:00Z',
        supersededBy: 'cursor-pagination',
      },
      { name: 'cursor-pagination', entityType: 'decision', observations: ['Use cursors.'] },
    ],
    relations: [{ from: 'cursor-pagination', to: 'offset-pagination', relationType: 'supersedes' }],
  };
  const text = renderServerMemoryJsonl(graph);
  assert.match(text, /"memory-fabric: updated 2026-01-01T00:00:00Z"/);
  assert.deepEqual(parseServerMemoryJsonl(text), { graph, problems: [] });
});

test('malformed and unknown lines are reported with their line number; a BOM is tolerated', () => {
  const parsed = parseServerMemoryJsonl(
    '\uFEFF{"type":"entity","name":"a-b","entityType":"x","observations":[]}\nnot json\n{"type":"thing"}\n',
  );
  assert.equal(parsed.graph.entities.length, 1);
  assert.deepEqual(parsed.problems, ['line 2: not valid JSON', 'line 3: neither an entity nor a relation']);
});
