// The retrieval options of the statement-level retrieval tests: a fixed clock, the defaults of config.ts, and the
// shipped vocabulary (so that unknown words are found as the hook finds them).
import type { RetrieveOptions } from '../../src/core/retrieve.ts';
import { isVocabularyStem } from '../../src/stores/search-index/vocabulary.ts';

export const RETRIEVE_OPTIONS: RetrieveOptions = {
  nowMs: Date.parse('2026-12-01T00:00:00Z'),
  maxResults: 20,
  dedupThreshold: 0.85,
  boostFactor: 1.2,
  includeSuperseded: false,
  isVocabulary: isVocabularyStem,
};
