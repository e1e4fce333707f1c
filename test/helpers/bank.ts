// Banks for tests: a BankStore on a temp project with a fixed write time, and transcripts to sync.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { BankStore } from '../../src/stores/bank/bank-store.ts';
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
