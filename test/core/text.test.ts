import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compoundHead, extractTerms, isStopword, nameHead, splitWords, stemWord, wordRuns } from '../../src/core/text.ts';

test('splitWords: lowercase words, identifiers broken at camelCase, snake_case and letter-digit edges', () => {
  const cases: Array<[string, string[]]> = [
    ['Cursor pagination, please!', ['cursor', 'pagination', 'please']],
    ['getUserName', ['get', 'user', 'name']],
    ['snake_case_id', ['snake', 'case', 'id']],
    // After three capitals or more, a capital and two lowercase letters start a word: the whole word and its parts
    // (session 21); not SQLite, OAuth, APIs.
    ['CPUFrequencyImprovements', ['cpufrequency', 'cpu', 'frequency', 'improvements']],
    ['XMLHttpRequest getHTTPResponse', ['xmlhttp', 'xml', 'http', 'request', 'get', 'httpresponse', 'http', 'response']],
    ['SQLAlchemy sqlalchemy', ['sqlalchemy', 'sql', 'alchemy', 'sqlalchemy']],
    ['PRISMRunner APIKey', ['prismrunner', 'prism', 'runner', 'apikey', 'api', 'key']],
    ['SQLite OAuth APIs UIView', ['sqlite', 'oauth', 'apis', 'uiview']],
    ['orders-api src/a.ts', ['orders', 'api', 'src', 'a', 'ts']],
    // The whole word and its parts; a single letter is no part (v2 stays whole).
    ['usaf1951 v2', ['usaf1951', 'usaf', '1951', 'v2']],
    ["don't 'quoted'", ["don't", 'quoted']],
    ['naïve Café', ['naïve', 'café']],
    ['', []],
    ['  ...  ', []],
  ];
  for (const [text, words] of cases) {
    assert.deepEqual(splitWords(text), words, JSON.stringify(text));
  }
});

test('isStopword: function words, courtesies and memory verbs, in lowercase, with or without the apostrophe', () => {
  const cases: Array<[string, boolean]> = [
    ['the', true],
    ["can't", true],
    ["don't", true],
    ['please', true],
    ['remember', true],
    ['redis', false],
    ['pagination', false],
    // Words are lowercased before they are asked about.
    ['The', false],
    // Without its apostrophe a contraction is another word.
    ['cant', false],
  ];
  for (const [word, stop] of cases) {
    assert.equal(isStopword(word), stop, word);
  }
});

test('stemWord: Porter stems without apostrophes, so word forms meet', () => {
  const cases: Array<[string, string]> = [
    ['paginate', 'pagin'],
    ['pagination', 'pagin'],
    ['running', 'run'],
    ['caching', 'cach'],
    ['cached', 'cach'],
    ["user's", 'user'],
    ['databases', 'databas'],
  ];
  for (const [word, stem] of cases) {
    assert.equal(stemWord(word), stem, word);
  }
});

test('extractTerms: the stems of the content words, in order, duplicates kept, one-letter words out but digits kept', () => {
  const cases: Array<[string, string[]]> = [
    ['how do we paginate the orders endpoint?', ['pagin', 'order', 'endpoint']],
    ['what resolved the billing outage', ['resolv', 'bill', 'outag']],
    ['cache the cache', ['cach', 'cach']],
    ['getUserName', ['user', 'name']],
    ['x 1 2a', ['1', '2a']],
    ["I'm OK, thanks", []],
    ['running tests quickly', ['run', 'test', 'quickli']],
  ];
  for (const [text, terms] of cases) {
    assert.deepEqual(extractTerms(text), terms, JSON.stringify(text));
  }
});

test('wordRuns: every run of one to four words, identifiers whole, trailing dots out; with heads, longer runs start only at a head', () => {
  const cases: Array<{ text: string; heads?: string[]; runs: string[] }> = [
    { text: 'use Orders API', runs: ['use', 'use Orders', 'use Orders API', 'Orders', 'Orders API', 'API'] },
    {
      text: 'a b c d e',
      runs: ['a', 'a b', 'a b c', 'a b c d', 'b', 'b c', 'b c d', 'b c d e', 'c', 'c d', 'c d e', 'd', 'd e', 'e'],
    },
    {
      text: 'see prism.core, src/a.ts...',
      runs: ['see', 'see prism.core', 'see prism.core src/a.ts', 'prism.core', 'prism.core src/a.ts', 'src/a.ts'],
    },
    { text: 'use the Orders API now', heads: ['orders'], runs: ['use', 'the', 'Orders', 'Orders API', 'Orders API now', 'API', 'now'] },
    { text: '("quoted") [x]', runs: ['quoted', 'quoted x', 'x'] },
    { text: '', runs: [] },
  ];
  for (const { text, heads, runs } of cases) {
    assert.deepEqual(wordRuns(text, heads ? new Set(heads) : undefined), runs, JSON.stringify(text));
  }
});

test('nameHead: the first word of a name of several words, else nothing', () => {
  const cases: Array<[string, string | undefined]> = [
    ['orders api', 'orders'],
    ['cursor pagination for orders', 'cursor'],
    ['orders', undefined],
    [' leading space', undefined],
    ['', undefined],
  ];
  for (const [name, head] of cases) {
    assert.equal(nameHead(name), head, JSON.stringify(name));
  }
});

test('an identifier of several words has a head, its first part; a plain name or one of several words has none', () => {
  assert.equal(compoundHead('useTodos'), 'use');
  assert.equal(compoundHead('power_metrics_module'), 'power');
  assert.equal(compoundHead('orders-api'), 'orders');
  assert.equal(compoundHead('ProteinLoggingModal'), 'protein');
  // Split as splitWords splits: an acronym's end too.
  assert.equal(compoundHead('CPUFrequencyImprovements'), 'cpu');
  assert.equal(compoundHead('PRISMRunner'), 'prism');
  assert.equal(compoundHead('SQLite'), undefined);
  assert.equal(compoundHead('setup'), undefined);
  assert.equal(compoundHead('Protein Logging'), undefined);
  assert.equal(compoundHead('x_y'), undefined);
});
