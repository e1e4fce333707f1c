// A real HTTP server on loopback standing in for worldtimeapi; its behaviour can be switched per test.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';

export type TimeBehaviour =
  | { kind: 'ok'; utcDateTime: string }
  | { kind: 'status'; status: number }
  | { kind: 'garbage' }
  | { kind: 'hang' };

export interface TimeServer {
  url: string;
  requests: number;
  behaviour: TimeBehaviour;
}

export async function startTimeServer(t: TestContext, behaviour: TimeBehaviour): Promise<TimeServer> {
  const state: TimeServer = { url: '', requests: 0, behaviour };
  const server = http.createServer((request, response) => {
    state.requests += 1;
    const current = state.behaviour;
    if (current.kind === 'hang') {
      return; // never answers
    }
    if (current.kind === 'status') {
      response.writeHead(current.status).end('error');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      current.kind === 'garbage'
        ? '{"utc_datetime": "yesterday-ish"'
        : JSON.stringify({ utc_datetime: current.utcDateTime, timezone: 'UTC' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/timezone/UTC`;
  return state;
}
