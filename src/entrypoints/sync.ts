// Bundled as hooks/stop/memory-fabric-sync.mjs: the sync hook as Claude Code runs it.
import { syncHandler } from '../hooks/sync-hook.ts';
import { runHookMain } from './hook-main.ts';

await runHookMain(syncHandler);
