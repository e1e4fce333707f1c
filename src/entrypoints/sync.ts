// Bundled as hooks/stop/memory-fabric-sync.cjs: the sync hook as Claude Code runs it (and its detached flusher), through
// the loader beside it (sync-loader.ts, bundled as memory-fabric-sync.mjs), which runs this bundle from V8's code
// cache. CommonJS, so no top-level await: both mains end the process themselves.
import { syncHandler } from '../hooks/sync-hook.ts';
import { runBackgroundMain, runHookMain } from './hook-main.ts';

if (['--flush', '--sweep', '--reindex'].some((flag) => process.argv.includes(flag))) {
  void runBackgroundMain(process.argv.slice(2));
} else {
  void runHookMain(syncHandler, import.meta.url);
}
