// A loopback proxy in front of the service that keeps every request's method and path, so a benchmark counts the
// service reads one action caused (and which ones).
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  url: string;
  /** The GET requests since the last reset, as "GET /api/v1/…" (query left off). */
  reads(): string[];
  /** Every request since the last reset, any method, as "POST /api/v1/…" (query left off). */
  requests(): string[];
  /** Requests on their way now (sent on, not answered yet). */
  inFlight(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingProxy(serviceUrl: string): Promise<CountingProxy> {
  const target = new URL(serviceUrl);
  let seen: string[] = [];
  let all: string[] = [];
  let open = 0;
  const server = createServer((incoming, outgoing) => {
    const path = (incoming.url ?? '').split('?')[0];
    if (incoming.method === 'GET') seen.push(`GET ${path}`);
    all.push(`${incoming.method} ${path}`);
    open++;
    const headers = { ...incoming.headers, host: target.host };
    const forwarded = request(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.on('end', () => open--);
      },
    );
    forwarded.on('error', () => {
      open--;
      outgoing.destroy();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reads: () => [...seen],
    requests: () => [...all],
    inFlight: () => open,
    reset: () => {
      seen = [];
      all = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
