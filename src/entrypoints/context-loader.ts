// Bundled as hooks/prompt/memory-fabric-context.mjs: what Claude Code runs for the context hook. It runs the hook's
// code (memory-fabric-context.cjs beside it) from V8's code cache: a new Node process compiles every function the
// hook calls, on every prompt, and the cache written after the first run saves that (~9 ms of the answered prompt at
// 10,000 entities, docs/performance.md). Node 20 has no compile cache for ES modules (module.enableCompileCache is
// Node 22), so the hook's code is a CommonJS bundle run as a vm.Script with cachedData.
//
// The cache is a file per bundle, Node version and architecture, in $CLAUDE_PLUGIN_DATA/code-cache when Claude Code
// runs us as a plugin, else $XDG_CACHE_HOME/memory-fabric (~/.cache/memory-fabric), a folder only its owner may
// read or write (V8 runs what the file holds). Its name holds a hash of the bundle taken at build time and the
// bundle's length as read: V8 itself checks the version, the flags and the source's length, so another bundle of
// the same length must not find this one's file. `MEMORY_FABRIC_CODE_CACHE=0` turns it off. Anything that fails here
// (no home, a read-only disk, a cache V8 rejects) costs only the cache: the hook runs as it would without it, and a
// rejected or missing cache is written anew as the process exits (to a temporary file, then renamed).
import { mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

// Set by scripts/build.ts: 16 hex digits of the SHA-1 of memory-fabric-context.cjs.
declare const __MF_CONTEXT_BUNDLE_ID__: string;

// The global src/import-module.ts reads: import() itself is refused inside a vm.Script on Node 20.
const IMPORT_GLOBAL = '__memoryFabricImport';
const CACHE_PREFIX = 'context-';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(here, 'memory-fabric-context.cjs');

// The cache folder, or undefined when there is none to use.
function cacheFolder(env: NodeJS.ProcessEnv): string | undefined {
  if (env.MEMORY_FABRIC_CODE_CACHE === '0') {
    return undefined;
  }
  if (env.CLAUDE_PLUGIN_DATA) {
    return path.join(env.CLAUDE_PLUGIN_DATA, 'code-cache');
  }
  const base = env.XDG_CACHE_HOME || (os.homedir() ? path.join(os.homedir(), '.cache') : '');
  return base ? path.join(base, 'memory-fabric') : undefined;
}

const readOrUndefined = (file: string): Buffer | undefined => {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
};

// Writes the cache as the process exits (the hook ends with process.exit), once every function it ran is compiled;
// other bundles' caches in the folder are removed (an update leaves the old one behind).
function writeCacheAtExit(script: vm.Script, folder: string, file: string): void {
  process.once('exit', () => {
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
      renameSync(temporary, file);
      for (const name of readdirSync(folder)) {
        if (name.startsWith(CACHE_PREFIX) && path.join(folder, name) !== file && !name.endsWith('.tmp')) {
          unlinkSync(path.join(folder, name));
        }
      }
    } catch {
      // No cache this time: the next run compiles as this one did.
    }
  });
}

function run(): void {
  const source = readFileSync(bundle, 'utf8');
  // The wrapper of a CommonJS module, so that the bundle's require and __filename work.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const folder = cacheFolder(process.env);
  const file = folder
    ? path.join(folder, `${CACHE_PREFIX}${__MF_CONTEXT_BUNDLE_ID__}-${source.length}-${process.version}-${process.arch}.bin`)
    : undefined;
  const cachedData = file ? readOrUndefined(file) : undefined;
  let script: vm.Script;
  try {
    script = new vm.Script(wrapped, { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  } catch (error) {
    if (!cachedData) {
      throw error;
    }
    script = new vm.Script(wrapped, { filename: bundle });
  }
  if (folder && file && (!cachedData || script.cachedDataRejected === true)) {
    writeCacheAtExit(script, folder, file);
  }
  (globalThis as Record<string, unknown>)[IMPORT_GLOBAL] = (specifier: string): Promise<unknown> => import(specifier);
  const module = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(bundle), module, bundle, here);
}

try {
  run();
} catch (error) {
  // The hook never blocks a prompt: without its code there is nothing to inject (one line for the debug log).
  process.stderr.write(`memory-fabric: the context hook could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 0;
}
