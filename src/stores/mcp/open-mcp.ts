// The MCP store as the hooks open it: the SDK and the store code are loaded on first use only, so a bank user
// never pays for them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config.ts';
import type { GraphView } from '../../core/graph-view.ts';
import type { GraphDelta, KnowledgeGraph } from '../../core/graph.ts';
import type { GraphStore, WriteProvenance, WriteReport } from '../graph-store.ts';
import type { WriteTime } from '../../state/time-source.ts';
import { statePaths } from '../../state/state-layout.ts';
import { deferFailedWrite } from '../write-through-outbox.ts';
import { MemoryFabricError } from '../../errors.ts';
import { importModule } from '../../import-module.ts';

// The folders whose node_modules may hold @modelcontextprotocol/server-memory: the project's, then this package's.
function serverSearchFolders(config: Config, packageFile: string): string[] {
  return [config.projectRoot, path.dirname(packageFile)];
}

// A stand-in that loads the MCP store on first use; without writeTime it is read-only (the context hook's).
export function openMcpStore(
  config: Config,
  writeTime: (() => Promise<WriteTime>) | undefined,
  packageFile: string,
  rebuildInBackground?: () => Promise<void>,
): GraphStore {
  const description = config.mcpUrl
    ? `memory server at ${config.mcpUrl}`
    : `memory server "${config.mcpServer}" of ${path.join(config.projectRoot, '.mcp.json')}`;
  let loaded: Promise<GraphStore> | undefined;
  const load = (): Promise<GraphStore> =>
    (loaded ??= (async () => {
      const { McpStore, resolveServer } = await loadMcpModule();
      const server = resolveServer({
        projectRoot: config.projectRoot,
        entryName: config.mcpServer,
        searchPath: config.searchPath,
        ...(config.mcpUrl ? { url: config.mcpUrl } : {}),
        searchFrom: serverSearchFolders(config, packageFile),
      });
      return new McpStore({
        server,
        stateDir: config.stateDir,
        callTimeoutMs: config.mcpTimeoutMs,
        ...(writeTime ? { writeTime } : {}),
        ...(rebuildInBackground ? { rebuildInBackground } : {}),
      });
    })());
  return {
    description,
    readGraph: async (): Promise<KnowledgeGraph> => (await load()).readGraph(),
    openView: async (): Promise<GraphView> => (await load()).openView(),
    rebuildSearchIndex: async (): Promise<string> => {
      const store = await load();
      if (!store.rebuildSearchIndex) {
        throw new MemoryFabricError('STORE_UNREADABLE', `${description} keeps no search index`);
      }
      return store.rebuildSearchIndex();
    },
    // A server that cannot even be set up (no .mcp.json entry) keeps the delta in the outbox like one that is down.
    writeDelta: async (delta: GraphDelta, provenance: WriteProvenance = {}): Promise<WriteReport> => {
      let store: GraphStore;
      try {
        store = await load();
      } catch (error) {
        return deferFailedWrite(statePaths.outbox(config.stateDir), delta, error, provenance);
      }
      return store.writeDelta(delta, provenance);
    },
  };
}

type McpModule = typeof import('./mcp-entry.ts');

// hooks/lib/mcp-store.mjs beside the running bundle (hooks/prompt, hooks/stop, hooks/cli); from the sources (tests,
// tsx), the module itself. The specifier is computed, so that the bundler leaves the import alone.
async function loadMcpModule(): Promise<McpModule> {
  const bundled = new URL('../lib/mcp-store.mjs', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) {
    return await importModule<McpModule>(bundled.href);
  }
  return await importModule<McpModule>(new URL('./mcp-entry.ts', import.meta.url).href);
}
