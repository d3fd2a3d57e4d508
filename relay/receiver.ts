// The relay's HTTP side on 127.0.0.1 (the pharmacy's reverse proxy terminates TLS in front): POST deliveries at
// /webhooks/fulfillment, checked (bearer secret in constant time, JSON, size, shape), published, then 204; GET /health.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceEventMessage } from '../contract/pharmacy-stream.ts';
import { webhookDelivery } from '../contract/service/notifications.ts';
import { eventKey } from '../kits/event-keys/keys.ts';
import { sendJson } from '../kits/loopback-http/answer.ts';
import { closeAfterAnswer, isJsonContentType, readBody } from '../kits/loopback-http/body.ts';
import { hostAllowed } from '../kits/loopback-http/guard.ts';
import { secretMatches } from '../kits/loopback-http/secret.ts';

export const RELAY_WEBHOOK_PATH = '/webhooks/fulfillment';
export const RELAY_HEALTH_PATH = '/health';
const MAX_BYTES = 64 * 1024;

export interface RelayCounts {
  received: number;
  published: number;
  duplicates: number;
  refused: Record<string, number>;
  /** Deliveries answered 503 because NATS did not store them (the service retries). */
  unstored: number;
}

export interface ReceiverDeps {
  /** The Host values accepted (the loopback names with the port, and the public URL's host). */
  hosts: () => ReadonlySet<string>;
  secret: () => string | null;
  publish: (message: ServiceEventMessage) => Promise<{ duplicate: boolean }>;
  health: () => Promise<{ ok: boolean; body: Record<string, unknown> }>;
  counts: RelayCounts;
  now: () => Date;
}

const bearer = (header: string | undefined) => /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? null;
const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : null);

function refuse(res: ServerResponse, deps: ReceiverDeps, status: number, reason: string, message: string): void {
  deps.counts.refused[reason] = (deps.counts.refused[reason] ?? 0) + 1;
  const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer realm="events-relay"' } : {};
  sendJson(res, status, { error: reason, message }, headers);
}

/** The message the stream carries: the key from the whole delivery, the few fields stations use, no patient name. */
export function toStreamMessage(json: unknown, receivedAt: Date): ServiceEventMessage | null {
  const parsed = webhookDelivery.safeParse(json);
  if (!parsed.success) return null;
  const { data } = parsed.data;
  return {
    key: eventKey(parsed.data),
    event_code: parsed.data.event_code.slice(0, 100),
    data: {
      id: data.id,
      url: data.url.slice(0, 2000),
      order_number: text(data.order_number),
      status: text(data.status),
      status_code: text(data.status_code),
      status_name: text(data.status_name),
    },
    received_at: receivedAt.toISOString(),
  };
}

export async function handleRelayRequest(req: IncomingMessage, res: ServerResponse, deps: ReceiverDeps) {
  // No web page may reach the relay: a Host it does not serve or any Origin header is refused.
  if (!hostAllowed(req.headers.host, deps.hosts())) return refuse(res, deps, 403, 'host', 'Unknown host.');
  if (req.headers.origin !== undefined) return refuse(res, deps, 403, 'origin', 'Web pages are refused.');
  const path = (req.url ?? '').split('?')[0];
  if (path === RELAY_HEALTH_PATH && req.method === 'GET') {
    const health = await deps.health();
    return sendJson(res, health.ok ? 200 : 503, health.body);
  }
  if (path !== RELAY_WEBHOOK_PATH) return refuse(res, deps, 404, 'path', 'Nothing here.');
  if (req.method !== 'POST') return refuse(res, deps, 405, 'method', 'Deliveries are POSTed.');
  const secret = deps.secret();
  const token = bearer(req.headers.authorization);
  if (secret === null) return refuse(res, deps, 503, 'no_secret', 'The relay has no signing secret yet.');
  if (token === null || !secretMatches(token, secret))
    return refuse(res, deps, 401, 'signature', 'A delivery needs the signing secret.');
  if (!isJsonContentType(req.headers['content-type']))
    return refuse(res, deps, 415, 'content_type', 'A delivery is application/json.');
  const read = await readBody(req, { maxBytes: MAX_BYTES, drainBytes: 1024 * 1024 });
  if (read.kind === 'aborted') return;
  if (read.kind === 'too_large') {
    if (read.close) closeAfterAnswer(req, res);
    return refuse(res, deps, 413, 'too_large', `A delivery is at most ${MAX_BYTES} bytes.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(read.body.toString('utf8'));
  } catch {
    return refuse(res, deps, 400, 'json', 'The body is not valid JSON.');
  }
  const message = toStreamMessage(json, deps.now());
  if (message === null) return refuse(res, deps, 422, 'shape', 'A delivery needs event_code and data with id and url.');
  deps.counts.received++;
  try {
    const { duplicate } = await deps.publish(message);
    if (duplicate) deps.counts.duplicates++;
    else deps.counts.published++;
  } catch {
    // Not stored: the service retries with its backoff, so nothing is lost while NATS is away.
    deps.counts.unstored++;
    return sendJson(
      res,
      503,
      { error: 'unavailable', message: 'The event could not be stored; send it again.' },
      { 'retry-after': '5' },
    );
  }
  sendJson(res, 204, undefined);
}
