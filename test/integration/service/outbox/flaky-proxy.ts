// A real HTTP proxy in front of the training service that can be down, answer 5xx, or drop an answer after forwarding.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** down: every connection is reset; pass: forwards. Scripted faults apply to the next requests first. */
export type ProxyMode = 'pass' | 'down';

export interface ProxyFault {
  /** Answer this status without forwarding (the write is NOT applied)... */
  status?: number;
  headers?: Record<string, string>;
  /** ...or forward, let the service apply it, then reset the connection: the answer is lost on the way back. */
  dropAnswer?: boolean;
  /** Which requests the fault hits; every request by default. */
  match?: (method: string, path: string) => boolean;
}

export interface SeenRequest {
  at: number;
  method: string;
  path: string;
  key: string | null;
  /** The status the client saw; 0 for a reset connection. */
  status: number;
}

export interface FlakyProxy {
  url: string;
  mode: ProxyMode;
  /** Queue faults for the next matching requests, one each. */
  fail(...faults: ProxyFault[]): void;
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  const faults: ProxyFault[] = [];
  const seen: SeenRequest[] = [];
  const proxy: FlakyProxy = {
    url: '',
    mode: 'pass',
    fail: (...more) => faults.push(...more),
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const record = (status: number) => seen.push({ at: performance.now(), method, path, key, status });
    const body = await readBody(req);
    if (proxy.mode === 'down') {
      record(0);
      req.socket.destroy();
      return;
    }
    const index = faults.findIndex((f) => f.match?.(method, path) ?? true);
    const fault = index >= 0 ? faults.splice(index, 1)[0] : undefined;
    if (fault?.status !== undefined) {
      record(fault.status);
      const payload = JSON.stringify({ error: 'unavailable', message: 'The service is restarting; try again.' });
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      res.end(payload);
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) headers[name] = value;
    }
    const answer = await fetch(`${target}${path}`, {
      method,
      headers,
      ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
    });
    const text = await answer.text();
    if (fault?.dropAnswer) {
      record(0);
      req.socket.destroy();
      return;
    }
    record(answer.status);
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) out[name] = value;
    });
    res.writeHead(answer.status, out);
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
