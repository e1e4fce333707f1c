// One connection to a memory server (stdio child or Streamable HTTP), with a deadline on every call; the child is
// always reaped on close. Results: structuredContent first, the text copy as fallback; isError becomes a coded error.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isMemoryFabricError, MemoryFabricError } from '../../errors.ts';
import type { ServerParams } from './server-config.ts';

// What the MCP store needs of a connection; tests pass their own (McpStoreOptions.connect).
export interface McpConnection {
  call(tool: string, args: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

// Server processes we started: killed when closed, and at the latest when this process exits (a hook that gives
// up at its deadline must not leave a server behind).
const children = new Set<number>();
let reaperInstalled = false;

function track(pid: number | null | undefined): void {
  if (!pid) {
    return;
  }
  children.add(pid);
  if (reaperInstalled) {
    return;
  }
  reaperInstalled = true;
  process.on('exit', () => {
    for (const child of children) {
      kill(child);
    }
  });
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
  children.delete(pid);
}

// Closes a transport without waiting on a server that does not want to go: after a moment its process is killed.
async function closeTransport(transport: Transport): Promise<void> {
  const pid = (transport as { pid?: number | null }).pid ?? undefined;
  await Promise.race([transport.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 300).unref())]);
  if (pid) {
    kill(pid);
  }
}

// Connects a client over the given transport (tests pass an in-memory one).
export async function connectTransport(transport: Transport, description: string, timeoutMs: number): Promise<McpConnection> {
  const client = new Client({ name: 'memory-fabric', version: '0.1.0' });
  const started = client.connect(transport, { timeout: timeoutMs });
  track((transport as { pid?: number | null }).pid);
  try {
    await withDeadline(started, timeoutMs, `connecting to ${description}`);
  } catch (error) {
    await closeTransport(transport);
    throw isMemoryFabricError(error)
      ? error
      : new MemoryFabricError('STORE_UNREADABLE', `cannot connect to ${description}`, { cause: error });
  }
  return {
    async call(tool, args) {
      let result;
      try {
        result = await withDeadline(
          client.callTool({ name: tool, arguments: args }, undefined, { timeout: timeoutMs }),
          timeoutMs,
          `${tool} on ${description}`,
        );
      } catch (error) {
        throw isMemoryFabricError(error)
          ? error
          : new MemoryFabricError('STORE_UNREADABLE', `${tool} failed on ${description}`, { cause: error });
      }
      const text = Array.isArray(result.content)
        ? result.content.map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : '')).join('')
        : '';
      if (result.isError) {
        throw new MemoryFabricError('STORE_WRITE_FAILED', `${tool} was refused by ${description}: ${text.slice(0, 300)}`);
      }
      if (result.structuredContent !== undefined) {
        return result.structuredContent;
      }
      try {
        return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
      } catch {
        return text;
      }
    },
    async close() {
      await Promise.race([client.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 300).unref())]);
      await closeTransport(transport);
    },
  };
}

// Opens the configured server: spawns the stdio child (stderr ignored: the server prints a start-up line) or
// connects over HTTP.
export async function connectServer(params: ServerParams, timeoutMs: number): Promise<McpConnection> {
  const transport: Transport =
    params.kind === 'http'
      ? new StreamableHTTPClientTransport(new URL(params.url))
      : // read_graph of a large graph (answered twice: structured and as pretty text) passes the SDK's default 10 MiB buffer.
        new StdioClientTransport({
          command: params.command,
          args: params.args,
          env: params.env,
          stderr: 'ignore',
          maxBufferSize: 512 * 1024 * 1024,
        } as ConstructorParameters<typeof StdioClientTransport>[0]);
  return connectTransport(transport, params.description, timeoutMs);
}

function withDeadline<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new MemoryFabricError('STORE_UNREADABLE', `${what} took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
