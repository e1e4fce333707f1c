import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findRelationFamilies, isRelationQuestion } from '../../src/core/relation-words.ts';
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
