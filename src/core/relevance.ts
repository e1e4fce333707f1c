// Lexical relevance of graph entities to a parsed query: IDF-weighted term coverage over weighted fields,
// blended with how well one single field (the name, or one observation) covers the query. Reads only the
// inverted index of a GraphView: no entity is loaded or tokenized to be scored, and the work is two passes
// over typed arrays (whole coverage for every entity, then the per-field part for the best candidates only).
import { COUNT_SHIFT, IN_NAME, IN_TYPE, NAME_FIELD, POSTING_WIDTH, type GraphView } from './graph-view.ts';
import type { ParsedQuery } from './query.ts';
import { synonymsOf } from './synonyms.ts';

// How much a term found in each field counts, before IDF.
export const FIELD_WEIGHTS = { name: 1, observation: 0.75, type: 0.5 } as const;
// A near-miss (a word that starts with the term, a stem of 5+ letters inside a longer word, or a 5+ letter word
// the term starts with) counts this much.
const FUZZY_FACTOR = 0.7;
// A synonym (synonyms.ts) counts this much of the word itself.
const SYNONYM_FACTOR = 0.6;
// Relevance = this share of the best single field's coverage + the rest of the whole entity's coverage:
// query words scattered over many long observations say less than the same words together in one place.
const LOCAL_SHARE = 0.5;
// A memory that covers one part of a prompt that asks several things counts this much of that part's coverage.
const SEGMENT_FACTOR = 0.7;
// An entity named verbatim in the prompt is fully relevant: the user said its name.
const NAMED_ENTITY_FLOOR = 1;

export interface EntityMatch {
  id: number;
  relevance: number;
  matchedTerms: string[];
}

// How one kind of match (exact, near-miss, synonym) of one term sits in every entity it touches.
interface KindArrays {
  factor: number;
  inName: Uint8Array;
  inType: Uint8Array;
  observationCount: Uint16Array;
  // Bit k: found in observation k (the first 32 observations; later ones count for the whole entity only).
  observationBits: Uint32Array;
  // The entities it touches, in the order first met: touched[0 .. touchedCount).
  touched: Int32Array;
  touchedCount: number;
}

interface TermMatch {
  term: string;
  documentFrequency: number;
  kinds: KindArrays[];
}

// Scores the live entities that match at least one query term (or a near-miss, or a synonym), best first: the
// `wanted * 4` with the highest whole coverage (all of them when wanted is not given).
export function scoreView(
  view: GraphView,
  query: ParsedQuery,
  isLive: (id: number) => boolean,
  wanted = Number.POSITIVE_INFINITY,
): EntityMatch[] {
  const hinted = new Set(query.entityHints.map((hint) => view.idOf(hint)).filter((id): id is number => id !== undefined && isLive(id)));
  if (query.terms.length === 0 && hinted.size === 0) {
    return [];
  }
  const size = view.size;
  const terms = query.terms.map((term) => matchTerm(view, term));
  const idf = terms.map(({ documentFrequency }) => Math.log(1 + (size + 1) / (documentFrequency + 0.5)));
  // A term the graph never uses says nothing about which entity fits, but it is part of the question: it counts as
  // much as the rarest term the graph does use (not as an infinitely rare one).
  const present = terms.map((match) => match.documentFrequency > 0 || (match.kinds[2]?.touchedCount ?? 0) > 0);
  const rarestPresent = Math.max(0, ...idf.filter((_, index) => present[index]));
  terms.forEach((_, index) => {
    if (!present[index]) {
      idf[index] = rarestPresent;
    }
  });

  // Pass 1: whole coverage of every entity (an upper bound of its relevance). Plain loops: this runs once per
  // process, before V8 has optimized anything, over every posting of the prompt's words.
  const whole = new Float64Array(size);
  const matchedMask = new Uint32Array(size);
  const chosenKind = terms.map(() => new Uint8Array(size));
  // Typed arrays, not growing JavaScript arrays: at 10,000 entities a common word touches most of them, and the
  // copies of growing arrays were garbage collected in the middle of the prompt.
  const candidates = new Int32Array(size + hinted.size);
  let candidateCount = 0;
  for (let termIndex = 0; termIndex < terms.length; termIndex += 1) {
    const match = terms[termIndex] as TermMatch;
    const weight = idf[termIndex] ?? 0;
    const bit = 1 << Math.min(termIndex, 31);
    const chosen = chosenKind[termIndex] as Uint8Array;
    for (let kindIndex = 0; kindIndex < match.kinds.length; kindIndex += 1) {
      const kind = match.kinds[kindIndex] as KindArrays;
      const touched = kind.touched;
      for (let index = 0; index < kind.touchedCount; index += 1) {
        const id = touched[index] as number;
        if (chosen[id] !== 0) {
          continue;
        }
        const score = kindScore(kind, id);
        if (score === 0) {
          continue;
        }
        chosen[id] = kindIndex + 1;
        whole[id] = (whole[id] as number) + score * weight;
        const mask = matchedMask[id] as number;
        if (mask === 0 && isLive(id)) {
          candidates[candidateCount++] = id;
        }
        matchedMask[id] = mask | bit;
      }
    }
  }
  for (const id of hinted) {
    if (matchedMask[id] === 0) {
      candidates[candidateCount++] = id;
    }
  }
  // Pass 2: the per-field part, for the best bounds only (relevance is at least half its bound, so an entity
  // further down could overtake only one that its own bound already nearly equals).
  const exactCount = Number.isFinite(wanted) ? Math.max(wanted * 4, 64) : candidateCount;
  const best = selectBest(candidates.subarray(0, candidateCount), whole, hinted, exactCount);
  const scored = scoreExactly(best, terms, idf, chosenKind, matchedMask, hinted, query.segments);
  return scored.sort((a, b) => b.relevance - a.relevance || compareNames(view.name(a.id), view.name(b.id)));
}

// The `count` candidates with the highest whole coverage (named ones always), without sorting them all.
function selectBest(candidates: Int32Array, whole: Float64Array, hinted: ReadonlySet<number>, count: number): number[] {
  if (candidates.length <= count) {
    return Array.from(candidates.sort());
  }
  const values = new Float64Array(candidates.length);
  for (let index = 0; index < candidates.length; index += 1) {
    values[index] = whole[candidates[index] as number] as number;
  }
  values.sort();
  const threshold = values[values.length - count] as number;
  const chosen: number[] = [];
  const ties: number[] = [];
  for (let index = 0; index < candidates.length; index += 1) {
    const id = candidates[index] as number;
    const value = whole[id] as number;
    if (value > threshold || (hinted.size > 0 && hinted.has(id))) {
      chosen.push(id);
    } else if (value === threshold) {
      ties.push(id);
    }
  }
  // Ties at the threshold: the lowest ids (the order of the graph), as many as there is room for.
  ties.sort((a, b) => a - b);
  for (let index = 0; index < ties.length && chosen.length < count; index += 1) {
    chosen.push(ties[index] as number);
  }
  return chosen;
}

function scoreExactly(
  ids: readonly number[],
  terms: readonly TermMatch[],
  idf: readonly number[],
  chosenKind: readonly Uint8Array[],
  matchedMask: Uint32Array,
  hinted: ReadonlySet<number>,
  segments: readonly number[][] = [],
): EntityMatch[] {
  // The coverage of the terms whose indices are given (all of them: the whole prompt): half the best single field's
  // share, half the whole entity's (pass 1's bound, summed again here over just those terms).
  const coverageOf = (id: number, termIndices: readonly number[]): number => {
    // Per field (0 the name, k + 1 observation k): the weighted terms found there.
    const perField = new Map<number, number>();
    let wholeScore = 0;
    let idfTotal = 0;
    for (const termIndex of termIndices) {
      idfTotal += idf[termIndex] ?? 0;
      const match = terms[termIndex] as TermMatch;
      const kindIndex = (chosenKind[termIndex] as Uint8Array)[id] ?? 0;
      const kind = match.kinds[kindIndex - 1];
      if (!kind) {
        continue;
      }
      wholeScore += kindScore(kind, id) * (idf[termIndex] ?? 0);
      const weight = (idf[termIndex] ?? 0) * kind.factor;
      if (kind.inName[id]) {
        perField.set(NAME_FIELD, (perField.get(NAME_FIELD) ?? 0) + FIELD_WEIGHTS.name * weight);
      }
      for (let bits = kind.observationBits[id] ?? 0, observation = 0; bits !== 0; bits >>>= 1, observation += 1) {
        if (bits & 1) {
          perField.set(observation + 1, (perField.get(observation + 1) ?? 0) + FIELD_WEIGHTS.observation * weight);
        }
      }
    }
    const best = Math.max(0, ...perField.values());
    return idfTotal > 0 ? (LOCAL_SHARE * best + (1 - LOCAL_SHARE) * wholeScore) / idfTotal : 0;
  };
  const allTerms = terms.map((_, index) => index);
  return ids.map((id) => {
    const overall = coverageOf(id, allTerms);
    // A memory that answers one part of a prompt of several parts counts as a part-answer, at a discount.
    const partial = segments.reduce((most, segment) => Math.max(most, SEGMENT_FACTOR * coverageOf(id, segment)), 0);
    const coverage = Math.max(overall, partial);
    const matchedTerms = terms
      .filter((_, termIndex) => ((matchedMask[id] ?? 0) & (1 << Math.min(termIndex, 31))) !== 0)
      .map((match) => match.term);
    return { id, relevance: Math.min(1, hinted.has(id) ? Math.max(coverage, NAMED_ENTITY_FLOOR) : coverage), matchedTerms };
  });
}

// The score of one kind of match in one entity: the name counts most, then observations (a little more when
// several), then the type.
function kindScore(kind: KindArrays, id: number): number {
  if (kind.inName[id]) {
    return FIELD_WEIGHTS.name * kind.factor;
  }
  const observations = kind.observationCount[id] ?? 0;
  if (observations > 0) {
    return FIELD_WEIGHTS.observation * kind.factor * (observations > 1 ? 1.1 : 1);
  }
  if (kind.inType[id]) {
    return FIELD_WEIGHTS.type * kind.factor;
  }
  return 0;
}

// Where a term occurs exactly, as a near-miss and through a synonym; its document frequency counts every entity
// with a stem containing it (postgres in postgresql).
function matchTerm(view: GraphView, term: string): TermMatch {
  const size = view.size;
  // The arrays of a kind are made when it first matches: most terms have no near-miss and no synonym in the
  // graph, and three sets of four arrays the size of the graph per term were most of a prompt's garbage.
  const kinds: Array<KindArrays | undefined> = [undefined, undefined, undefined];
  const kindAt = (index: number): KindArrays => (kinds[index] ??= makeKind(size, KIND_FACTORS[index] as number));
  const seen = new Uint8Array(size);
  let documentFrequency = 0;
  for (const stem of view.stemsContaining(term)) {
    const postings = view.postings(stem);
    const kindIndex =
      stem === term ? EXACT : term.length >= 4 && (stem.startsWith(term) || (term.length >= 5 && stem.includes(term))) ? NEAR : -1;
    const kind = kindIndex < 0 || postings.length === 0 ? undefined : kindAt(kindIndex);
    // One pass: the document frequency, and where each kind of match sits.
    for (let index = 0; index < postings.length; index += POSTING_WIDTH) {
      const id = postings[index] as number;
      if (seen[id] === 0) {
        seen[id] = 1;
        documentFrequency += 1;
      }
      if (kind) {
        mark(kind, id, postings[index + 1] as number, postings[index + 2] as number);
      }
    }
  }
  // A shorter indexed word the term starts with (term postgresql, word postgr).
  for (let length = 5; length < term.length; length += 1) {
    record(kindAt, NEAR, view.postings(term.slice(0, length)));
  }
  for (const alternate of synonymsOf(term)) {
    record(kindAt, SYNONYM, view.postings(alternate));
  }
  return { term, documentFrequency, kinds: kinds.map((kind) => kind ?? NO_MATCH) };
}

const EXACT = 0;
const NEAR = 1;
const SYNONYM = 2;
const KIND_FACTORS = [1, FUZZY_FACTOR, SYNONYM_FACTOR];
// A kind that matched nowhere (never indexed: its touched list is empty).
const NO_MATCH: KindArrays = makeKind(0, 0);

function makeKind(size: number, factor: number): KindArrays {
  return {
    factor,
    inName: new Uint8Array(size),
    inType: new Uint8Array(size),
    observationCount: new Uint16Array(size),
    observationBits: new Uint32Array(size),
    touched: new Int32Array(size),
    touchedCount: 0,
  };
}

function record(kindAt: (index: number) => KindArrays, kindIndex: number, postings: Int32Array): void {
  if (postings.length === 0) {
    return;
  }
  const kind = kindAt(kindIndex);
  for (let index = 0; index < postings.length; index += POSTING_WIDTH) {
    mark(kind, postings[index] as number, postings[index + 1] as number, postings[index + 2] as number);
  }
}

// Notes where a kind of match sits in an entity (each field once, whatever stems brought it: observations that
// two stems share count once; beyond the 32nd observation they cannot be told apart and may count twice).
function mark(kind: KindArrays, id: number, flags: number, bits: number): void {
  const held = kind.observationBits[id] as number;
  const heldCount = kind.observationCount[id] as number;
  if (kind.inName[id] === 0 && kind.inType[id] === 0 && heldCount === 0) {
    kind.touched[kind.touchedCount++] = id;
  }
  if (flags & IN_NAME) {
    kind.inName[id] = 1;
  }
  if (flags & IN_TYPE) {
    kind.inType[id] = 1;
  }
  const count = flags >>> COUNT_SHIFT;
  if (count === 0) {
    return;
  }
  kind.observationCount[id] = heldCount === 0 ? count : Math.min(0xffff, heldCount + count - popCount(held & bits));
  kind.observationBits[id] = held | bits;
}

function popCount(value: number): number {
  let bits = value >>> 0;
  let count = 0;
  for (; bits !== 0; bits &= bits - 1) {
    count += 1;
  }
  return count;
}

const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
