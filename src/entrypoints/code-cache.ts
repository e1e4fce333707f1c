// What Claude Code runs for each hook (hooks/prompt/memory-fabric-context.mjs, hooks/stop/memory-fabric-sync.mjs, built
// from context-loader.ts and sync-loader.ts) is a loader of a few KB: it runs the hook's code (the .cjs beside it) from
// V8's code cache. A new Node process compiles every function the hook calls, on every prompt and every reply, and
// the cache written after the first run saves that (docs/performance.md: ~7-9 ms a run at 10,000 entities). Node 20
// has no compile cache for ES modules (module.enableCompileCache is Node 22), so the hook's code is a CommonJS bundle
// run as a vm.Script with cachedData.
//
// V8 runs what a cache file holds, so the file is trusted only as far as this checks it:
// - where: $CLAUDE_PLUGIN_DATA/code-cache when Claude Code runs us as a plugin, else $XDG_CACHE_HOME/memory-fabric, else
//   ~/.cache/memory-fabric (absolute paths only, as the XDG spec says); a folder used only when it is this user's and
//   no one else may write to it (made 0700), a file only when it is a regular file of this user's (opened without
//   following a link and without blocking: a FIFO planted there is no file);
// - which: its name holds a hash of the code taken at build time, the code's length and modification time as read
//   (V8 itself checks only the source's length, its own version and its flags: a .cjs edited by hand changes its
//   time), Node's version and the architecture;
// - what: the file starts with a CRC-32 of what V8 wrote, checked before V8 sees it. V8 itself checks a cache's header
//   but not, in release builds, its body: a cache damaged on disk was accepted and crashed the process (exit 133 or
//   139) before it could be replaced. (V8's own check, --verify-snapshot-checksum, cost ~5 ms a run, half the cache's
//   gain; zlib's crc32 costs ~0.5 ms.)
// `MEMORY_FABRIC_CODE_CACHE=0` turns it off. Anything that fails here (no home, a read-only disk, a cache V8 rejects)
// costs only the cache: the hook runs as it would without it, and a rejected or missing cache is written anew as the
// process exits (a new temporary file, then renamed), except by the sync bundle's detached runs (a flush, a sweep,
// a rebuild compile less of the code than a Stop). Caches of this hook not used for a week are removed then, so two
// installs sharing the folder keep theirs.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';
import { IMPORT_GLOBAL } from '../import-module.ts';

// A hook's code and the name of its cache: the loader's own URL (the code is beside it), the code's file name, the
// cache files' prefix (a loader removes only its own bundle's stale caches), the hash scripts/build.ts took of the
// code (16 hex digits of its SHA-1), and whether this run may write the cache (not the sync bundle's detached runs).
export interface CachedCode {
  loaderUrl: string;
  code: string;
  prefix: string;
  bundleId: string;
  writeCache?: boolean;
}

// A cache of this hook's prefix not used for this long is another install's or an older build's, and is removed.
const STALE_CACHE_MS = 7 * 24 * 3600 * 1000;
// A temporary file older than this was left by a run that died while writing.
const STALE_TEMPORARY_MS = 3600 * 1000;
// No code cache is this large (the sync hook's is ~480 KB): a bigger file is not read.
const MAX_CACHE_BYTES = 16 * 1024 * 1024;

// The cache folder, or undefined when there is none to use (memory-fabric doctor reports it, with the home of the
// environment it checks).
export function cacheFolder(env: NodeJS.ProcessEnv, homeDirectory: () => string = os.homedir): string | undefined {
  if (env.MEMORY_FABRIC_CODE_CACHE === '0') {
    return undefined;
  }
  if (env.CLAUDE_PLUGIN_DATA) {
    return path.isAbsolute(env.CLAUDE_PLUGIN_DATA) ? path.join(env.CLAUDE_PLUGIN_DATA, 'code-cache') : undefined;
  }
  if (env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)) {
    return path.join(env.XDG_CACHE_HOME, 'memory-fabric');
  }
  let home: string;
  try {
    home = homeDirectory();
  } catch {
    // No HOME and no entry in the user database.
    return undefined;
  }
  return home && path.isAbsolute(home) ? path.join(home, '.cache', 'memory-fabric') : undefined;
}

const ownedByMe = (uid: number): boolean => typeof process.getuid !== 'function' || uid === process.getuid();

// A folder this user owns and no one else may write to (not a link to one).
export function isTrustedFolder(folder: string): boolean {
  try {
    const info = lstatSync(folder);
    return info.isDirectory() && ownedByMe(info.uid) && (info.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

// A cache file: this mark, the CRC-32 of what V8 wrote (little-endian), then what V8 wrote.
const MARK = 'MFC1';
const HEADER_BYTES = 8;

// What V8 wrote to the cache file, when it is a regular file of this user's (opened without following a link or
// blocking) whose checksum holds.
function readCache(file: string): Buffer | undefined {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    const info = fstatSync(descriptor);
    if (!info.isFile() || !ownedByMe(info.uid) || info.size <= HEADER_BYTES || info.size > MAX_CACHE_BYTES) {
      return undefined;
    }
    const bytes = readFileSync(descriptor);
    const data = bytes.subarray(HEADER_BYTES);
    return bytes.toString('latin1', 0, 4) === MARK && bytes.readUInt32LE(4) === crc32(data) ? data : undefined;
  } catch {
    return undefined;
  } finally {
    if (descriptor !== undefined) {
      closeSync(descriptor);
    }
  }
}

// Writes the cache as the process exits (the hook ends with process.exit), once every function it ran is compiled, to
// a new temporary file (never one already there) renamed over the old; then removes this hook's caches not used for
// a week and temporary files left by runs that died.
function writeCacheAtExit(script: vm.Script, folder: string, file: string, prefix: string): void {
  process.once('exit', () => {
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      if (!isTrustedFolder(folder)) {
        return;
      }
      const data = script.createCachedData();
      const header = Buffer.alloc(HEADER_BYTES);
      header.write(MARK, 0, 'latin1');
      header.writeUInt32LE(crc32(data), 4);
      writeFileSync(temporary, Buffer.concat([header, data]), { mode: 0o600, flag: 'wx' });
      renameSync(temporary, file);
    } catch {
      // No cache this time: the next run compiles as this one did.
      try {
        unlinkSync(temporary);
      } catch {
        // It was never made.
      }
      return;
    }
    try {
      const now = Date.now();
      for (const name of readdirSync(folder)) {
        const other = path.join(folder, name);
        if (!name.startsWith(prefix) || other === file) {
          continue;
        }
        const age = now - lstatSync(other).mtimeMs;
        if (age > (name.endsWith('.tmp') ? STALE_TEMPORARY_MS : STALE_CACHE_MS)) {
          unlinkSync(other);
        }
      }
    } catch {
      // Left for the next write.
    }
  });
}

function run({ loaderUrl, code, prefix, bundleId, writeCache = true }: CachedCode): void {
  const here = path.dirname(fileURLToPath(loaderUrl));
  const bundle = path.join(here, code);
  const source = readFileSync(bundle, 'utf8');
  // The wrapper of a CommonJS module, so that the bundle's require and __filename work.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const folder = cacheFolder(process.env);
  const file = folder
    ? path.join(
        folder,
        `${prefix}${bundleId}-${source.length}-${Math.trunc(statSync(bundle).mtimeMs)}-${process.version}-${process.arch}.bin`,
      )
    : undefined;
  const cachedData = folder && file && isTrustedFolder(folder) ? readCache(file) : undefined;
  let script: vm.Script;
  let rejected = false;
  try {
    script = new vm.Script(wrapped, { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  } catch (error) {
    if (!cachedData) {
      throw error;
    }
    script = new vm.Script(wrapped, { filename: bundle });
    rejected = true;
  }
  if (writeCache && folder && file && (!cachedData || rejected || script.cachedDataRejected === true)) {
    writeCacheAtExit(script, folder, file, prefix);
  }
  // import() itself is refused inside a vm.Script on Node 20: the hook's code imports through this (import-module.ts).
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
