// The query set still sealed (written at the start of a session, measured at its start and end, totals only): no
// tool prints its prompts, and bench/retrieval/breakdown.ts leaves it out.
export const SEALED_SETS: readonly string[] = ['heldout-21.json'];
