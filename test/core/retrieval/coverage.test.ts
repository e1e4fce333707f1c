// Coverage: for ranking, an entity also gets each word of the prompt its best statement lacks, by its own best
// statement holding it, scaled down for entities of many statements; silence is judged without it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGraphView } from '../../../src/core/graph-view.ts';
import type { GraphEntity, KnowledgeGraph } from '../../../src/core/graph.ts';
import { parseQuery } from '../../../src/core/query.ts';
import { bucketOf, calibrateSilence, GENERIC_PROMPTS } from '../../../src/core/retrieval/calibrate.ts';
import { scoreStatements } from '../../../src/core/retrieval/score-statements.ts';
import { retrieveFromView } from '../../../src/core/retrieve.ts';
import { RETRIEVE_OPTIONS as OPTIONS } from '../../helpers/retrieve-options.ts';

// Entities of a few everyday statements each, so that IDF and mean lengths are those of a small bank.
const background = (count: number): GraphEntity[] =>
  Array.from({ length: count }, (_, index) => ({
    name: `area-${index}`,
    entityType: 'component',
    observations: [`The ${['queue', 'worker', 'page', 'form'][index % 4]} of area ${index} was tidied`, `Area ${index} has a README`],
  }));

// A file whose two statements hold, between them, the words of the prompts below.
const VOLUME: GraphEntity = {
  name: 'Volume.tsx',
  entityType: 'file',
  observations: ['Weekly targets live in the planner', 'Each pattern keeps its own count of sets'],
};

const rank = (graph: KnowledgeGraph, prompt: string): string[] => {
  const view = buildGraphView(graph);
  return scoreStatements(view, parseQuery(prompt), () => true).matches.map((match) => view.name(match.id));
};

test("an entity whose statements between them hold the prompt's words ranks above one whose single statement holds more of them", () => {
  const graph: KnowledgeGraph = {
    entities: [
      VOLUME,
      { name: 'TrendsPanel', entityType: 'component', observations: ['Weekly targets: pattern count panel'] },
      ...background(40),
    ],
    relations: [],
  };
  assert.deepEqual(rank(graph, 'how are weekly targets per pattern defined, does each pattern get its own count?').slice(0, 2), [
    'Volume.tsx',
    'TrendsPanel',
  ]);
});

test('a log of many statements gets little for words scattered over them', () => {
  const log: GraphEntity = {
    name: 'session-log',
    entityType: 'session',
    observations: [
      'Worked on the weekly digest email',
      ...Array.from({ length: 60 }, (_, index) => `Step ${index} of the migration was checked`),
      'Renamed the pattern helper',
      'Fixed the count badge',
    ],
  };
  const graph: KnowledgeGraph = {
    entities: [
      log,
      {
        name: 'digest-job',
        entityType: 'component',
        observations: ['The weekly digest email goes out on Monday', 'Each digest has a pattern count'],
      },
      ...background(40),
    ],
    relations: [],
  };
  const view = buildGraphView(graph);
  const scoring = scoreStatements(view, parseQuery('weekly digest email pattern count'), () => true);
  const byName = new Map(scoring.matches.map((match) => [view.name(match.id), match] as const));
  const small = byName.get('digest-job');
  const big = byName.get('session-log');
  assert.ok(small && big);
  assert.equal(scoring.matches[0]?.id, small.id);
  // Both hold "pattern" and "count" outside their best statement; the log of 63 statements gets a small share of it.
  assert.ok(small.raw - small.evidence > 4 * (big.raw - big.evidence), `${small.raw - small.evidence} vs ${big.raw - big.evidence}`);
  assert.ok(big.raw > big.evidence);
});

test('silence is judged without coverage: the score that evidence reads is the one generic prompts were measured on', () => {
  const graph: KnowledgeGraph = {
    entities: [VOLUME, ...background(60)],
    relations: [],
  };
  const view = buildGraphView(graph, { calibrate: calibrateSilence });
  const scoring = scoreStatements(view, parseQuery('weekly targets, each pattern and its count'), () => true);
  const match = scoring.matches[0];
  assert.ok(match);
  assert.ok(match.raw > match.evidence, 'the ranking score holds the coverage');
  // What silence is calibrated on (the best score of an entity that matched two terms or more) leaves it out.
  assert.equal(Math.round(scoring.coordinatedTopRaw * 1000) / 1000, match.evidence);
  assert.deepEqual(
    scoring.evidenceMatches.map((entry) => entry.id),
    [...scoring.evidenceMatches].sort((a, b) => b.evidence - a.evidence).map((entry) => entry.id),
  );
  // And the hook's report reads the same score.
  const retrieval = retrieveFromView(view, 'weekly targets, each pattern and its count', OPTIONS);
  assert.equal(retrieval.silence[0]?.answered, true);
  assert.equal(retrieval.memories[0]?.entity.name, 'Volume.tsx');
});

test("a short question whose words one memory's statements hold together is answered, though its best statement alone falls below the bank's threshold", () => {
  const graph: KnowledgeGraph = {
    entities: [
      {
        name: 'tail-worker',
        entityType: 'component',
        observations: ['A debounce of 500ms batches ingest of appended lines', 'A registry keeps one follower per conversation'],
      },
      ...background(60),
    ],
    relations: [],
  };
  const question = 'how do we debounce appended lines and keep one follower per conversation?';
  const measured = scoreStatements(buildGraphView(graph), parseQuery(question), () => true).matches[0];
  assert.ok(measured && measured.raw > measured.evidence);
  // Generic prompts of this length reached more than its best statement, and less than its statements together; the
  // other calibration values as a bank measures them.
  const between = (measured.evidence + measured.raw) / 2;
  // The question has 8 terms (the fourth bucket of length): the other buckets' bars are out of reach.
  const high = measured.raw * 10;
  const calibrated =
    (covered: number, specificIdf = 1) =>
    () => ({
      thresholds: [0, 0, high, between, high],
      coveredThresholds: [0, 0, high, covered, high],
      singleThreshold: between,
      specificIdf,
      statementTerms: 5,
    });
  const answer = (covered: number, prompt: string, specificIdf = 1) =>
    retrieveFromView(buildGraphView(graph, { calibrate: calibrated(covered, specificIdf) }), prompt, OPTIONS);
  const answered = answer(between, question);
  assert.equal(answered.silence[0]?.answered, true);
  assert.match(answered.silence[0]?.reason ?? '', /statements together/);
  assert.equal(answered.memories[0]?.entity.name, 'tail-worker');
  // Its report gives the score with coverage and the bar it beat.
  assert.equal(answered.silence[0]?.topRaw, measured.raw);
  assert.equal(answered.silence[0]?.threshold, Math.round(between * 1000) / 1000);
  // Not when no word it matched is specific to the bank (each is in more slots than a specific term may be).
  assert.equal(answer(between, question, 99).silence[0]?.answered, false);
  // Not when generic prompts reach as much with coverage.
  assert.equal(answer(measured.raw + 1, question).silence[0]?.answered, false);
  // Not in a request for new work, nor in a long prompt: there the project's words meet by chance.
  assert.equal(
    answer(between, 'can we add a debounce of appended lines and keep one follower per conversation?').silence[0]?.answered,
    false,
  );
  assert.equal(
    answer(
      between,
      'I was reading through my notes again this morning and wondered, how do we debounce appended lines and keep one follower per conversation, all things considered?',
    ).silence[0]?.answered,
    false,
  );
});

// A prompt of many words, two of which the file holds in different statements.
const LONG = 'explain the weekly pattern of bananas giraffes submarines volcanoes trombones umbrellas';

test('coverage does not lift a prompt over the silence threshold: it is judged on the score without it', () => {
  const view = buildGraphView({ entities: [VOLUME, ...background(60)], relations: [] }, { calibrate: calibrateSilence });
  const best = scoreStatements(view, parseQuery(LONG), () => true).matches[0];
  const threshold = view.calibration()?.thresholds[3] ?? 0;
  assert.ok(best && best.evidence < threshold && best.raw > threshold, `${best?.evidence} < ${threshold} < ${best?.raw}`);
  const report = retrieveFromView(view, LONG, OPTIONS).silence[0];
  assert.equal(report?.answered, false);
  // The score reported beside the threshold is the one compared with it.
  assert.equal(report?.topRaw, best.evidence);
});

test('silence reads the five best by the score without coverage, not the five best by the ranking score', () => {
  const spread = Array.from(
    { length: 5 },
    (_, index): GraphEntity => ({
      name: `spread-${index}`,
      entityType: 'file',
      observations: [`Weekly note ${index}`, `The pattern ${index} is documented`],
    }),
  );
  const tight: GraphEntity = { name: 'tight', entityType: 'file', observations: ['weekly pattern'] };
  const view = buildGraphView({ entities: [VOLUME, ...spread, tight, ...background(60)], relations: [] }, { calibrate: calibrateSilence });
  const scoring = scoreStatements(view, parseQuery(LONG), () => true, 60);
  const threshold = view.calibration()?.thresholds[3] ?? 0;
  const tightId = view.idOf('tight');
  // The five spread entities rank first by coverage, none of them above the threshold without it; "tight" is.
  assert.ok(!scoring.matches.slice(0, 5).some((match) => match.id === tightId));
  assert.ok(scoring.matches.slice(0, 5).every((match) => match.evidence < threshold));
  assert.equal(scoring.evidenceMatches[0]?.id, tightId);
  assert.ok((scoring.evidenceMatches[0]?.evidence ?? 0) > threshold);
  assert.equal(retrieveFromView(view, LONG, OPTIONS).silence[0]?.answered, true);
});

test('the five best by the score without coverage break ties by the lower id, as the ranking does', () => {
  const view = buildGraphView({
    entities: [
      ...[0, 1, 2, 3].map((index): GraphEntity => ({ name: `strong-${index}`, entityType: 'file', observations: ['alpha beta'] })),
      { name: 'Y', entityType: 'file', observations: ['beta gamma'] },
      { name: 'X', entityType: 'file', observations: ['alpha gamma'] },
      ...Array.from(
        { length: 30 },
        (_, index): GraphEntity => ({ name: `bg-${index}`, entityType: 'file', observations: [`unrelated words ${index}`] }),
      ),
    ],
    relations: [],
  });
  const scoring = scoreStatements(view, parseQuery('alpha beta'), () => true);
  // No coverage here (one statement each): both orders are the same five, Y (id 4) before X (id 5) at the same score.
  assert.deepEqual(
    scoring.evidenceMatches.map((match) => view.name(match.id)),
    scoring.matches.slice(0, 5).map((match) => view.name(match.id)),
  );
  assert.equal(scoring.evidenceMatches[4]?.id, view.idOf('Y'));
});

test('the bar for statements together is the largest score generic prompts reach with coverage, a bucket that measured nothing taking the shorter one', () => {
  const menu: GraphEntity = {
    name: 'menu-notes',
    entityType: 'component',
    observations: ['The pizza oven runs hot', 'Toppings are chosen on Friday', 'Dinner is cooked by the rota', 'Pancakes on Sunday'],
  };
  const view = buildGraphView({ entities: [menu, ...background(60)], relations: [] }, { calibrate: calibrateSilence });
  const calibration = view.calibration();
  assert.ok(calibration?.coveredThresholds);
  const { thresholds, coveredThresholds } = calibration;
  // What each generic prompt reaches with coverage, by bucket of length.
  const reached: number[][] = thresholds.map(() => []);
  for (const prompt of GENERIC_PROMPTS) {
    const query = parseQuery(prompt);
    if (query.terms.length > 0) {
      reached[bucketOf(query.terms.length)]?.push(scoreStatements(view, query, () => true, 5).coveredTopRaw);
    }
  }
  const largest = reached.map((scores) => Math.max(0, ...scores));
  // Some generic prompt gathers words over the menu's statements: its bucket's bar is that score, above the one
  // without coverage.
  const gathered = largest.findIndex((value, index) => value > (thresholds[index] as number));
  assert.ok(gathered >= 0, JSON.stringify({ largest, thresholds }));
  assert.equal(coveredThresholds[gathered], Math.round((largest[gathered] as number) * 1000) / 1000);
  coveredThresholds.forEach((value, index) => {
    assert.ok(value >= (thresholds[index] as number), `bucket ${index}: never below the bar without coverage`);
    if (index > 0 && largest[index] === 0) {
      assert.ok(value >= (coveredThresholds[index - 1] as number), `bucket ${index} measured nothing: the shorter one's bar`);
    }
  });
});
