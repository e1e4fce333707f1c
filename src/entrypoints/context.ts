// Bundled as hooks/prompt/memory-fabric-context.mjs: the context hook as Claude Code runs it.
import { contextHandler } from '../hooks/context-hook.ts';
import { runHookMain } from './hook-main.ts';

await runHookMain(contextHandler, import.meta.url);
