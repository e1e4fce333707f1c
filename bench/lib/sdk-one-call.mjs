// The plain SDK client the MCP benchmark compares with: connect to the memory server, one search_nodes, exit.
// Usage: node bench/lib/sdk-one-call.mjs <server script> <memory file> <query>
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [script, memoryFile, query] = process.argv.slice(2);
const client = new Client({ name: 'bench', version: '1.0.0' });
await client.connect(
  new StdioClientTransport({ command: process.execPath, args: [script], env: { MEMORY_FILE_PATH: memoryFile }, stderr: 'ignore' }),
);
await client.callTool({ name: 'search_nodes', arguments: { query } });
await client.close();
