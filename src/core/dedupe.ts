// Merges near-identical memories (normalized Levenshtein similarity above a threshold), the seed's Step 4.
import { distance } from 'fastest-levenshtein';
import type { Memory } from './memory.ts';

// Similarity in [0, 1]: 1 - edit distance / length of the longer text.
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) {
    return 1;
  }
  return 1 - distance(a, b) / longest;
}

// Word overlap below which two texts cannot be near-duplicates worth an edit-distance computation.
const MIN_WORD_OVERLAP = 0.5;

// Keeps the more relevant of each similar pair, merges what the other knew, marks it cross-validated.
// Not all-pairs: texts whose lengths differ too much to reach the threshold, or that share under half
// their words, are never compared by edit distance.
export function dedupeMemories(memories: readonly Memory[], threshold: number): Memory[] {
  const byLength = [...memories].sort((a, b) => a.text.length - b.text.length);
  // Each text's distinct words as small integers: the overlap of a pair is then a count over a typed array.
  const vocabulary = new Map<string, number>();
  const words = byLength.map((memory) => {
    const ids = new Set<number>();
    for (const word of memory.text.toLowerCase().split(/\W+/)) {
      if (word === '') {
        continue;
      }
      let id = vocabulary.get(word);
      if (id === undefined) {
        id = vocabulary.size;
        vocabulary.set(word, id);
      }
      ids.add(id);
    }
    return Int32Array.from(ids);
  });
  const nameKeys = byLength.map((memory) => nameKey(memory.entity.name));
  const marked = new Uint8Array(vocabulary.size);
  const absorbedBy = new Map<Memory, Memory>();
  for (let i = 0; i < byLength.length; i += 1) {
    const shorter = byLength[i];
    if (!shorter) {
      continue;
    }
    const own = words[i] as Int32Array;
    for (let k = 0; k < own.length; k += 1) {
      marked[own[k] as number] = 1;
    }
    for (let j = i + 1; j < byLength.length; j += 1) {
      const longer = byLength[j];
      if (!longer) {
        continue;
      }
      if (shorter.text.length < threshold * longer.text.length) {
        break;
      }
      if (wordOverlap(own, words[j] as Int32Array, marked) < MIN_WORD_OVERLAP) {
        continue;
      }
      // Two entities merge only when their names are near-duplicates too (cpu_package, CPUPackage, "CPU Package"):
      // Telescope and Microscope, both "(Class): Inherits from: Instrument", are two answers, not one. The names are
      // short, so they are compared before the texts.
      if (similarity(nameKeys[i] as string, nameKeys[j] as string) <= threshold) {
        continue;
      }
      if (similarity(shorter.text.toLowerCase(), longer.text.toLowerCase()) <= threshold) {
        continue;
      }
      const [keep, drop] = longer.relevance > shorter.relevance ? [longer, shorter] : [shorter, longer];
      absorbedBy.set(drop, keep);
    }
    for (let k = 0; k < own.length; k += 1) {
      marked[own[k] as number] = 0;
    }
  }
  const root = (memory: Memory): Memory => {
    let current = memory;
    for (let guard = 0; absorbedBy.has(current) && guard < memories.length; guard += 1) {
      current = absorbedBy.get(current) ?? current;
    }
    return current;
  };
  const kept = new Map<Memory, Memory>();
  for (const memory of memories) {
    const keeper = root(memory);
    const merged = kept.get(keeper) ?? {
      ...keeper,
      mergedIds: [...keeper.mergedIds],
      graphRelations: [...keeper.graphRelations],
      entities: [...keeper.entities],
    };
    if (keeper !== memory) {
      merged.crossValidated = true;
      merged.mergedIds.push(memory.id);
      for (const name of memory.entities) {
        if (!merged.entities.includes(name)) {
          merged.entities.push(name);
        }
      }
      for (const step of memory.graphRelations) {
        merged.graphRelations.push(step);
      }
    }
    kept.set(keeper, merged);
  }
  return [...kept.values()];
}

// A name without case and separators: "CPU Package", cpu_package and CPUPackage are one key. Marks (Indic vowel
// signs), + and # are kept (दिन is not दान, C++ is not C#); a name of separators only is its own key.
function nameKey(name: string): string {
  const key = name.toLowerCase().replace(/[^\p{L}\p{M}\p{N}+#]+/gu, '');
  return key.length >= 2 ? key : name.toLowerCase();
}

// Shared words over the larger word count; marked flags the words of a.
function wordOverlap(a: Int32Array, b: Int32Array, marked: Uint8Array): number {
  if (a.length === 0 || b.length === 0) {
    return a.length === b.length ? 1 : 0;
  }
  let shared = 0;
  for (let k = 0; k < b.length; k += 1) {
    shared += marked[b[k] as number] as number;
  }
  return shared / Math.max(a.length, b.length);
}
