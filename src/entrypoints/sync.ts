// Bundled as hooks/stop/memory-fabric-sync.mjs: the sync hook as Claude Code runs it (and its detached flusher).
import { syncHandler } from '../hooks/sync-hook.ts';
import { runBackgroundMain, runHookMain } from './hook-main.ts';

if (['--flush', '--sweep', '--reindex'].some((flag) => process.argv.includes(flag))) {
  await runBackgroundMain(process.argv.slice(2));
} else {
  await runHookMain(syncHandler, import.meta.url);
}
