// A hash table of canonical entity names in a typed array, so a reader finds an entity by name without building
// a Map of every name first (that Map, and the strings it holds, cost the context hook time and garbage collection
// on every prompt: docs/performance.md). Open addressing with linear probing; a slot holds
// id + 1, or 0 when empty; the first entity of a canonical name wins.

// FNV-1a over the UTF-16 code units: fast to compute in plain JavaScript, the same in writer and reader.
function hashName(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// keys[id] is the canonical name of entity id. The table has a power-of-two size of at least twice the keys.
export function buildNameTable(keys: readonly string[]): Int32Array {
  let slots = 16;
  while (slots < keys.length * 2) {
    slots *= 2;
  }
  const table = new Int32Array(slots);
  const mask = slots - 1;
  keys.forEach((key, id) => {
    for (let slot = hashName(key) & mask; ; slot = (slot + 1) & mask) {
      const held = table[slot] as number;
      if (held === 0) {
        table[slot] = id + 1;
        return;
      }
      if (keys[held - 1] === key) {
        return;
      }
    }
  });
  return table;
}

// The id whose canonical name is key; keyOf gives the canonical name of an id (to tell collisions apart).
export function lookupName(table: Int32Array, key: string, keyOf: (id: number) => string): number | undefined {
  if (table.length === 0) {
    return undefined;
  }
  const mask = table.length - 1;
  for (let slot = hashName(key) & mask, probes = 0; probes < table.length; slot = (slot + 1) & mask, probes += 1) {
    const held = table[slot] as number;
    if (held === 0) {
      return undefined;
    }
    if (keyOf(held - 1) === key) {
      return held - 1;
    }
  }
  return undefined;
}
