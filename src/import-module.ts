// Dynamic import for every module a hook loads on demand (the lexicon, the MCP store, node:child_process,
// node:crypto). The hooks run as code-cached scripts (src/entrypoints/code-cache.ts), and Node 20 refuses import()
// inside such a script without --experimental-vm-modules: their loader hands over an import of its own as a global,
// used here when present. Elsewhere (the other bundles, tests under tsx) it is plain import().
// The specifier must be absolute (a node: builtin or a file URL): a relative one would resolve against this file.

type Importer = (specifier: string) => Promise<unknown>;

// The global the hooks' loader (src/entrypoints/code-cache.ts) sets to an import of its own.
export const IMPORT_GLOBAL = '__memoryFabricImport';

export function importModule<T>(specifier: string): Promise<T> {
  const importer = (globalThis as Record<string, unknown>)[IMPORT_GLOBAL] as Importer | undefined;
  return (importer ? importer(specifier) : import(specifier)) as Promise<T>;
}
