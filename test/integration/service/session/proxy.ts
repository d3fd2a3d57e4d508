// A tiny HTTP proxy in front of the training service: counts requests by path, records every token that crosses it, and can fail chosen requests.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  status: number;
  /** The bearer token sent, if any. */
  token: string | null;
}

/** What to do instead of forwarding: answer a status, or drop the connection (a network failure). */
export type Fault = number | 'network';

export interface CountingProxy {
  url: string;
  requests: SeenRequest[];
  /** Every token seen in an Authorization header or in a login/refresh answer. */
  tokens: Set<string>;
  /** Decides per request whether to fail it; null forwards it. */
  fault: ((method: string, path: string) => Fault | null) | null;
  count(path: string, status?: number): number;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? undefined : Buffer.concat(chunks).toString('utf8');
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'keep-alive', 'transfer-encoding']);

export async function startCountingProxy(upstream: string): Promise<CountingProxy> {
  const proxy: CountingProxy = {
    url: '',
    requests: [],
    tokens: new Set(),
    fault: null,
    count: (path, status) =>
      proxy.requests.filter((r) => r.path === path && (status === undefined || r.status === status)).length,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] as string;
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : null;
    if (token) proxy.tokens.add(token);
    const body = await bodyOf(req);
    const fault = proxy.fault?.(method, path) ?? null;
    if (fault === 'network') {
      proxy.requests.push({ method, path, status: 0, token });
      req.socket.destroy();
      return;
    }
    if (typeof fault === 'number') {
      proxy.requests.push({ method, path, status: fault, token });
      res.writeHead(fault, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'injected', message: `injected ${fault} by the test proxy` }));
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(`${upstream}${req.url ?? '/'}`, { method, headers, body });
    const text = await answer.text();
    for (const match of text.matchAll(/"(?:access|refresh)_token"\s*:\s*"([^"]+)"/g))
      proxy.tokens.add(match[1] as string);
    proxy.requests.push({ method, path, status: answer.status, token });
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') out[name] = value;
    });
    res.writeHead(answer.status, out);
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
