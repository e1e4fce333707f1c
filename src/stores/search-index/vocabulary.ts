// The vocabulary filter (core/lexicon/bloom.ts, compiled by scripts/build-vocabulary.ts), read on first use: from
// hooks/lib/vocabulary.bin beside a running bundle (hooks/prompt/, hooks/cli/, hooks/lib/), or from the sources'
// src/core/lexicon/vocabulary.bin (tests, tsx). Kept out of the bundles: 300 KB of base64 would cost every prompt
// its parse time, and most prompts never need it (retrieve.ts asks only when a prompt would be answered and has a
// word the bank lacks).
import { readFileSync } from 'node:fs';
import { type Bloom, bloomHas, readBloom } from '../../core/lexicon/bloom.ts';
import { stemWordOnce } from '../../core/text.ts';

const FILES = ['../lib/vocabulary.bin', '../../core/lexicon/vocabulary.bin'];
let filter: Bloom | null | undefined;

function load(): Bloom | null {
  if (filter === undefined) {
    filter = null;
    for (const file of FILES) {
      try {
        filter = readBloom(readFileSync(new URL(file, import.meta.url)));
        break;
      } catch {
        // Not there (or not a filter): the next place.
      }
    }
  }
  return filter;
}

// Whether a stem (text.ts) is of English or software vocabulary. Without a readable filter every stem is: then no
// prompt is silenced for naming something new.
export function isVocabularyStem(stem: string): boolean {
  const bloom = load();
  return bloom === null || bloomHas(bloom, stem);
}

// The same for a lowercase word.
export const isVocabularyWord = (word: string): boolean => isVocabularyStem(stemWordOnce(word));
