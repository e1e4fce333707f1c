import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseQuery } from '../../src/core/query.ts';
import { extractTerms, splitWords, stemWord } from '../../src/core/text.ts';
import { SYNONYM_WORDS, synonymsOf } from '../../src/core/synonyms.ts';

test('morphological variants of a word share one search term', () => {
  const cases: Array<[string, string]> = [
    ['pagination', 'paginate'],
    ['paginated', 'paginating'],
    ['orders', 'order'],
    ['Caching', 'cached'],
  ];
  for (const [left, right] of cases) {
    assert.deepEqual(extractTerms(left), extractTerms(right), `${left} ~ ${right}`);
  }
});

test('camelCase, snake_case and hyphenated identifiers split into their words', () => {
  assert.deepEqual(splitWords('fetchOrderPage order_status cursor-pagination'), [
    'fetch',
    'order',
    'page',
    'order',
    'status',
    'cursor',
    'pagination',
  ]);
});

test('a prompt becomes content terms without stopwords', () => {
  const parsed = parseQuery('how do we paginate the orders endpoint?');
  assert.deepEqual(parsed.terms, extractTerms('paginate orders endpoint'));
});

test('a prompt of only stopwords has no terms', () => {
  assert.deepEqual(parseQuery('what did we do there?').terms, []);
});

test('entity hints include identifiers, paths, quoted strings and known graph names', () => {
  const known = new Map(['PostgreSQL', 'redis', 'Vercel SPA 404 Error'].map((name) => [name.toLowerCase(), name] as const));
  const nameOf = (candidate: string) => known.get(candidate.toLowerCase());
  const parsed = parseQuery('What did database-engineer say about "cursor pagination" in src/api/orders.ts and PostgreSQL?', nameOf);
  for (const hint of ['database-engineer', 'cursor pagination', 'src/api/orders.ts', 'PostgreSQL']) {
    assert.ok(parsed.entityHints.includes(hint), hint);
  }
  assert.ok(!parsed.entityHints.includes('redis'));
  assert.ok(
    parseQuery('remind me what the Vercel SPA 404 Error was?', nameOf).entityHints.includes('Vercel SPA 404 Error'),
    'names of several words',
  );
});

test('a source file names its module too: "number_generator.py" hints number_generator', () => {
  const hints = parseQuery('Add a Seed option to number_generator.py and to src/api/orders.ts').entityHints;
  for (const hint of ['number_generator.py', 'number_generator', 'src/api/orders.ts', 'src/api/orders']) {
    assert.ok(hints.includes(hint), hint);
  }
  assert.ok(!parseQuery('see config.json').entityHints.includes('config'), 'not a data file');
});

test('synonyms: stemming keeps the first two letters of every listed word, so a term finds its group by them', () => {
  for (const word of SYNONYM_WORDS) {
    assert.equal(stemWord(word).slice(0, 2), word.slice(0, 2), word);
  }
  assert.deepEqual(
    new Set(synonymsOf(stemWord('deployment'))),
    new Set(['deploi', 'releas', 'product', 'host', 'ship'].filter((stem) => stem !== stemWord('deployment'))),
  );
  assert.ok(synonymsOf(stemWord('db')).includes(stemWord('database')));
  assert.deepEqual(synonymsOf(stemWord('haiku')), []);
  // The words of agent sessions: a finished conversation is a session's end, summarizing it is /compact.
  assert.ok(synonymsOf(stemWord('conversation')).includes(stemWord('session')));
  assert.ok(synonymsOf(stemWord('summarized')).includes(stemWord('compact')));
  assert.ok(synonymsOf(stemWord('tracing')).includes(stemWord('spans')));
});

test('a prompt that asks several things is split into its parts (two terms or more each)', () => {
  const parsed = parseQuery('Why cursor pagination for orders, and which session cache do we use?');
  assert.deepEqual(
    parsed.segments?.map((segment) => segment.map((index) => parsed.terms[index])),
    [
      ['cursor', 'pagin', 'order'],
      ['session', 'cach'],
    ],
  );
  assert.equal(parseQuery('how do we paginate the orders endpoint?').segments, undefined);
  assert.equal(parseQuery('fix the typo in the header, and run the tests').segments, undefined, 'no question word after "and"');
  assert.equal(parseQuery('why redis? ok').segments, undefined, 'a part of one word is not a part');
});

test('turning something off or on is searched as the verb a statement writes: disable, enable', () => {
  assert.deepEqual(parseQuery('turn off tracing when I run the app locally').terms, ['disabl', 'trace', 'run', 'app', 'local']);
  assert.deepEqual(parseQuery('how do I switch off the telemetry?').terms, ['disabl', 'telemetri']);
  assert.deepEqual(parseQuery('Turning on dark mode for the dashboard').terms, ['enabl', 'dark', 'mode', 'dashboard']);
  assert.deepEqual(parseQuery('it switches off the cache').terms, ['disabl', 'cach']);
  // Not a switch: "turn" alone and "off" elsewhere ("on" is the stem of "one"), "on" after another verb, the noun.
  assert.deepEqual(parseQuery('turn the list into a table, off by one').terms, ['turn', 'list', 'tabl', 'on']);
  assert.deepEqual(parseQuery('rely on the cache').terms, ['reli', 'cach']);
  assert.deepEqual(parseQuery('why does the switch on event.type miss a case?').terms, ['switch', 'event', 'type', 'miss', 'case']);
  assert.deepEqual(parseQuery('whose turn on the rotation').terms, ['whose', 'turn', 'rotat']);
});
