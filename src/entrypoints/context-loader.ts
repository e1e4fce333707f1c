// Bundled as hooks/prompt/memory-fabric-context.mjs: what Claude Code runs for the context hook. It runs
// memory-fabric-context.cjs beside it from V8's code cache (code-cache.ts).
import { runFromCodeCache } from './code-cache.ts';

// Set by scripts/build.ts: 16 hex digits of the SHA-1 of memory-fabric-context.cjs.
declare const __MF_BUNDLE_ID__: string;

runFromCodeCache({ loaderUrl: import.meta.url, code: 'memory-fabric-context.cjs', prefix: 'context-', bundleId: __MF_BUNDLE_ID__ });
