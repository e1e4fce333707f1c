import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { bloomHas, buildBloom, readBloom } from '../../src/core/lexicon/bloom.ts';
import { expansionsFor, lexiconStems, parseLexicon, relatedStems } from '../../src/core/lexicon/lexicon.ts';
import { isStopword, stemWord } from '../../src/core/text.ts';

const stemsOf = (...words: string[]): string[] => words.map((word) => stemWord(word));

test('login is related to sign-in and authenticate', () => {
  assert.ok(relatedStems(stemWord('login')).includes(stemWord('signin')));
  assert.ok(relatedStems(stemWord('login')).includes(stemWord('authenticate')));
  assert.ok(relatedStems(stemWord('sign')).includes(stemWord('login')), 'a prompt\'s "sign in" reaches login through sign');
});

test('software words that WordNet lacks are related to their long forms', () => {
  const cases: Array<[string, string]> = [
    ['db', 'database'],
    ['repo', 'repository'],
    ['config', 'configuration'],
    ['deploy', 'release'],
    ['bug', 'defect'],
  ];
  for (const [short, long] of cases) {
    assert.ok(relatedStems(stemWord(short)).includes(stemWord(long)), `${short} ~ ${long}`);
    assert.ok(relatedStems(stemWord(long)).includes(stemWord(short)), `${long} ~ ${short}`);
  }
});

test('WordNet synonyms of a frequent sense are related', () => {
  assert.ok(relatedStems(stemWord('picture')).includes(stemWord('image')));
  assert.ok(relatedStems(stemWord('answer')).includes(stemWord('reply')));
});

test('the table has no entry for stopwords', () => {
  for (const word of ['the', 'about', 'would', 'make', 'thing', 'use', 'get']) {
    assert.deepEqual(relatedStems(stemWord(word)), [], word);
  }
  for (const stem of lexiconStems()) {
    assert.ok(!isStopword(stem), `${stem} is a stopword`);
    assert.ok(
      relatedStems(stem).every((related) => !isStopword(related)),
      `${stem} is related to a stopword`,
    );
  }
});

test('every stem has one to eight related stems, and none is related to itself', () => {
  for (const stem of lexiconStems()) {
    const related = relatedStems(stem);
    assert.ok(related.length > 0 && related.length <= 8, `${stem} has ${related.length} related stems`);
    assert.ok(!related.includes(stem), `${stem} is related to itself`);
  }
});

test('a word the table does not know has no related stems', () => {
  assert.deepEqual(relatedStems('xqzzy'), []);
  assert.deepEqual(relatedStems(''), []);
});

test('the shipped table stays small', () => {
  const bytes = readFileSync(new URL('../../src/core/lexicon/related-stems.json', import.meta.url)).length;
  assert.ok(bytes < 300 * 1024, `${bytes} bytes`);
});

test('expansions point only into the vocabulary, strongest first', () => {
  const vocabulary = new Set(stemsOf('login', 'oauth', 'token', 'database'));
  const expansions = expansionsFor(vocabulary);
  assert.deepEqual(expansions.get(stemWord('signin')), stemsOf('login'));
  assert.deepEqual(expansions.get(stemWord('db')), stemsOf('database'));
  for (const [stem, targets] of expansions) {
    assert.ok(targets.length > 0 && targets.every((target) => vocabulary.has(target)), stem);
  }
});

test('a prompt stem related to nothing in the vocabulary gets no expansion', () => {
  const expansions = expansionsFor(stemsOf('telescope', 'fresnel'));
  assert.equal(expansions.has(stemWord('login')), false);
  assert.equal(expansions.has(stemWord('telescope')), false);
});

test('expansions can be computed from a given table, and a stem of the vocabulary can expand to another', () => {
  const lexicon = parseLexicon(['login signin auth', 'signin login', 'auth login signin']);
  const expansions = expansionsFor(['login', 'auth', 'oauth'], lexicon);
  assert.deepEqual([...expansions].sort(), [
    ['auth', ['login']],
    ['login', ['auth']],
    ['signin', ['login']],
  ]);
});

test('a vocabulary filter is read from its file, and a file out of bounds is refused (a huge count of positions would hang)', () => {
  const bloom = buildBloom(['cache', 'queue'], 16);
  const file = new Uint8Array(8 + bloom.bits.length);
  new DataView(file.buffer).setUint32(0, bloom.size, true);
  new DataView(file.buffer).setUint32(4, bloom.hashes, true);
  file.set(bloom.bits, 8);
  const read = readBloom(file);
  assert.ok(bloomHas(read, 'cache') && bloomHas(read, 'queue'));
  assert.ok(!bloomHas(read, 'strava'));
  new DataView(file.buffer).setUint32(4, 0xffffffff, true);
  assert.throws(() => readBloom(file), /Bloom filter/);
  assert.throws(() => readBloom(file.subarray(0, 12)), /Bloom filter/);
});
