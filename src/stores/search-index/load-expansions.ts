// The lexicon's expansions for the index build, loaded on demand: from hooks/lib/lexicon.mjs beside the running
// bundle (bundled apart: inside the hook bundles the table would cost every prompt parse time, docs/performance.md),
// or, from the sources (tests, tsx), the module itself. The specifier is computed, so the bundler leaves it alone.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importModule } from '../../import-module.ts';

type ExpansionsModule = typeof import('../../core/retrieval/expansions.ts');

// Every index build asks here (the writer, refresh, the MCP store): the bundled lexicon first, then the sources.
export async function loadExpansionsFor(): Promise<ExpansionsModule['expansionsFor']> {
  const bundled = new URL('../lib/lexicon.mjs', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) {
    return (await importModule<ExpansionsModule>(bundled.href)).expansionsFor;
  }
  return (await importModule<ExpansionsModule>(new URL('../../core/retrieval/expansions.ts', import.meta.url).href)).expansionsFor;
}
