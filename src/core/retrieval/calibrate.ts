// Silence by evidence, calibrated per bank: when the search index is built, a fixed set of generic prompts (about
// nothing in particular: general knowledge, chat, programming in general) is scored against this bank, and the best
// score they reach is kept: per bucket of prompt length for entities that matched two of their terms or more, and
// overall for entities that matched a single term (generic prompts mostly hit one everyday word in some name). A real
// prompt is answered only when a memory beats what generic prompts reach here in the same way (several terms, or
// one), and matched a term specific to this bank; or when it names an entity.
// The prompts are fixed and were written without looking at any benchmark; they are not tuned to a bank.
import type { GraphView, SilenceCalibration } from '../graph-view.ts';
import { parseQuery } from '../query.ts';
import { requestVerbStems } from './unknown-words.ts';
import { COORDINATION_MATCHES, commonFrequency, scoreStatements, statementCoordination, type TermReport } from './score-statements.ts';

// The generic prompts, short to long so that every length bucket gets some; changing them needs a new INDEX_VERSION.
export const GENERIC_PROMPTS: readonly string[] = [
  'thanks, that works',
  'looks good to me',
  'what time is it in Tokyo',
  'recommend a good book',
  'tell me a joke',
  'best pizza toppings',
  'how tall is Mount Everest',
  'write a limerick about a frog',
  'what is a monad',
  'explain recursion simply',
  'who painted the Mona Lisa',
  'how do I make pancakes from scratch',
  'what should I cook for dinner tonight',
  'can you explain how photosynthesis works in plants',
  'write a short poem about the ocean at night',
  'what are the rules of chess for castling',
  'how many planets are in the solar system',
  'give me tips for a job interview tomorrow',
  'what is the difference between a list and a tuple in Python',
  'how do I reverse a linked list in Java',
  'explain what a closure is in JavaScript with an example',
  'write a function that checks whether a string is a palindrome',
  'how does garbage collection work in modern runtimes',
  'what is the big O of binary search and why',
  'how do I write a regular expression that matches email addresses',
  'explain the CAP theorem in distributed systems',
  'what are some good habits for writing clean code',
  'how do I undo the last commit in git without losing my changes',
  'can you write a bash one liner that counts lines in all files of a folder',
  'what is the difference between processes and threads in an operating system',
  'please explain how public key cryptography works to a beginner',
  'I am planning a trip to Portugal next spring, which cities should I visit and for how long',
  'my neighbor plays loud music every night, how can I politely ask them to stop',
  'write an email to my landlord asking to fix the heating in the apartment this week',
  'what were the main causes of the first world war and how did it end',
  'can you help me plan a birthday party for a seven year old with a dinosaur theme',
  'I want to learn to play the guitar as an adult, where should I start and how often should I practice',
  'explain like I am five why the sky is blue and why sunsets are red',
  'what is the healthiest way to lose weight without giving up bread and pasta completely',
  'write a generic sorting algorithm in C and explain its worst case running time and memory use',
  'can you explain the difference between REST and GraphQL APIs and when to choose each one',
  'how should I structure unit tests for a small command line tool written in any language',
  'describe the observer design pattern and give a small example in a language of your choice',
  'what is the best way to learn a new programming language quickly if I already know two others',
  'I keep getting distracted while working from home, do you have any advice for staying focused during the day',
  'please draft a friendly message to my team saying the office will be closed on Friday for maintenance and everyone should work remotely',
  'can you summarize the main ideas of stoic philosophy and how people apply them to modern everyday life and work stress',
  'write a story for children about a brave little robot who gets lost in a big city and finds its way home with help from a pigeon',
];

// Buckets of prompt length, in search terms: [1, 2], [3, 4], [5, 7], [8, 11], 12 and more.
const BUCKET_UPPER = [2, 4, 7, 11] as const;
// The bucket of a prompt of termCount search terms: thresholds are measured and looked up by it.
export const bucketOf = (termCount: number): number => {
  const index = BUCKET_UPPER.findIndex((upper) => termCount <= upper);
  return index < 0 ? BUCKET_UPPER.length : index;
};

// Measures the calibration on a view (with no calibration yet: scoring does not consult it).
export function calibrateSilence(view: GraphView): SilenceCalibration {
  const buckets: number[][] = BUCKET_UPPER.map(() => []);
  buckets.push([]);
  const singles: number[] = [];
  const covered: number[][] = BUCKET_UPPER.map(() => []);
  covered.push([]);
  const isLive = (id: number): boolean => !view.isSuperseded(id);
  const nameOf = (candidate: string): string | undefined => {
    const id = view.idOf(candidate);
    return id === undefined ? undefined : view.name(id);
  };
  const slots = view.stats().slots;
  // A term in at most as many slots as scoring calls common is specific to the bank.
  const frequency = commonFrequency(slots);
  const specificIdf = round(Math.log(1 + (slots - frequency + 0.5) / (frequency + 0.5)));
  let statementTerms = 0;
  for (const prompt of GENERIC_PROMPTS) {
    const query = parseQuery(prompt, nameOf, view.nameHeads());
    if (query.terms.length === 0) {
      continue;
    }
    const scoring = scoreStatements(view, { ...query, entityHints: [] }, isLive, COORDINATION_MATCHES);
    buckets[bucketOf(query.terms.length)]?.push(scoring.coordinatedTopRaw);
    covered[bucketOf(query.terms.length)]?.push(scoring.coveredTopRaw);
    singles.push(scoring.singleTopRaw);
    statementTerms = Math.max(
      statementTerms,
      statementCoordination(scoring.evidenceMatches, specificMaskOf(scoring.terms, specificIdf, requestVerbStems(prompt))),
    );
  }
  const maxima = buckets.map((scores) => (scores.length > 0 ? highQuantile(scores) : Number.NaN));
  // A bucket without prompts takes the nearest shorter bucket's threshold (else the nearest longer one's).
  const thresholds = maxima.map((value, index) => {
    if (!Number.isNaN(value)) {
      return round(value);
    }
    const shorter = maxima.slice(0, index).filter((known) => !Number.isNaN(known));
    const longer = maxima.slice(index + 1).filter((known) => !Number.isNaN(known));
    return round(shorter.at(-1) ?? longer[0] ?? 0);
  });
  // A bucket where no generic prompt matched two terms of one memory measured nothing: after a bucket that measured
  // something, it takes the shorter bucket's threshold. (The generic prompts of 12 terms and more are the furthest
  // from any project: on a bank they may all reach nothing, and a threshold of zero let every long prompt with one
  // specific word through; docs/performance.md, session 11.) The short buckets before the first that measured
  // anything keep zero: short prompts rarely match two terms by chance, and their single-word evidence has its own
  // threshold (a longer bucket's threshold there was not measured).
  for (let index = 1; index < thresholds.length; index += 1) {
    if (thresholds[index] === 0) {
      thresholds[index] = thresholds[index - 1] as number;
    }
  }
  // The same with coverage (score-statements.ts), for questions a memory's statements answer together: the bucket's
  // largest score, not its 0.9 quantile (a bucket of 15 prompts drops its best two, and one generic prompt that gathers
  // words over an entity's statements is what the rule must not let through: a review's 120 general questions on the
  // graphs with distractors, 22 answered at the quantile, 4 at the largest; session 20); a bucket that measured nothing
  // takes the shorter one's; never below the bucket's threshold without coverage (coverage only adds).
  const coveredMaxima = covered.map((scores) => (scores.length > 0 ? Math.max(...scores) : 0));
  for (let index = 1; index < coveredMaxima.length; index += 1) {
    if (coveredMaxima[index] === 0) {
      coveredMaxima[index] = coveredMaxima[index - 1] as number;
    }
  }
  const coveredThresholds = coveredMaxima.map((value, index) => round(Math.max(value, thresholds[index] as number)));
  return {
    thresholds,
    coveredThresholds,
    singleThreshold: round(singles.length > 0 ? highQuantile(singles) : 0),
    specificIdf,
    statementTerms,
  };
}

// The bits of a prompt's terms that are specific to the bank (matched literally, and at least that rare), less its
// request verbs ("add", "write": they say what to do, not what about).
export function specificMaskOf(terms: readonly TermReport[], specificIdf: number, verbs: ReadonlySet<string>): number {
  let mask = 0;
  terms.forEach((term, index) => {
    if (!verbs.has(term.term) && term.literalIdf > 0 && term.literalIdf >= specificIdf) {
      mask |= 1 << index;
    }
  });
  return mask;
}

// A high quantile of generic scores, not their maximum: one generic prompt that happens to hit a phrase of this bank
// should not silence every real prompt of its length. With 3 to 15 prompts per bucket, floor(n · 0.9) is the largest
// score in buckets of ten prompts or fewer (three of the five). 0.9, not 0.8: docs/performance.md, "Quality choices".
export const GENERIC_QUANTILE = 0.9;
function highQuantile(scores: readonly number[]): number {
  const sorted = [...scores].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * GENERIC_QUANTILE))] as number;
}

const round = (value: number): number => Math.round(value * 1000) / 1000;
