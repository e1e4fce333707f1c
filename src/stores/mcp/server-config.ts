// Which memory server to talk to: the `memory` entry of the project's .mcp.json (the one Claude Code uses), another
// entry by name, or a Streamable HTTP URL. The bare @modelcontextprotocol/server-memory runs with `node` directly
// (not npx) when it is installed; MEMORY_FILE_PATH is always made absolute and its folder created.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'jsonc-parser';
import { MemoryFabricError } from '../../errors.ts';

// How to reach the server, resolved once: a child to spawn (with its local memory file, when known) or a URL.
export type ServerParams =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; memoryFile?: string; description: string }
  | { kind: 'http'; url: string; description: string };

interface McpEntry {
  command?: unknown;
  args?: unknown;
  env?: unknown;
  type?: unknown;
  url?: unknown;
}

const SERVER_PACKAGE = '@modelcontextprotocol/server-memory';

// Resolves the server from the settings; searchFrom lists folders whose node_modules may hold the server package.
export function resolveServer(options: {
  projectRoot: string;
  entryName: string;
  url?: string;
  searchFrom: string[];
  // The PATH the spawned server gets (from config).
  searchPath: string;
}): ServerParams {
  if (options.url) {
    return { kind: 'http', url: options.url, description: `memory server at ${options.url}` };
  }
  const mcpFile = path.join(options.projectRoot, '.mcp.json');
  if (!existsSync(mcpFile)) {
    throw new MemoryFabricError(
      'STORE_UNREADABLE',
      `no ${mcpFile}: the mcp store needs a "${options.entryName}" server there (npx tsx install.ts --store mcp registers one), or MEMORY_FABRIC_MCP_URL`,
    );
  }
  const document = parse(readFileSync(mcpFile, 'utf8'), [], { allowTrailingComma: true }) as
    | { mcpServers?: Record<string, McpEntry> }
    | undefined;
  const entry = document?.mcpServers?.[options.entryName];
  if (!entry) {
    throw new MemoryFabricError(
      'STORE_UNREADABLE',
      `${mcpFile} has no "${options.entryName}" server (set MEMORY_FABRIC_MCP_SERVER to the entry's name)`,
    );
  }
  if ((entry.type === 'http' || entry.type === 'streamable-http') && typeof entry.url === 'string') {
    return { kind: 'http', url: entry.url, description: `memory server "${options.entryName}" at ${entry.url}` };
  }
  if (typeof entry.command !== 'string') {
    throw new MemoryFabricError('STORE_UNREADABLE', `${mcpFile}: server "${options.entryName}" has no command`);
  }
  const args = Array.isArray(entry.args) ? entry.args.filter((arg): arg is string => typeof arg === 'string') : [];
  const env: Record<string, string> = { PATH: options.searchPath };
  Object.assign(
    env,
    Object.fromEntries(
      Object.entries(typeof entry.env === 'object' && entry.env !== null ? entry.env : {}).filter(
        (pair): pair is [string, string] => typeof pair[1] === 'string',
      ),
    ),
  );
  let memoryFile: string | undefined;
  if (env.MEMORY_FILE_PATH) {
    memoryFile = path.resolve(options.projectRoot, env.MEMORY_FILE_PATH);
    env.MEMORY_FILE_PATH = memoryFile;
    mkdirSync(path.dirname(memoryFile), { recursive: true });
  }
  // The installed script is run with node, not through npx, which costs more per start (docs/performance.md).
  const usesPackage = args.some((arg) => arg === SERVER_PACKAGE || arg.startsWith(`${SERVER_PACKAGE}@`));
  const script = usesPackage ? findServerScript(options.searchFrom) : undefined;
  const command = script ? process.execPath : entry.command;
  const finalArgs = script ? [script] : args;
  return {
    kind: 'stdio',
    command,
    args: finalArgs,
    env,
    ...(memoryFile ? { memoryFile } : {}),
    description: `memory server "${options.entryName}" (${[command, ...finalArgs].join(' ')})`,
  };
}

// The installed server's script, if any of the folders can resolve the package.
function findServerScript(searchFrom: readonly string[]): string | undefined {
  for (const folder of searchFrom) {
    try {
      const resolved = createRequire(path.join(folder, 'noop.js')).resolve(`${SERVER_PACKAGE}/package.json`);
      const script = path.join(path.dirname(resolved), 'dist', 'index.js');
      if (existsSync(script)) {
        return script;
      }
    } catch {
      // not installed there
    }
  }
  return undefined;
}
