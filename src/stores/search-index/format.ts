// What a search index folder holds (the bank's in the state folder's search-index/, the memory server's in
// memory-server/search-index/): current.json points at a generation folder, each generation is written whole and then
// switched to, and rebuild.json records a rebuild by a detached process. The format changes with INDEX_VERSION.
import path from 'node:path';
import { POSTING_WIDTH } from '../../core/graph-view.ts';

// 5: postings per statement (BM25), slot bases, corpus statistics, silence calibration, expansions.
// 6: the same files; the silence calibration is the 0.9 quantile of generic prompts (was 0.8), so it is measured again.
// 7: the same files; name-heads.json also holds the first parts of names written as one identifier (useTodos -> use).
// 9: calibration.json also holds statementTerms, the most specific terms of a generic prompt one statement held;
//    start.json, the newest and best-connected entities session start picks among.
// 10: the same files; statementTerms counts live statements only (history was counted too), so it is measured again.
// 11: the same files; a statement that holds a duration also has the stem _dur (retrieval/answer-types.ts), and the
//     lexicon knows more software words (stylesheet ~ css, token ~ credential), so expansions.txt is written again.
// 12: calibration.json also holds coveredThresholds, the generic prompts' best scores with coverage (retrieval/
//     score-statements.ts), so it is measured again.
// 13: the same files; words split at an acronym's end too (text.ts ACRONYM_EDGE: CPUFrequency -> cpu, frequency), so
//     every stem is indexed again.
// 14: the same files; a word split at an acronym's end is also kept whole (CPUFrequency -> cpufrequency, cpu,
//     frequency; SQLAlchemy still matches sqlalchemy), and the split comes before a word of three letters (APIKey).
export const INDEX_VERSION = 14;
// A posting's size in postings.bin: POSTING_WIDTH 32-bit ints.
export const POSTING_BYTES = POSTING_WIDTH * 4;

// current.json: the generation readers open, and the version of the graph file it was built from.
export interface Pointer {
  version: number;
  generation: string;
  sourceSize: number;
  sourceMtimeMs: number;
  entityCount: number;
}

// current.json: readers open the generation it names.
export const pointerFile = (indexDir: string): string => path.join(indexDir, 'current.json');
// rebuild.json: a detached rebuild running or failed, so no second one starts for the same version of the file.
export const rebuildMarkerFile = (indexDir: string): string => path.join(indexDir, 'rebuild.json');
