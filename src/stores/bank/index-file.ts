// Reading the bank's graph index file (the context hook's whole read path).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MemoryFabricError } from '../../errors.ts';
import { GRAPH_INDEX } from './layout.ts';

// Reads the graph index text, or undefined when the bank has none yet.
export async function readGraphIndexText(root: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(root, GRAPH_INDEX), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined;
    }
    throw new MemoryFabricError('STORE_UNREADABLE', `cannot read ${path.join(root, GRAPH_INDEX)}`, { cause: error });
  }
}
