// What Claude Code runs for each hook (hooks/prompt/memory-fabric-context.mjs, hooks/stop/memory-fabric-sync.mjs, built
// from context-loader.ts and sync-loader.ts) is a loader of a few KB: it runs the hook's code (the .cjs beside it) from
// V8's code cache. A new Node process compiles every function the hook calls, on every prompt and every reply, and
// the cache written after the first run saves that (docs/performance.md: ~7-9 ms a run at 10,000 entities). Node 20
// has no compile cache for ES modules (module.enableCompileCache is Node 22), so the hook's code is a CommonJS bundle
// run as a vm.Script with cachedData.
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

// The global src/import-module.ts reads: import() itself is refused inside a vm.Script on Node 20.
const IMPORT_GLOBAL = '__memoryFabricImport';

// A hook's code and the name of its cache: the loader's own URL (the code is beside it), the code's file name, the
// cache files' prefix (a loader removes only its own bundle's older caches), and the hash scripts/build.ts took of
// the code (16 hex digits of its SHA-1).
export interface CachedCode {
  loaderUrl: string;
  code: string;
  prefix: string;
  bundleId: string;
}

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
function writeCacheAtExit(script: vm.Script, folder: string, file: string, prefix: string): void {
  process.once('exit', () => {
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
      renameSync(temporary, file);
      for (const name of readdirSync(folder)) {
        if (name.startsWith(prefix) && path.join(folder, name) !== file && !name.endsWith('.tmp')) {
          unlinkSync(path.join(folder, name));
        }
      }
    } catch {
      // No cache this time: the next run compiles as this one did.
    }
  });
}

function run({ loaderUrl, code, prefix, bundleId }: CachedCode): void {
  const here = path.dirname(fileURLToPath(loaderUrl));
  const bundle = path.join(here, code);
  const source = readFileSync(bundle, 'utf8');
  // The wrapper of a CommonJS module, so that the bundle's require and __filename work.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const folder = cacheFolder(process.env);
  const file = folder ? path.join(folder, `${prefix}${bundleId}-${source.length}-${process.version}-${process.arch}.bin`) : undefined;
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
    writeCacheAtExit(script, folder, file, prefix);
  }
  (globalThis as Record<string, unknown>)[IMPORT_GLOBAL] = (specifier: string): Promise<unknown> => import(specifier);
  const module = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(bundle), module, bundle, here);
}

// Runs a hook's code; a hook never blocks Claude Code: without its code it does nothing (one line for the debug log).
export function runFromCodeCache(code: CachedCode): void {
  try {
    run(code);
  } catch (error) {
    process.stderr.write(`memory-fabric: ${code.code} could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 0;
  }
}
