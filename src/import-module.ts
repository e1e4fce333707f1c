// Dynamic import for every module a hook loads on demand (the lexicon, the MCP store, node:child_process,
// node:crypto). The context hook runs as a code-cached script (src/entrypoints/context-loader.ts), and Node 20
// refuses import() inside such a script without --experimental-vm-modules: its loader hands over an import of its
// own as a global, used here when present. Elsewhere (the other bundles, tests under tsx) it is plain import().
// The specifier must be absolute (a node: builtin or a file URL): a relative one would resolve against this file.

type Importer = (specifier: string) => Promise<unknown>;

// The global the context hook's loader sets (CONTEXT_IMPORT_GLOBAL in context-loader.ts).
export const IMPORT_GLOBAL = '__memoryFabricImport';

export function importModule<T>(specifier: string): Promise<T> {
  const importer = (globalThis as Record<string, unknown>)[IMPORT_GLOBAL] as Importer | undefined;
  return (importer ? importer(specifier) : import(specifier)) as Promise<T>;
}
