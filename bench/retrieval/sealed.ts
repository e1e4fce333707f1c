import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The query set still sealed (written at the start of a session, measured at its start and end, totals only): no
// tool prints its prompts, and bench/retrieval/breakdown.ts leaves it out.
export const SEALED_SETS: readonly string[] = ['heldout-23.json'];

export interface SpentQuery {
  category: string;
  graph: string;
  prompt: string;
  expect?: string[];
}
// The query sets of bench/retrieval that may be read prompt by prompt (every one but the sealed), by file name.
export function spentQuerySets(): Array<{ set: string; queries: SpentQuery[] }> {
  const here = import.meta.dirname;
  return readdirSync(here)
    .filter((name) => /^(?:queries|tuning-\d+|heldout(?:-\d+)?)\.json$/.test(name) && !SEALED_SETS.includes(name))
    .sort()
    .map((set) => ({ set, queries: (JSON.parse(readFileSync(path.join(here, set), 'utf8')) as { queries: SpentQuery[] }).queries }));
}
