import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findUnknownWords as findWith, isTypoOfVocabulary as isTypoWith } from '../../../src/core/retrieval/unknown-words.ts';
import { isVocabularyWord as isVocabulary } from '../../../src/stores/search-index/vocabulary.ts';

const findUnknownWords = (text: string, isUnmatched: (stem: string) => boolean): string[] => findWith(text, isUnmatched, isVocabulary);
const isTypoOfVocabulary = (word: string): boolean => isTypoWith(word, isVocabulary);

// Every word taken for one the bank does not hold.
const unheld = (): boolean => true;

test('a product or name the vocabulary lacks is unknown; English and software words are not', () => {
  assert.deepEqual(findUnknownWords("I'd like to import runs from Strava so cardio shows up", unheld), ['strava']);
  assert.deepEqual(findUnknownWords('add a Prometheus exporter endpoint', unheld), ['prometheus']);
  assert.deepEqual(findUnknownWords('add mypy type checking to the CI', unheld), ['mypy']);
  assert.deepEqual(findUnknownWords('refactor the config loader, the utils and the dashboard tooltip', unheld), []);
  for (const word of ['config', 'refactor', 'frontend', 'localhost', 'timestamp', 'database', 'whether']) {
    assert.ok(isVocabulary(word), word);
  }
  for (const word of ['strava', 'prometheus', 'mypy']) {
    assert.ok(!isVocabulary(word), word);
  }
});

test('a typo of a word is no name; a capitalized word inside a sentence gets no typo reading', () => {
  assert.deepEqual(findUnknownWords('waht did we decide about the databse? recieve it', unheld), []);
  for (const typo of ['waht', 'databse', 'recieve', 'dattabase', 'datsbase']) {
    assert.ok(isTypoOfVocabulary(typo), typo);
  }
  // vercel is one slip from a word of the vocabulary; written as a name, it is one.
  assert.ok(isTypoOfVocabulary('vercel'));
  assert.deepEqual(findUnknownWords('should we deploy on vercel', unheld), []);
  assert.deepEqual(findUnknownWords('should we deploy on Vercel', unheld), ['vercel']);
  // At the start of a sentence a capital says nothing.
  assert.deepEqual(findUnknownWords('Waht now. Databse?', unheld), []);
});

test('code, ids, quoted words and words the bank holds are not looked at', () => {
  assert.deepEqual(findUnknownWords('run `mypy` on torch.cuda.amp and a100 nodes, "Strava" too', unheld), []);
  assert.deepEqual(
    findUnknownWords('import runs from Strava', (stem) => stem !== 'strava'),
    [],
  );
  assert.deepEqual(findUnknownWords('zorblat quixxel zyxwq blorptang', unheld).length, 3);
});
