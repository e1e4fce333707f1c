// Every pass over prompt or transcript text is linear in its input, on the shapes that make patterns backtrack
// (issue #13): measured, x10 input -> at most ~x10 time, from 10 KB to 1 MB; and a fuzz pass over random mixes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clip, isJunkName, toEntityName } from '../../src/core/delta-builder.ts';
import { extractDelta, splitSentences } from '../../src/core/extract.ts';
import { commandKey, warningsOf } from '../../src/core/extract-tools.ts';
import { replyPrefixes } from '../../src/core/capture/ask-log.ts';
import { splitStatements } from '../../src/core/capture/segment.ts';
import { taskRecipes } from '../../src/core/capture/task-recipes.ts';
import { hookFeedbackOf } from '../../src/core/capture/capture.ts';
import { codeConstants } from '../../src/core/capture/code-constants.ts';
import { buildGraphView } from '../../src/core/graph-view.ts';
import { parseQuery } from '../../src/core/query.ts';
import { asksOfItself } from '../../src/core/relation-words.ts';
import { answerTypesAsked, holdsDuration } from '../../src/core/retrieval/answer-types.ts';
import { findRolesAsked } from '../../src/core/retrieval/roles-asked.ts';
import { findSessionCue } from '../../src/core/retrieval/session-cue.ts';
import {
  findUnknownWords,
  findUnseenTechnologies,
  findOnlyUnseenTechnologies,
  isInstruction,
  isRequestForNewWork,
  requestVerbStems,
} from '../../src/core/retrieval/unknown-words.ts';
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
  ['holdsDuration', holdsDuration],
  ['answerTypesAsked', answerTypesAsked],
  // The shape inside each of its patterns' openings, and as the words between "what" and "does".
  ['asksOfItself', (text) => asksOfItself(`what does ${text} do what ${text} did what changed in ${text} walk me through ${text}`)],
  ['asksOfItself (what does)', (text) => asksOfItself(text.replace(/\S+/g, (word, at: number) => (at % 3 === 0 ? 'what' : 'does')))],
  // Every word taken for unmatched: the most work it can be asked to do.
  ['findUnknownWords', (text) => findUnknownWords(text, () => true, isVocabularyStem)],
  ['findUnseenTechnologies', (text) => findUnseenTechnologies(`add ${text}`, () => false)],
  // A topic read before each technology of the shape, with an entity named.
  ['findOnlyUnseenTechnologies (topic)', (text) => findOnlyUnseenTechnologies(`what ${text} Kubernetes?`, () => false, true)],
  // A command's output: as a warning line, and inside pnpm's warning box.
  ['warningsOf (line)', (text) => warningsOf(`npm warn ${text}`)],
  ['warningsOf (box)', (text) => warningsOf(`╭ Warning ─╮\n│ ${text}`)],
  // Every stem but the technology's taken for held (each identifier-like word is looked at), and none.
  [
    'findOnlyUnseenTechnologies (held)',
    (text) => findOnlyUnseenTechnologies(`what about Kubernetes ${text}?`, (stem) => stem !== 'kubernet' && stem !== 'k8'),
  ],
  ['findOnlyUnseenTechnologies (unheld)', (text) => findOnlyUnseenTechnologies(`what about Kubernetes ${text}?`, () => false)],
  ['isRequestForNewWork', isRequestForNewWork],
  ['isInstruction', (text) => isInstruction(`please please ${text}`)],
  ['requestVerbStems', requestVerbStems],
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
  // A local command's output that reports hooks ("PreCompact [cmd] completed successfully"), the shape inside it.
  [
    'parseTranscriptLines (local command output)',
    (text) =>
      parseTranscriptLines([
        JSON.stringify({
          type: 'user',
          message: {
            role: 'user',
            content: `<local-command-stdout>\u001b[2mPreCompact [${text}] completed successfully ${text}</local-command-stdout>`,
          },
        }),
      ]),
  ],
  ['hookFeedbackOf (blocking error)', (text) => hookFeedbackOf(`PreToolUse:Bash hook blocking error from command: "${text}`)],
  ['redactSecrets', redactSecrets],
  ['stripInjectedMarkup', stripInjectedMarkup],
  ['parseTranscriptLines', (text) => parseTranscriptLines([JSON.stringify({ type: 'user', message: { role: 'user', content: text } })])],
  ['splitSentences', splitSentences],
  // A document the session wrote: the shape as a heading, an introducing paragraph, a short command block and prose.
  [
    'splitStatements (document)',
    (text) => splitStatements(`## ${text}\nRun:\n\`\`\`\n${text}\n\`\`\`\n${text}\n\`\`\`sh\n${text}`, { document: true }),
  ],
  // Under a heading, every line of the shape as a labelled attribute item (merged into statements of the heading).
  [
    'splitStatements (attribute items)',
    (text) => splitStatements(`## Topic\n${text.replace(/^|\n/g, '\n- **Key:** ')}\n- **Key:** ${text}`),
  ],
  // A written file whose lines are the shape, as they are and each opening like a constant of either form.
  ['codeConstants', (text) => codeConstants('src/a.ts', text)],
  [
    'codeConstants (constant lines)',
    (text) => codeConstants('lib/a.ex', text.replace(/^|\n/g, '\n@limit_ms 5').replace(/\n@limit_ms 5(\S)/g, '\nLIMIT_MS = 5$1')),
  ],
  ['findTechnologies', findTechnologies],
  ['commandKey', commandKey],
  ['toEntityName', toEntityName],
  ['isJunkName', isJunkName],
  ['clip', (text) => clip(text, 120)],
  // A task runner's file whose comment, header, parameters and command are the shape.
  ['taskRecipes (Justfile)', (text) => taskRecipes('Justfile', `# ${text}\ncheck ${text}:\n    ${text}\n${text}:\n\t${text}`)],
  ['taskRecipes (Makefile)', (text) => taskRecipes('Makefile', `${text}: ${text}\n\t${text}\nx: ; ${text}`)],
  ['taskRecipes (package.json)', (text) => taskRecipes('package.json', JSON.stringify({ scripts: { build: text } }))],
  ['extractDelta', (text) => extractDelta(conversation(text), { sessionId: 's1', projectName: 'shop' })],
];

// Passes whose input is cut at a tool input's 8,000 characters (task files, documents): timed on sizes under the cut,
// on shapes that reach their line loops (a review's quadratic inline-recipe pattern took 26 ms at 7,800 characters).
const WITHIN_CAP: ReadonlyArray<[string, (text: string) => unknown, (size: number) => string]> = [
  [
    'taskRecipes (headers ending in ;)',
    (text) => taskRecipes('Makefile', text),
    (size) => `${`a: ${';'.repeat(size)}`.slice(0, size - 2)}\rx`,
  ],
  ['taskRecipes (short recipes)', (text) => taskRecipes('Makefile', text), (size) => 'x:\n\ty\n'.repeat(size).slice(0, size)],
  ['taskRecipes (continued lines)', (text) => taskRecipes('Justfile', text), (size) => `a:\n${'  b \\\n'.repeat(size)}`.slice(0, size)],
  ['taskRecipes (comments)', (text) => taskRecipes('Justfile', text), (size) => '# c\n'.repeat(size).slice(0, size)],
  [
    'splitStatements (document, short fences)',
    (text) => splitStatements(text, { document: true }),
    (size) => 'Run:\n```\nx\n```\n'.repeat(size).slice(0, size),
  ],
];
for (const [name, pass, shape] of WITHIN_CAP) {
  test(`${name} takes time linear in its input under the tool input's cap`, () => {
    assertLinearTime(name, pass, shape, { sizes: [780, 7_800], minSampleMs: 5 });
  });
}

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

// The helper's rules, on cost models (milliseconds per call as a function of the input's length), so that what they
// check does not depend on the machine: per x10 of input, at most x30, or x45 when the next size's span clears it.
const costOf =
  (model: (size: number) => number) =>
  (input: string): number =>
    model(input.length);
const oneLetter = PATHOLOGICAL_SHAPES['one letter'] as (size: number) => string;

test('the scaling assertion judges a first step a little over its ratio by the span to the next size', () => {
  // A linear pass whose cost per character steps up once the input outgrows the caches: x40 from 10 KB to 100 KB, then
  // x10 (x400 over the span, at most x900).
  const cacheStep = (size: number): number => (size >= 100_000 ? 4 : 1) * (size / 10_000) * 0.2;
  assert.equal(assertLinearTime('cache step', () => 0, oneLetter, { measure: costOf(cacheStep) }).length, 3);
  // The same step as the last one has no next size to clear it.
  assert.throws(
    () => assertLinearTime('cache step, two sizes', () => 0, oneLetter, { sizes: [10_000, 100_000], measure: costOf(cacheStep) }),
    /x10 input took x40\.0 time/,
  );
  // x60 is more than a little over: it fails at once, 1 MB is never measured.
  const measured: number[] = [];
  const steep = (size: number): number => {
    measured.push(size);
    return (size >= 100_000 ? 6 : 1) * (size / 10_000) * 0.2;
  };
  assert.throws(() => assertLinearTime('steep', () => 0, oneLetter, { measure: costOf(steep) }), /x10 input took x60\.0 time/);
  assert.ok(!measured.includes(1_000_000));
});

test('the scaling assertion fails on a pass that grows too fast over the whole span', () => {
  // x40, then x40 again (x1,600 over the span, at most x900): n^1.6, caught at 1 MB.
  const grows = (size: number): number => 0.2 * (size / 10_000) ** 1.6;
  assert.throws(() => assertLinearTime('n^1.6', () => 0, oneLetter, { measure: costOf(grows) }), /x10 input took x39\.8 time/);
  // x40, then x10: passes; x40 then x25 (x1,000 over the span) fails.
  const late = (size: number): number => (size >= 1_000_000 ? 2.5 : 1) * (size >= 100_000 ? 4 : 1) * (size / 10_000) * 0.2;
  assert.throws(() => assertLinearTime('late', () => 0, oneLetter, { measure: costOf(late) }), /x10 input took x40\.0 time/);
});
