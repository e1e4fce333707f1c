// Bundled as hooks/stop/memory-fabric-sync.mjs: what Claude Code runs for the sync hook (and its detached flusher,
// sweeper and index rebuilder). It runs memory-fabric-sync.cjs beside it from V8's code cache (code-cache.ts).
import { runFromCodeCache } from './code-cache.ts';

// Set by scripts/build.ts: 16 hex digits of the SHA-1 of memory-fabric-sync.cjs.
declare const __MF_BUNDLE_ID__: string;

// Its detached runs (--flush, --sweep, --reindex) read the cache but do not write it: they compile less of the code
// than a Stop, and their cache would be the one every later Stop keeps.
runFromCodeCache({
  loaderUrl: import.meta.url,
  code: 'memory-fabric-sync.cjs',
  prefix: 'sync-',
  bundleId: __MF_BUNDLE_ID__,
  writeCache: !['--flush', '--sweep', '--reindex'].some((flag) => process.argv.includes(flag)),
});
