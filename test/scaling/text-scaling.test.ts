// Every pass over prompt or transcript text is linear in its input, on the shapes that make patterns backtrack
// (issue #13): measured, x10 input -> at most ~x10 time, from 10 KB to 1 MB; and a fuzz pass over random mixes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clip, isJunkName, toEntityName } from '../../src/core/delta-builder.ts';
import { extractDelta, splitSentences } from '../../src/core/extract.ts';
import { commandKey } from '../../src/core/extract-tools.ts';
import { replyPrefixes } from '../../src/core/capture/ask-log.ts';
import { hookFeedbackOf } from '../../src/core/capture/capture.ts';
import { buildGraphView } from '../../src/core/graph-view.ts';
import { parseQuery } from '../../src/core/query.ts';
import { findRolesAsked } from '../../src/core/retrieval/roles-asked.ts';
import { findSessionCue } from '../../src/core/retrieval/session-cue.ts';
import { findUnknownWords, isRequestForNewWork } from '../../src/core/retrieval/unknown-words.ts';
import { isVocabularyStem } from '../../src/stores/search-index/vocabulary.ts';
import { redactSecrets } from '../../src/core/redact.ts';
import { findTechnologies } from '../../src/core/technologies.ts';
import { extractTerms, splitWords, wordRuns } from '../../src/core/text.ts';
import { parseTranscriptLines, stripInjectedMarkup, type TranscriptMessage } from '../../src/core/transcript.ts';
import { mixShapes, PATHOLOGICAL_SHAPES, seededRandom } from '../helpers/pathological-shapes.ts';
import { assertLinearTime, timePerCall } from '../helpers/scaling.ts';

// A user message, a Bash call and a closing summary carrying the text: every extractor reads it.
const conversation = (text: string): TranscriptMessage[] => [
  { role: 'user', text, toolCalls: [{ id: 'call-1', name: 'Bash', input: { command: `npm install ${text}` } }] },
  { role: 'user', text: 'implement the cache layer with redis', toolCalls: [] },
  { role: 'assistant', text: `Done:\n- ${text}`, toolCalls: [{ id: 'call-2', name: 'Write', input: { file_path: text, content: text } }] },
];

// Two sessions, so that a cue has one to find.
const CUE_VIEW = buildGraphView({
  entities: [
    { name: 'session-aaaa0001', entityType: 'session', observations: ['Set up CI'], updatedAt: '2026-11-01T00:00:00Z' },
    { name: 'session-aaaa0002', entityType: 'session', observations: ['Next: a mobile layout'], updatedAt: '2026-11-02T00:00:00Z' },
  ],
  relations: [],
});

const TEXT_PASSES: ReadonlyArray<[string, (text: string) => unknown]> = [
  ['splitWords', splitWords],
  ['extractTerms', extractTerms],
  ['wordRuns', (text) => wordRuns(text, new Set(['cursor']))],
  ['parseQuery', (text) => parseQuery(text, () => undefined, new Set(['cursor']))],
  ['findSessionCue', (text) => findSessionCue(CUE_VIEW, text, () => true)],
  ['findRolesAsked', findRolesAsked],
  // Every word taken for unmatched: the most work it can be asked to do.
  ['findUnknownWords', (text) => findUnknownWords(text, () => true, isVocabularyStem)],
  ['isRequestForNewWork', isRequestForNewWork],
  ['replyPrefixes', (text) => replyPrefixes(text)],
  // Hook feedback whose command, or whose output, is the shape.
  ['hookFeedbackOf (command)', (text) => hookFeedbackOf(`Stop hook feedback:\n[${text}`)],
  ['hookFeedbackOf (output)', (text) => hookFeedbackOf(`Stop hook feedback:\n[a/stop.sh]: ${text}`)],
  // A hook's meta line (the one kind of meta line read) whose text is the shape, inside a system reminder.
  [
    'parseTranscriptLines (hook meta line)',
    (text) =>
      parseTranscriptLines([
        JSON.stringify({
          type: 'user',
          isMeta: true,
          message: { role: 'user', content: `<system-reminder>\nStop hook feedback:\n[a/stop.sh]: ${text}\n</system-reminder>` },
        }),
      ]),
  ],
  ['hookFeedbackOf (blocking error)', (text) => hookFeedbackOf(`PreToolUse:Bash hook blocking error from command: "${text}`)],
  ['redactSecrets', redactSecrets],
  ['stripInjectedMarkup', stripInjectedMarkup],
  ['parseTranscriptLines', (text) => parseTranscriptLines([JSON.stringify({ type: 'user', message: { role: 'user', content: text } })])],
  ['splitSentences', splitSentences],
  ['findTechnologies', findTechnologies],
  ['commandKey', commandKey],
  ['toEntityName', toEntityName],
  ['isJunkName', isJunkName],
  ['clip', (text) => clip(text, 120)],
  ['extractDelta', (text) => extractDelta(conversation(text), { sessionId: 's1', projectName: 'shop' })],
];

for (const [name, pass] of TEXT_PASSES) {
  test(`${name} takes time linear in its input on every pathological shape`, () => {
    for (const [shapeName, shape] of Object.entries(PATHOLOGICAL_SHAPES)) {
      assertLinearTime(`${name} on ${shapeName}`, pass, shape, { minSampleMs: 5 });
    }
  });
}

test('every text pass survives random mixes of the pathological shapes quickly and without an exception', () => {
  const random = seededRandom(13);
  for (let round = 0; round < 12; round += 1) {
    const text = mixShapes(100_000, random);
    for (const [name, pass] of TEXT_PASSES) {
      const ms = timePerCall(pass, text, 0);
      assert.ok(ms < 1_000, `${name} took ${ms.toFixed(0)} ms on 100 KB of mixed shapes (round ${round})`);
    }
  }
});

test('the scaling assertion fails on a quadratic pass (the pattern these tests replaced)', () => {
  // The old secret-assignment key: from every word start, [..]* scans the rest of the run.
  const quadratic = (text: string): number => text.replace(/\b[A-Za-z0-9_.-]*(?:password|token)[A-Za-z0-9_.-]*=\w+/gi, '').length;
  assert.throws(
    () =>
      assertLinearTime('old assignment pattern', quadratic, PATHOLOGICAL_SHAPES['foo.foo.foo'] as (size: number) => string, {
        sizes: [2_000, 20_000],
      }),
    /x10 input took/,
  );
});

// A linear pass whose cost per character steps up once the input outgrows the processor's caches (here made
// deterministic: `slowdown` times the work per character from 100 KB on).
function linearWithCacheStep(slowdown: number): (text: string) => number {
  return (text) => {
    const rounds = 20 * (text.length >= 100_000 ? slowdown : 1);
    let sum = 0;
    for (let round = 0; round < rounds; round += 1) {
      for (let index = 0; index < text.length; index += 1) {
        sum = (sum + text.charCodeAt(index) * (round + 1)) | 0;
      }
    }
    return sum;
  };
}

test('the scaling assertion judges a first step over its ratio by the span to the next size', () => {
  const shape = PATHOLOGICAL_SHAPES['one letter'] as (size: number) => string;
  // x40 from 10 KB to 100 KB, then x10: linear from there on, x400 over the span (at most x900).
  const samples = assertLinearTime('cache step', linearWithCacheStep(4), shape, { minSampleMs: 5 });
  assert.equal(samples.length, 3);
  // x80 at the last step has no next size to clear it (read as x100 or more, it fails as quadratic: either way).
  assert.throws(
    () => assertLinearTime('cache step, two sizes', linearWithCacheStep(8), shape, { sizes: [10_000, 100_000], minSampleMs: 5 }),
    /x10 input took/,
  );
});

test('the scaling assertion fails on a pass that grows too fast over the whole span', () => {
  const shape = PATHOLOGICAL_SHAPES['one letter'] as (size: number) => string;
  // x50, then x50 again (x2,500 over the span, at most x900): n^1.7, caught at 1 MB.
  const grows = (text: string): number => {
    const factor = text.length >= 1_000_000 ? 25 : text.length >= 100_000 ? 5 : 1;
    return linearWithCacheStep(1)(text.repeat(factor));
  };
  assert.throws(() => assertLinearTime('n^1.6', grows, shape, { minSampleMs: 5 }), /x10 input took/);
});
