// A real HTTP server on 127.0.0.1 (random port) for client tests: records every request, answers via a handler.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** The request target exactly as sent, percent-encoding intact. */
  rawUrl: string;
  /** The path exactly as sent (no query). */
  rawPath: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the body is JSON, else the text; undefined when empty. */
  body: unknown;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
  /** Waits this long before answering. */
  delayMs?: number;
  /** Drops the connection without answering (a network error for the client). */
  hangUp?: boolean;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the handler. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startTestServer(initial: Handler = () => ({ status: 404 })): Promise<TestServer> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const rawUrl = req.url ?? '/';
    const [rawPath = '/', search = ''] = rawUrl.split('?', 2);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      rawUrl,
      rawPath,
      query: new URLSearchParams(search),
      headers: req.headers,
      body: text === '' ? undefined : parseBody(text),
    };
    requests.push(recorded);
    const reply = await handler(recorded);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.hangUp) {
      req.socket.destroy();
      return;
    }
    const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
    const headers = { ...(reply.json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...reply.headers };
    if (!res.destroyed) res.writeHead(reply.status ?? 200, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
