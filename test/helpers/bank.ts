// Banks for tests: a BankStore on a temp project with a fixed write time, and transcripts to sync.
import path from 'node:path';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import type { KnowledgeGraph } from '../../src/core/graph.ts';
import { BankStore } from '../../src/stores/bank/bank-store.ts';
import { renderGraphFile } from '../../src/stores/bank/graph-file.ts';
import { writeSearchIndex } from '../../src/stores/search-index/writer.ts';
import { toUtcPrefix, type WriteTime } from '../../src/state/time-source.ts';

// A write time as worldtimeapi would give it (tests of rendering need a fixed one).
export function fixedTime(utcDateTime: string): WriteTime {
  return {
    utcDateTime,
    utcDateTimePrefix: toUtcPrefix(utcDateTime),
    sourceLabel: 'worldtimeapi (http://time.test/api/timezone/UTC)',
    systemClock: false,
  };
}

export function bankAt(project: string, utcDateTime = '2026-11-30T09:15:42.123456+00:00'): BankStore {
  const bankDir = path.join(project, '.memories');
  return new BankStore({ bankDir, stateDir: path.join(bankDir, '.state'), writeTime: async () => fixedTime(utcDateTime) });
}

// Writes a transcript in Claude Code's format with one user message per statement.
export async function writeTranscript(file: string, statements: readonly string[]): Promise<void> {
  const lines = statements.map((text, position) =>
    JSON.stringify({
      type: 'user',
      uuid: `u-${path.basename(file)}-${position}`,
      timestamp: '2026-11-30T09:00:00.000Z',
      message: { role: 'user', content: text },
    }),
  );
  await writeFile(file, `${lines.join('\n')}\n`);
}

// A bank of a project holding exactly this graph, with its search index built (as a sync leaves it), for the built
// context hook to read.
export async function writeIndexedBank(project: string, graph: KnowledgeGraph): Promise<void> {
  const graphFile = path.join(project, '.memories', 'context', 'knowledge-graph.index.jsonc');
  await mkdir(path.dirname(graphFile), { recursive: true });
  await writeFile(graphFile, renderGraphFile(graph, '2026-11-30T00:00:00Z', 'test'));
  const info = await stat(graphFile);
  await writeSearchIndex(path.join(project, '.memories', '.state', 'search-index'), graph, { size: info.size, mtimeMs: info.mtimeMs });
}
