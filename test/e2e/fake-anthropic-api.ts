// A fake Anthropic Messages API on loopback: answers every request with one streamed text reply and records the bodies.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';

export interface FakeApi {
  baseUrl: string;
  // Raw request bodies of POST /v1/messages, in arrival order.
  bodies: string[];
  reply: string;
}

export async function startFakeApi(t: TestContext, reply: string): Promise<FakeApi> {
  const api: FakeApi = { baseUrl: '', bodies: [], reply };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.startsWith('/v1/messages')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      api.bodies.push(body);
      const parsed = JSON.parse(body) as { model?: string; stream?: boolean };
      const message = {
        id: `msg_${api.bodies.length}`,
        type: 'message',
        role: 'assistant',
        model: parsed.model ?? 'fake',
        stop_sequence: null,
      };
      if (!parsed.stream) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            ...message,
            content: [{ type: 'text', text: api.reply }],
            stop_reason: 'end_turn',
            usage: { input_tokens: 1, output_tokens: 1 },
          }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (type: string, fields: object): boolean =>
        response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`);
      send('message_start', { message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } } });
      send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: api.reply } });
      send('content_block_stop', { index: 0 });
      send('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 12 } });
      send('message_stop', {});
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}
