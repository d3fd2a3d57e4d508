// A listener wired to a real inbox file, the fan-out and a notifier whose port records every notification; and a raw
// HTTP sender that can set any header (Host, Content-Length, Origin) the way a hostile client would.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../kits/sqlite/db.ts';
import { createEventHub, createEventPipeline } from '../../../main/events/hub.ts';
import { EventInbox } from '../../../main/events/inbox.ts';
import { createWebhookListener, WEBHOOK_PATH, type WebhookListener } from '../../../main/events/listener.ts';
import { createNotifier, type Notifier } from '../../../main/events/notify/notifier.ts';
import type { DesktopNotification, NotificationTarget } from '../../../main/events/notify/port.ts';
import { openEventsDb } from '../../../main/events/schema.ts';
import type { StationEvent } from '../../../main/events/types.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { createDriftLog, type DriftLog } from '../../../main/service/client/drift.ts';

export const SECRET = 'whsec_test_0123456789abcdefABCDEF';

export interface Rig {
  dir: string;
  db: Db;
  inbox: EventInbox;
  listener: WebhookListener;
  /** What signed deliveries sent that had to be read differently. */
  drift: DriftLog;
  notifier: Notifier;
  port: number;
  events: StationEvent[];
  notifications: DesktopNotification[];
  clicks: NotificationTarget[];
  logLines: string[];
  /** What the listener's secret() answers; tests change it. */
  secret: { value: string | null; fail: boolean };
  close(options?: { keepDir?: boolean }): Promise<void>;
}

export async function startRig(options: { dir?: string; coalesceMs?: number; now?: () => number } = {}): Promise<Rig> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'station-events-'));
  const db = openEventsDb(dir);
  const inbox = new EventInbox(db, options.now);
  const logLines: string[] = [];
  const logger = createLogger({ scope: 'events', level: 'debug', write: (line) => logLines.push(line) });
  const hub = createEventHub(logger);
  const pipeline = createEventPipeline(inbox, hub);
  const notifications: DesktopNotification[] = [];
  const clicks: NotificationTarget[] = [];
  const notifier = createNotifier({
    port: { show: (n) => notifications.push(n) },
    onClick: (target) => clicks.push(target),
    coalesceMs: options.coalesceMs ?? 50,
    logger,
  });
  const events: StationEvent[] = [];
  hub.onEvent((event) => events.push(event));
  hub.onEvent((event) => notifier.add(event));
  pipeline.replay();
  const secret = { value: SECRET as string | null, fail: false };
  const drift = createDriftLog();
  const listener = createWebhookListener({
    port: 0,
    secret: async () => {
      if (secret.fail) throw new Error('keychain locked');
      return secret.value;
    },
    sink: pipeline,
    logger,
    drift,
  });
  const status = await listener.start();
  if (status.state !== 'listening') throw new Error(`listener did not start: ${JSON.stringify(status)}`);
  return {
    dir,
    db,
    drift,
    inbox,
    listener,
    notifier,
    port: status.port,
    events,
    notifications,
    clicks,
    logLines,
    secret,
    async close(closeOptions = {}) {
      notifier.stop();
      await listener.stop();
      pipeline.close();
      db.close();
      if (!closeOptions.keepDir && !options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RawRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** Send the body chunked (no Content-Length). */
  chunked?: boolean;
}

export interface RawAnswer {
  /** 0 when the connection was cut before an answer. */
  status: number;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request to the listener with exactly the headers given (Host included). */
export function send(port: number, raw: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const body = raw.body === undefined ? undefined : Buffer.isBuffer(raw.body) ? raw.body : Buffer.from(raw.body);
    const headers: Record<string, string | number> = { host: `127.0.0.1:${port}`, ...raw.headers };
    if (body && !raw.chunked && headers['content-length'] === undefined) headers['content-length'] = body.length;
    const req = request(
      { host: '127.0.0.1', port, method: raw.method ?? 'POST', path: raw.path ?? WEBHOOK_PATH, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    if (body && raw.chunked) {
      // Several writes so the body really goes out in chunks.
      for (let at = 0; at < body.length; at += 16 * 1024) req.write(body.subarray(at, at + 16 * 1024));
    } else if (body) req.write(body);
    req.end();
  });
}

/** A genuine delivery's headers. */
export function goodHeaders(port: number, secret = SECRET): Record<string, string> {
  return { host: `127.0.0.1:${port}`, authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
}

let serial = 0;
/** A delivery as the service sends it, with a fresh order id unless one is given. */
export function delivery(eventCode = 'order.shipped', overrides: Record<string, unknown> = {}) {
  serial++;
  const id = (overrides.id as string | undefined) ?? `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  return {
    event_code: eventCode,
    data: {
      id,
      url: `https://dashboard.example/orders/${id}`,
      order_number: String(2_000_000 + serial),
      first_name: 'Zelda',
      last_name: 'Quixote',
      status_code: 'S01',
      status_name: 'Shipped',
      ...overrides,
    },
  };
}

/** Runs `task` for 0..count-1 with at most `concurrency` in flight. */
export async function bounded<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
