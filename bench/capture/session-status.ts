// Continuity: does what the context hook shows of a past session name what that session did? For each session of the
// real capture banks, real/session-headlines.json (written by a helper from the transcripts alone, session 21) holds
// 3-5 headlines, each with the key words a summary naming it would hold. Measured: the share of headlines at least two
// of whose key words (all, when it has fewer) appear in
// - the session's status, as "what did we do last time?" shows it (render-memory.ts statusOf), and
// - its lines at session start (retrieval/session-start.ts, SESSION_START_LIMITS.sessionStatements),
// beside two plain choices of as many statements: the session's first ones and its last ones. Sessions alternate
// between a tuning half and a held-out half (by their order in the file).
// Run: node --import tsx bench/capture/session-status.ts --reuse <kept set folder, e.g. /tmp/mf-capture-XXXX/real-tuning>
// (make one with: node --import tsx bench/capture/run.ts --set real-tuning --keep).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GraphEntity } from '../../src/core/graph.ts';
import { normalizeEntity } from '../../src/core/memory.ts';
import { statusOf } from '../../src/core/render-memory.ts';
import { SESSION_START_LIMITS, sessionStartStatements } from '../../src/core/retrieval/session-start.ts';
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
const choices: Record<string, Choice> = {
  'status (what did we do last time?)': (entity) => statusOf(normalizeEntity(0, entity, 1, [], 0, [], []), 6).map((entry) => entry.index),
  'session start': (entity) => sessionStartStatements(entity).map((entry) => entry.index),
  [`first ${SESSION_START_LIMITS.sessionStatements} statements`]: (entity) =>
    current(entity).slice(0, SESSION_START_LIMITS.sessionStatements),
  [`last ${SESSION_START_LIMITS.sessionStatements} statements`]: (entity) => current(entity).slice(-SESSION_START_LIMITS.sessionStatements),
};

const tally = new Map<string, { named: number; total: number; chars: number; shown: number }>();
sessions.forEach((session, order) => {
  const half = order % 2 === 0 ? 'tuning' : 'held-out';
  const entity = entitiesOf(session.project).find((candidate) => candidate.name === `session-${session.session_id.slice(0, 8)}`);
  for (const [name, choose] of Object.entries(choices)) {
    const key = `${half}\t${name}`;
    const row = tally.get(key) ?? { named: 0, total: 0, chars: 0, shown: 0 };
    const text = entity
      ? choose(entity)
          .map((index) => parseStatement(entity.observations[index] ?? '').text)
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
