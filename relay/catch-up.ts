// After its own outage or NATS's, the relay asks the service for the orders changed since its last published event and
// publishes what it missed, with the keys the webhook and the stations' pollers use (a change already told is a
// duplicate), so an outage longer than the service's delivery attempts loses no order event. The mark (when the
// relay last published, or started) is kept in `catch-up.json` in its state folder, so a killed relay knows it too.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ServiceEventMessage } from '../contract/pharmacy-stream.ts';
import { orderStatusOf } from '../contract/service/order-status.ts';
import { type Order, order as orderSchema } from '../contract/service/orders.ts';
import { eventKey } from '../kits/event-keys/keys.ts';
import {
  changeEvents,
  itemsFingerprint,
  type OrderLook,
  orderChangeDelivery,
} from '../kits/event-keys/order-change.ts';
import { parseStoredJson } from '../kits/json/stored-json.ts';
import type { createServiceSession } from './service-account.ts';

const MARK_FILE = 'catch-up.json';
const mark = z.strictObject({ published_before: z.string() });
/** Deliveries under way when the relay went down are counted as missed too. */
const SLACK_MS = 10 * 60_000;
/** The mark is written at most this often while events are published (a killed relay re-reads at most this much more). */
const WRITE_EVERY_MS = 2_000;

export interface CatchUpOptions {
  stateDir: string;
  session: ReturnType<typeof createServiceSession>;
  publish: (message: ServiceEventMessage) => Promise<unknown>;
  now?: () => number;
  /** Orders per page read (default 100). */
  pageSize?: number;
  /** Pages read at most per catch-up, newest orders first (default 50). */
  maxPages?: number;
}

export interface CatchUpResult {
  since: string | null;
  pages: number;
  orders: number;
  published: number;
}

export interface CatchUp {
  /** An event reached the stream: the mark moves on. */
  published(): void;
  /** NATS went away: what follows the mark now is caught up after it returns. */
  lost(): void;
  /** Publishes what changed since the mark (at start, after a loss); one run at a time. */
  run(): Promise<CatchUpResult>;
  /** Writes the mark now (the relay is stopping). */
  flush(): void;
}

export function createCatchUp(options: CatchUpOptions): CatchUp {
  const now = options.now ?? Date.now;
  const file = join(options.stateDir, MARK_FILE);
  const pageSize = options.pageSize ?? 100;
  const maxPages = options.maxPages ?? 50;
  /** When the relay last knew everything before was published; null on a first start (nothing to catch up). */
  let markAt: number | null = readMark(file);
  /** The mark as it was when NATS went away, until the catch-up after it ran. */
  let owed: number | null = markAt;
  let written = 0;
  let running: Promise<CatchUpResult> | null = null;

  const write = () => {
    if (markAt === null) return;
    mkdirSync(options.stateDir, { recursive: true, mode: 0o700 });
    writeFileSync(`${file}.tmp`, JSON.stringify({ published_before: new Date(markAt).toISOString() }), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
    written = now();
  };
  if (markAt === null) {
    markAt = now();
    write();
  }

  async function once(): Promise<CatchUpResult> {
    const sinceAt = owed;
    const result: CatchUpResult = { since: null, pages: 0, orders: 0, published: 0 };
    if (sinceAt === null) return result;
    const since = sinceAt - SLACK_MS;
    result.since = new Date(since).toISOString();
    for (let page = 1; page <= maxPages; page++) {
      const answer = await options.session.get('orders read', `/api/v1/orders?page=${page}&page_size=${pageSize}`);
      result.pages++;
      const orders = Array.isArray(answer) ? answer : [];
      let newest = Number.NEGATIVE_INFINITY;
      for (const item of orders) {
        const parsed = orderSchema.safeParse(item);
        if (!parsed.success) continue;
        const created = Date.parse(`${parsed.data.created_at ?? ''}`);
        newest = Math.max(newest, Number.isNaN(created) ? newest : created);
        result.published += await tell(parsed.data, since);
        result.orders++;
      }
      // Newest first: a page whose newest order is older than the stream keeps events is the end of what matters.
      if (orders.length < pageSize || newest < since - RETENTION_MS) break;
    }
    // Caught up to when this run began at least; a loss meanwhile owes its own run.
    if (owed === sinceAt) owed = null;
    return result;
  }

  /** The order's events since `since`: all of a new order's; a change of an older one as the order watch tells it. */
  async function tell(order: Order, since: number): Promise<number> {
    const created = Date.parse(`${order.created_at ?? ''}`);
    const updated = Date.parse(`${order.updated_at ?? ''}`);
    const isNew = !Number.isNaN(created) && created >= since;
    if (!isNew && !(updated >= since)) return 0;
    const look: OrderLook = {
      status: orderStatusOf(order),
      items: itemsFingerprint(order),
      cancellationRequested: order.cancellation_requested === true,
    };
    const before: OrderLook | null = isNew ? null : { status: 'unknown', items: null };
    let told = 0;
    for (const code of changeEvents(before, look)) {
      const delivery = orderChangeDelivery(order, code, look.items);
      await options.publish({
        key: eventKey(delivery),
        event_code: code,
        data: {
          id: order.id,
          url: '',
          order_number: order.order_number ?? null,
          status: look.status,
          status_code: order.status_code ?? null,
          status_name: order.status_name ?? null,
        },
        received_at: new Date(now()).toISOString(),
      });
      told++;
    }
    return told;
  }

  return {
    published() {
      markAt = now();
      if (markAt - written >= WRITE_EVERY_MS) write();
    },
    lost() {
      owed ??= markAt;
    },
    run() {
      running ??= once().finally(() => {
        running = null;
      });
      return running;
    },
    flush: write,
  };
}

/** The stream keeps events 8 days by default: orders created longer ago than that before the mark are not read. */
const RETENTION_MS = 8 * 24 * 60 * 60_000;

function readMark(file: string): number | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const at = Date.parse(parseStoredJson(mark, text, MARK_FILE).published_before);
    return Number.isNaN(at) ? null : at;
  } catch {
    // A mark edited out of shape is no mark: the relay starts from now, as on its first start.
    return null;
  }
}
