// Bundled as hooks/prompt/memory-fabric-context.cjs: the context hook as Claude Code runs it, through the loader beside
// it (context-loader.ts, bundled as memory-fabric-context.mjs), which runs this bundle from V8's code cache. CommonJS,
// so no top-level await: runHookMain ends the process itself.
import { contextHandler } from '../hooks/context-hook.ts';
import { runHookMain } from './hook-main.ts';

void runHookMain(contextHandler, import.meta.url);
