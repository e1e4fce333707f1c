// A Bloom filter over strings: a bit array and k positions per string (double hashing of two FNV-1a hashes). It may
// say a string is in it when it is not (rarely, by the number of bits per string), never the other way round. The
// compiler (scripts/build-vocabulary.ts) and the lookup share these positions.

export interface Bloom {
  bits: Uint8Array;
  size: number;
  hashes: number;
}

// Two 32-bit FNV-1a hashes of a string's UTF-16 code units, with different offsets.
function hashPair(text: string): [number, number] {
  let first = 0x811c9dc5;
  let second = 0x01000193 ^ 0x5bd1e995;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x01000193) ^ (second >>> 15);
  }
  return [first >>> 0, (second >>> 0) | 1];
}

// Calls visit with each of the string's positions in a filter of size bits.
function positions(text: string, size: number, hashes: number, visit: (position: number) => boolean): boolean {
  const [first, second] = hashPair(text);
  for (let index = 0; index < hashes; index += 1) {
    if (!visit(((first + Math.imul(index, second)) >>> 0) % size)) {
      return false;
    }
  }
  return true;
}

// A filter holding the strings, with bitsPerString bits for each and as many positions as is best for that.
export function buildBloom(strings: readonly string[], bitsPerString: number): Bloom {
  const size = Math.max(64, Math.ceil(strings.length * bitsPerString));
  const hashes = Math.max(1, Math.round(bitsPerString * Math.LN2));
  const bits = new Uint8Array(Math.ceil(size / 8));
  for (const text of strings) {
    positions(text, size, hashes, (position) => {
      bits[position >>> 3] = (bits[position >>> 3] as number) | (1 << (position & 7));
      return true;
    });
  }
  return { bits, size, hashes };
}

// Whether the filter may hold the string (false: it surely does not).
export const bloomHas = (bloom: Bloom, text: string): boolean =>
  positions(text, bloom.size, bloom.hashes, (position) => ((bloom.bits[position >>> 3] as number) & (1 << (position & 7))) !== 0);

// A filter from its file (what scripts/build-vocabulary.ts writes): size and positions, then the bits.
export function readBloom(data: Uint8Array): Bloom {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const size = view.getUint32(0, true);
  const hashes = view.getUint32(4, true);
  const bits = data.subarray(8);
  // (A header out of these bounds is no filter of ours: a huge count of positions would hang every lookup.)
  if (hashes < 1 || hashes > 32 || size < 64 || bits.length * 8 < size) {
    throw new Error(`Expected a Bloom filter of ${size} bits, got ${bits.length * 8}`);
  }
  return { bits, size, hashes };
}
