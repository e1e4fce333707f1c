// Bundled as hooks/stop/memory-fabric-sync.mjs: the sync hook as Claude Code runs it (and its detached flusher).
import { syncHandler } from '../hooks/sync-hook.ts';
import { runBackgroundMain, runHookMain } from './hook-main.ts';

if (process.argv.includes('--flush') || process.argv.includes('--sweep')) await runBackgroundMain(process.argv.slice(2));
else await runHookMain(syncHandler, import.meta.url);
