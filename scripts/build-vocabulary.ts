// Compiles src/core/lexicon/vocabulary.bin: a Bloom filter of the Porter stems of the words a prompt may use without
// naming anything, English and software vocabulary, from the an-array-of-english-words devDependency (the Letterpress
// list, ~275,000 words, no proper nouns), the general lists of the @cspell/dict-software-terms devDependency
// (software terms, compound code words, computing acronyms, POSIX error names, well-known tools; not its list of web
// services) and the words of scripts/lexicon/software-synonyms.txt and scripts/lexicon/prompt-words.txt. Run: npm run build:vocabulary [-- --out FILE]
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { buildBloom } from '../src/core/lexicon/bloom.ts';
import { stemWord } from '../src/core/text.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { values: flags } = parseArgs({
  options: { out: { type: 'string', default: path.join(root, 'src', 'core', 'lexicon', 'vocabulary.bin') } },
});
// Bits per stem: about 0.05% of strings not in the vocabulary are taken for vocabulary (the safe direction: such a
// word then silences nothing).
const BITS_PER_STEM = 16;

const require = createRequire(import.meta.url);
// (cspell's package exports only its cspell-ext.json, beside its dict folder.)
const packageDir = (name: string, file = 'package.json'): string => path.dirname(require.resolve(`${name}/${file}`));
const english = JSON.parse(readFileSync(path.join(packageDir('an-array-of-english-words'), 'index.json'), 'utf8')) as string[];
const cspell = path.join(packageDir('@cspell/dict-software-terms', 'cspell-ext.json'), 'dict');
const cspellLines = (name: string): string[] => {
  const data = readFileSync(path.join(cspell, name));
  return (name.endsWith('.gz') ? gunzipSync(data) : data).toString('utf8').split('\n');
};
const software = [
  ...cspellLines('softwareTerms.txt.gz'),
  ...cspellLines('coding-compound-terms.txt'),
  ...cspellLines('computing-acronyms.txt'),
  ...cspellLines('posix-errno.txt'),
  ...cspellLines('software-tools.txt'),
  ...readFileSync(path.join(root, 'scripts', 'lexicon', 'software-synonyms.txt'), 'utf8').split('\n'),
  ...readFileSync(path.join(root, 'scripts', 'lexicon', 'prompt-words.txt'), 'utf8').split('\n'),
].filter((line) => !line.startsWith('#'));

// Every plain word of the lists (cspell's affix marks and compounds' capitals split off), lowercased and stemmed.
const stems = new Set<string>();
for (const entry of [...english, ...software]) {
  for (const word of entry.split(/[^A-Za-z]+/)) {
    // The word whole ("JavaScript" -> javascript) and its camelCase parts.
    for (const part of [word, ...word.replace(/([a-z])([A-Z])/g, '$1 $2').split(' ')]) {
      if (part.length >= 2) {
        stems.add(stemWord(part.toLowerCase()));
      }
    }
  }
}
const sorted = [...stems].sort();
const bloom = buildBloom(sorted, BITS_PER_STEM);
// The file: its size in bits and its number of positions (two little-endian 32-bit words), then the bits
// (lexicon/bloom.ts reads it). Bundled apart, as hooks/lib/vocabulary.bin (scripts/build.ts): inside a hook bundle it
// would cost every prompt its parse time.
const header = Buffer.alloc(8);
header.writeUInt32LE(bloom.size, 0);
header.writeUInt32LE(bloom.hashes, 4);
const text = Buffer.concat([header, bloom.bits]);
writeFileSync(`${flags.out}.tmp`, text);
renameSync(`${flags.out}.tmp`, flags.out);
console.error(
  `${path.relative(root, flags.out)}: ${sorted.length} stems, ${(bloom.bits.length / 1024).toFixed(0)} KB of bits, ${bloom.hashes} hashes`,
);
