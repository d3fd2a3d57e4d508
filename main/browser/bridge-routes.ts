// The bridge's two endpoints: POST /bridge/invoke/<channel> (one JSON call) and GET /bridge/events (server-sent events).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../log/logger.ts';
import type { Station } from '../station/station.ts';
import { isJsonContentType } from './guard.ts';
import { NO_STORE, SECURITY_HEADERS } from './headers.ts';

/** Channel inputs are small (forms, a page of risk-factor text); 1 MiB leaves room and stops a runaway page. */
export const MAX_INVOKE_BYTES = 1024 * 1024;
export const MAX_EVENT_STREAMS = 16;
const HEARTBEAT_MS = 20_000;

/** Every refusal is an IpcResult too, so the bridge in the page hands it on as it is. */
export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    ...NO_STORE,
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { ok: false, error: { code, message } });
}

type Body = { kind: 'body'; text: string } | { kind: 'too_large' } | { kind: 'aborted' };

function readBody(req: IncomingMessage, limit: number): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (body: Body) => {
      if (!settled) {
        settled = true;
        resolve(body);
      }
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        finish({ kind: 'too_large' });
        req.pause();
      } else chunks.push(chunk);
    });
    req.on('end', () => finish({ kind: 'body', text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => finish({ kind: 'aborted' }));
    req.on('close', () => finish({ kind: 'aborted' }));
  });
}

/** `{ "input": … }` (input may be left out: a channel without input). Anything else is refused. */
function envelopeInput(text: string): { ok: true; input: unknown } | { ok: false } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false };
  const keys = Object.keys(value);
  if (keys.some((key) => key !== 'input')) return { ok: false };
  return { ok: true, input: (value as { input?: unknown }).input };
}

export async function handleInvoke(
  req: IncomingMessage,
  res: ServerResponse,
  channel: string,
  station: Station,
): Promise<void> {
  if (!isJsonContentType(req.headers['content-type'])) {
    return refuse(res, 415, 'unsupported_media_type', 'The bridge takes application/json only.');
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_INVOKE_BYTES) {
    res.setHeader('Connection', 'close');
    return refuse(res, 413, 'too_large', `A call may carry at most ${MAX_INVOKE_BYTES / 1024} KiB.`);
  }
  const body = await readBody(req, MAX_INVOKE_BYTES);
  if (body.kind === 'aborted') return;
  if (body.kind === 'too_large') {
    res.setHeader('Connection', 'close');
    return refuse(res, 413, 'too_large', `A call may carry at most ${MAX_INVOKE_BYTES / 1024} KiB.`);
  }
  const envelope = envelopeInput(body.text);
  if (!envelope.ok) return refuse(res, 400, 'bad_request', 'The body must be a JSON object { "input": … }.');
  sendJson(res, 200, await station.invoke(channel, envelope.input));
}

export function createEventStreams(station: Station, log: Logger) {
  const open = new Set<ServerResponse>();
  return {
    handle(req: IncomingMessage, res: ServerResponse): void {
      if (open.size >= MAX_EVENT_STREAMS) {
        refuse(res, 503, 'too_many_streams', 'Too many open event streams; close other station tabs.');
        return;
      }
      res.writeHead(200, {
        ...SECURITY_HEADERS,
        ...NO_STORE,
        'Content-Type': 'text/event-stream; charset=utf-8',
        Connection: 'keep-alive',
      });
      res.write('retry: 2000\n\n');
      open.add(res);
      const stop = station.onEvent((event, payload) => {
        res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      req.on('close', () => {
        stop();
        clearInterval(heartbeat);
        open.delete(res);
        log.debug('event stream closed', { open: open.size });
      });
      log.debug('event stream opened', { open: open.size });
    },
    closeAll(): void {
      for (const res of open) res.end();
      open.clear();
    },
  };
}
