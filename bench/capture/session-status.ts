// Continuity: does what the context hook shows of a past session name what that session did? For each session of the
// real capture banks, real/session-headlines.json (written by a helper from the transcripts alone, session 21) holds
// 3-5 headlines, each with the key words a summary naming it would hold. Measured: the share of headlines at least two
// of whose key words (all, when it has fewer) appear in
// - the session's status, as "what did we do last time?" shows it (render-memory.ts statusOf), and
// - its lines at session start (retrieval/session-start.ts, SESSION_START_LIMITS.sessionStatements),
// beside plain choices of as many statements (not the log's "Worked on" listings): the session's first, its last (in the
// graph's order, which is by text within a day) and its longest ones. Sessions alternate between a tuning half and a
// held-out half (by their order in the file). A key word is found as a substring, so a longer text names more: read a
// choice beside the longest statements' score and its characters. (Session 21 tried a greedy summary, docs/performance.md: not kept, it did not beat those.)
// Run: node --import tsx bench/capture/session-status.ts --reuse <kept set folder, e.g. /tmp/mf-capture-XXXX/real-tuning>
// (make one with: node --import tsx bench/capture/run.ts --set real-tuning --keep).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GraphEntity } from '../../src/core/graph.ts';
import { normalizeEntity } from '../../src/core/memory.ts';
import { MAX_SHOWN_STATEMENT_CHARS, statusOf } from '../../src/core/render-memory.ts';
import { LISTING, SESSION_START_LIMITS, sessionStartStatements } from '../../src/core/retrieval/session-start.ts';
import { parseStatement } from '../../src/core/statement.ts';

interface Headline {
  headline: string;
  key_words: string[];
}
interface Session {
  transcript: string;
  session_id: string;
  project: string;
  headlines: Headline[];
}

const here = import.meta.dirname;
const args = process.argv.slice(2);
const reuseAt = args.indexOf('--reuse');
const reuse = reuseAt >= 0 ? path.resolve(args[reuseAt + 1] ?? '') : undefined;
const labels = path.join(here, 'real', 'session-headlines.json');
if (!reuse || !existsSync(reuse)) {
  console.log('usage: --reuse <kept set folder>; make one with: node --import tsx bench/capture/run.ts --set real-tuning --keep');
  process.exit(reuse ? 1 : 0);
}
const sessions = (JSON.parse(readFileSync(labels, 'utf8')) as { sessions: Session[] }).sessions;
const cli = path.resolve(here, '../../hooks/cli/memory-fabric.mjs');

const banks = new Map<string, GraphEntity[]>();
function entitiesOf(project: string): GraphEntity[] {
  let entities = banks.get(project);
  if (!entities) {
    const dir = path.join(reuse as string, project);
    const run = spawnSync(process.execPath, [cli, 'export'], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir, CLAUDE_PROJECT_DIR: dir },
      encoding: 'utf8',
    });
    entities = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as GraphEntity & { type: string })
      .filter((record) => record.type === 'entity');
    banks.set(project, entities);
  }
  return entities;
}

// A headline is named when at least two of its key words (all, when it has fewer) are in the text.
const named = (headline: Headline, text: string): boolean => {
  const lower = text.toLowerCase();
  const found = headline.key_words.filter((word) => lower.includes(word.toLowerCase())).length;
  return found >= Math.min(2, headline.key_words.length);
};

type Choice = (entity: GraphEntity) => number[];
const current = (entity: GraphEntity): number[] =>
  entity.observations.flatMap((observation, index) => (parseStatement(observation).supersededOn ? [] : [index]));
const told = (entity: GraphEntity): number[] =>
  current(entity).filter((index) => !LISTING.test(parseStatement(entity.observations[index] ?? '').text));
const count = SESSION_START_LIMITS.sessionStatements;
// Each choice's statements as shown: at session start clipped as render-start.ts clips a session's lines, as a status
// as render-memory.ts clips any statement. A longer text names more key words: the plain choices are the first, the
// last and the longest statements (not the log's listings), as many as session start shows.
const choices: Record<string, { choose: Choice; clip: number }> = {
  'status (what did we do last time?)': {
    choose: (entity) => statusOf(normalizeEntity(0, entity, 1, [], 0, [], []), 6).map((entry) => entry.index),
    clip: MAX_SHOWN_STATEMENT_CHARS,
  },
  'session start': { choose: (entity) => sessionStartStatements(entity).map((entry) => entry.index), clip: MAX_SHOWN_STATEMENT_CHARS },
  [`first ${count} statements`]: { choose: (entity) => told(entity).slice(0, count), clip: MAX_SHOWN_STATEMENT_CHARS },
  [`last ${count} statements`]: { choose: (entity) => told(entity).slice(-count), clip: MAX_SHOWN_STATEMENT_CHARS },
  [`longest ${count} statements`]: {
    choose: (entity) =>
      told(entity)
        .sort((a, b) => (entity.observations[b] ?? '').length - (entity.observations[a] ?? '').length || a - b)
        .slice(0, count),
    clip: MAX_SHOWN_STATEMENT_CHARS,
  },
};

const tally = new Map<string, { named: number; total: number; chars: number; shown: number }>();
sessions.forEach((session, order) => {
  const half = order % 2 === 0 ? 'tuning' : 'held-out';
  const entity = entitiesOf(session.project).find((candidate) => candidate.name === `session-${session.session_id.slice(0, 8)}`);
  for (const [name, { choose, clip }] of Object.entries(choices)) {
    const key = `${half}\t${name}`;
    const row = tally.get(key) ?? { named: 0, total: 0, chars: 0, shown: 0 };
    const text = entity
      ? choose(entity)
          .map((index) => parseStatement(entity.observations[index] ?? '').text.slice(0, clip))
          .join('\n')
      : '';
    row.named += session.headlines.filter((headline) => named(headline, text)).length;
    row.total += session.headlines.length;
    row.chars += text.length;
    row.shown += 1;
    tally.set(key, row);
  }
});
console.log(`session headlines named (${sessions.length} sessions of the real capture banks, ${labels.split('/').slice(-2).join('/')})`);
for (const [key, row] of tally) {
  const [half, name] = key.split('\t');
  console.log(
    `  ${(half as string).padEnd(9)} ${(name as string).padEnd(38)} ${row.named}/${row.total} = ${(row.named / row.total).toFixed(2)}; mean ${Math.round(row.chars / row.shown)} chars`,
  );
}
