// The dictionary of a search index (one line per stem: stem, first posting, posting count) and its expansions
// file, searched as text: a prompt looks up a few stems, and splitting 100,000 lines would cost more than finding them.
import type { Expansion } from '../../core/graph-view.ts';

// The dictionary lines whose stem (first column) contains the needle, parsed.
export function findStems(dictionary: string, needle: string): Array<[string, { start: number; count: number }]> {
  const found: Array<[string, { start: number; count: number }]> = [];
  if (needle === '') {
    return found;
  }
  for (let hit = dictionary.indexOf(needle); hit >= 0; ) {
    const lineStart = dictionary.lastIndexOf('\n', hit) + 1;
    const tab = dictionary.indexOf('\t', lineStart);
    const lineEnd = dictionary.indexOf('\n', lineStart);
    if (hit + needle.length <= tab) {
      const [stem = '', start, count] = dictionary.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).split('\t');
      found.push([stem, { start: Number(start), count: Number(count) }]);
    }
    if (lineEnd < 0) {
      break;
    }
    hit = dictionary.indexOf(needle, lineEnd + 1);
  }
  return found;
}

// The expansions of one stem in the expansions file ("\nstem\trelated:weight,related:weight").
export function findExpansions(text: string, stem: string): Expansion[] {
  const at = text.indexOf(`\n${stem}\t`);
  if (at < 0) {
    return [];
  }
  const start = at + stem.length + 2;
  const end = text.indexOf('\n', start);
  return text
    .slice(start, end < 0 ? undefined : end)
    .split(',')
    .map((pair): Expansion => {
      const colon = pair.lastIndexOf(':');
      return [pair.slice(0, colon), Number(pair.slice(colon + 1))];
    })
    .filter(([related, weight]) => related !== '' && weight > 0);
}

// The dictionary line of one stem.
export function findEntry(dictionary: string, stem: string): { start: number; count: number } | undefined {
  const at = dictionary.startsWith(`${stem}\t`) ? 0 : dictionary.indexOf(`\n${stem}\t`);
  if (at < 0) {
    return undefined;
  }
  const lineStart = at === 0 ? 0 : at + 1;
  const lineEnd = dictionary.indexOf('\n', lineStart);
  const [, start, count] = dictionary.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).split('\t');
  return { start: Number(start), count: Number(count) };
}
