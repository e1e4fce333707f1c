// Parses the WordNet database files (data.*, index.sense) into synsets and sense frequencies, as text in, objects out.

export interface Pointer {
  symbol: string;
  // The target synset, as `pos:offset` (adjective satellites use the adjective file, `a`).
  target: string;
  // 0 for a semantic pointer (between synsets), else the 1-based word of the source synset it starts from.
  sourceWord: number;
  targetWord: number;
}

export interface Synset {
  key: string;
  // Lowercase lemmas, spaces for WordNet's underscores, markers like "(a)" removed.
  words: string[];
  pointers: Pointer[];
}

export interface Sense {
  synset: string;
  // 1 for the most frequent sense of the lemma.
  senseNumber: number;
  // How often the sense was tagged in the semantically tagged corpora (SemCor and others).
  tagCount: number;
}

// The synset key of a file letter and offset (satellites `s` live in the adjective file).
export const toSynsetKey = (pos: string, offset: string): string => `${pos === 's' ? 'a' : pos}:${offset}`;

// The synsets of one data.* file; the licence header lines (starting with spaces) are skipped.
export function parseDataFile(text: string): Synset[] {
  const synsets: Synset[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith(' ')) {
      continue;
    }
    const gloss = line.indexOf(' | ');
    const fields = (gloss >= 0 ? line.slice(0, gloss) : line).split(' ');
    const [offset = '', , ssType = '', wordCountHex = '0'] = fields;
    const wordCount = Number.parseInt(wordCountHex, 16);
    const words: string[] = [];
    let at = 4;
    for (let index = 0; index < wordCount; index += 1, at += 2) {
      words.push(
        (fields[at] ?? '')
          .replace(/\([a-z]+\)$/, '')
          .replace(/_/g, ' ')
          .toLowerCase(),
      );
    }
    const pointerCount = Number.parseInt(fields[at] ?? '0', 10);
    at += 1;
    const pointers: Pointer[] = [];
    for (let index = 0; index < pointerCount; index += 1, at += 4) {
      const sourceTarget = fields[at + 3] ?? '0000';
      pointers.push({
        symbol: fields[at] ?? '',
        target: toSynsetKey(fields[at + 2] ?? '', fields[at + 1] ?? ''),
        sourceWord: Number.parseInt(sourceTarget.slice(0, 2), 16),
        targetWord: Number.parseInt(sourceTarget.slice(2), 16),
      });
    }
    synsets.push({ key: toSynsetKey(ssType, offset), words, pointers });
  }
  return synsets;
}

const SS_TYPES: Record<string, string> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 's' };

// The senses of every lemma (spaces for underscores), from index.sense, most frequent first.
export function parseSenseIndex(text: string): Map<string, Sense[]> {
  const senses = new Map<string, Sense[]>();
  for (const line of text.split('\n')) {
    const [senseKey = '', offset = '', senseNumber = '0', tagCount = '0'] = line.split(' ');
    const percent = senseKey.indexOf('%');
    if (percent <= 0) {
      continue;
    }
    const lemma = senseKey.slice(0, percent).replace(/_/g, ' ');
    const pos = SS_TYPES[senseKey.charAt(percent + 1)] ?? 'n';
    const list = senses.get(lemma) ?? [];
    list.push({ synset: toSynsetKey(pos, offset), senseNumber: Number(senseNumber), tagCount: Number(tagCount) });
    senses.set(lemma, list);
  }
  for (const list of senses.values()) {
    list.sort((left, right) => right.tagCount - left.tagCount || left.senseNumber - right.senseNumber);
  }
  return senses;
}
