// Bundled on its own as hooks/lib/mcp-store.mjs: the MCP store with the SDK, loaded by the hooks only when
// MEMORY_FABRIC_STORE=mcp (inside the hook bundles it would cost every bank user start-up time: docs/performance.md).
export { McpStore } from './mcp-store.ts';
// open-mcp.ts takes resolveServer from this module too: the server is resolved only when the store is first used.
export { resolveServer } from './server-config.ts';
