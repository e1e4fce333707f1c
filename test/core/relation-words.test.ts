import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asksOfItself, findRelationFamilies, isRelationQuestion } from '../../src/core/relation-words.ts';
import { splitWords } from '../../src/core/text.ts';

const FAMILIES: Array<[string, string[]]> = [
  ['what does PRISMTrainer use', ['use']],
  ['what is it relying on', ['use']],
  ['which files got touched', ['modify']],
  ['modifies_file', ['modify']],
  ['is used in', ['use']],
  ['what contains and uses it', ['contain', 'use']],
  ['what reads exercise_sets.time_seconds', ['use']],
  ['which interfaces wrap it', ['contain']],
  ['which task groups come before and after it', ['precede']],
  ['precedes', ['precede']],
  // Said of the subject itself, not of a relation.
  ['why does it crash when called', []],
  ['what is important about it', []],
];
for (const [text, families] of FAMILIES) {
  test(`findRelationFamilies: ${text}`, () => {
    assert.deepEqual([...findRelationFamilies(splitWords(text.replace(/_/g, ' ')))].sort(), [...families].sort());
  });
}

test('a relation is asked in a question, not in an instruction', () => {
  assert.ok(isRelationQuestion(splitWords('where is SwipeableIncrementer used?')));
  assert.ok(isRelationQuestion(splitWords("what's using SwipeableIncrementer?")));
  assert.ok(!isRelationQuestion(splitWords('fix the code that uses SwipeableIncrementer')));
  // A request for the list asks too.
  assert.ok(isRelationQuestion(splitWords('list every subclass of the Target protocol')));
  assert.ok(!isRelationQuestion(splitWords('add a list of subclasses to the docs')));
});

// Whether a prompt asks what the entity it names is or does, beside its relations (traverse.ts ranks it first then).
const ITSELF: Array<[string, boolean]> = [
  ["Before I change anything in SwipeableIncrementer.tsx, remind me what it does and where it's used", true],
  ['what exactly does vercel.json do for the SPA routing, and is it the thing that fixed the 404?', true],
  ['pull up what double_weight_for_historical_kettlebell_sets_v1 actually did to the old sets', true],
  ['What does the workout slice do with isStatic now?', true],
  ['what exactly changed in StrengthBenchmarks.tsx_Weight_Calc_Update for dumbbells?', true],
  ['What went into the CPU frequency improvements work?', true],
  ['walk me through the PRISMTrainer loop: which phases does it go through?', true],
  ['Can you summarise the ConvergenceMonitor class for me', true],
  // Only through a relation.
  ['What does getStats return to callers?', false],
  ['which components use SwipeableIncrementer?', false],
  ['What weighting does LossAggregator use for old measurements?', false],
  ['what else does it touch?', false],
  ['what does the Timed Exercises change touch on the database side?', false],
  ['which improvements does recent_changes include? I want reviewers to see what went in.', false],
  ['what does parseConfig do - and who calls it?', true],
  ['what is parseConfig and who calls it?', true],
  ['explain parseConfig and list its callers', true],
  ['tell me about the services that depend on AuthService', false],
  ['summarize which modules import the retry helper', false],
  ['walk me through everything that calls parseConfig', false],
  // Not about an entity at all.
  ['what do I do now?', false],
];
for (const [text, asked] of ITSELF) {
  test(`asksOfItself: ${text}`, () => {
    assert.equal(asksOfItself(text), asked);
  });
}
