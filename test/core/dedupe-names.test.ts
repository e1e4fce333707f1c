import assert from 'node:assert/strict';
import test from 'node:test';
import { dedupeMemories } from '../../src/core/dedupe.ts';
import { describeEntity, type Memory } from '../../src/core/memory.ts';

const memoryOf = (name: string, observations: string[], relevance: number): Memory => {
  const entity = { name, entityType: 'Class', observations };
  return {
    id: `graph:${name}`,
    ref: 0,
    text: describeEntity(entity),
    source: 'graph',
    relevance,
    score: relevance,
    entities: [name],
    entity,
    graphRelations: [],
    matchedTerms: [],
    crossValidated: false,
    mergedIds: [],
    breakdown: { raw: relevance, relevance, recency: 1, authority: 0.7, boost: 1, hops: 0, crossValidated: false, matchedTerms: [] },
    stores: ['bank'],
    origin: 0,
    statements: [],
  } as Memory;
};

// Which names survive dedupe at the default threshold, for memories whose texts are near-identical.
const cases: Array<{ name: string; memories: Memory[]; kept: string[] }> = [
  {
    name: 'two classes with the same shape are two answers (the public PRISM graph: Telescope, Microscope)',
    memories: [memoryOf('Telescope', ['Inherits from: Instrument'], 1), memoryOf('Microscope', ['Inherits from: Instrument'], 0.9)],
    kept: ['Microscope', 'Telescope'],
  },
  {
    name: 'one thing spelled three ways is one memory, the most relevant spelling kept',
    memories: [
      memoryOf('cpu_package', ['CPU package power in watts'], 0.8),
      memoryOf('CPUPackage', ['CPU package power in watts'], 1),
      memoryOf('CPU Package', ['CPU package power in watts'], 0.7),
    ],
    kept: ['CPUPackage'],
  },
  {
    name: 'the same name with different statements stays apart when the texts differ',
    memories: [
      memoryOf('Grid', ['2D sampling grid in metres'], 1),
      memoryOf('grid', ['Renders a CSS grid of cards on the home page'], 0.5),
    ],
    kept: ['Grid', 'grid'],
  },
  {
    name: 'names that differ in a mark or a symbol are different names (Devanagari vowel signs, C++ and C#)',
    memories: [
      memoryOf('दिन', ['Inherits from: Instrument'], 1),
      memoryOf('दान', ['Inherits from: Instrument'], 0.9),
      memoryOf('C++', ['Inherits from: Instrument'], 0.8),
      memoryOf('C#', ['Inherits from: Instrument'], 0.7),
    ],
    kept: ['C#', 'C++', 'दान', 'दिन'],
  },
];

for (const { name, memories, kept } of cases) {
  test(`dedupe: ${name}`, () => {
    assert.deepEqual(
      dedupeMemories(memories, 0.85)
        .map((memory) => memory.entity.name)
        .sort(),
      kept,
    );
  });
}
