// The reconciliation poller: on start, on resume and every minute it reads recent orders and raises the events that
// no webhook announced (a missed delivery, a listener that could not start, a tunnel that was down).
import { orderStatusOf } from '../../contract/service/order-status.ts';
import type { Order } from '../../contract/service/orders.ts';
import type { Db } from '../kit/sqlite/db.ts';
import type { Logger } from '../log/logger.ts';
import { isServiceError } from '../service/index.ts';
import { changeEvents, orderEvent } from './order-changes.ts';
import { PollStore, type SeenOrderRow } from './poll-store.ts';
import type { EventSink, StationClient, StationEvent } from './types.ts';

const DAY = 24 * 60 * 60 * 1000;

export interface PollerOptions {
  client: () => StationClient | null;
  /** events.db (the snapshot tables live there). */
  db: Db;
  sink: EventSink;
  now?: () => number;
  logger?: Logger;
  /** Default one minute. */
  intervalMs?: number;
  /** Orders created longer ago than this are not read (default 7 days): their changes are the webhook's alone. */
  lookbackMs?: number;
  /** Default 200 (the service's maximum). */
  pageSize?: number;
  /** A bound on one poll's reads, whatever the service answers (default 10 pages: the 2,000 newest orders). */
  maxPages?: number;
}

export type PollResult =
  | { state: 'done'; baseline: boolean; pages: number; orders: number; raised: number }
  | { state: 'signed_out' }
  | { state: 'stopped' }
  | { state: 'failed'; code: string; message: string };

export interface ReconciliationPoller {
  /** Polls now, then every interval. */
  start(): void;
  /** Stops the timer and waits for a poll in progress. */
  stop(): Promise<void>;
  /** After sleep or a lost connection: poll now. */
  resume(): Promise<PollResult>;
  /** One poll; a call during a poll waits for it and then polls once more (the change may have come after its reads). */
  pollNow(): Promise<PollResult>;
  /** Another service was chosen: forget the snapshot; the next poll is a silent baseline. */
  reset(): void;
}

export function createReconciliationPoller(options: PollerOptions): ReconciliationPoller {
  const now = options.now ?? Date.now;
  const store = new PollStore(options.db);
  const intervalMs = options.intervalMs ?? 60_000;
  const lookbackMs = options.lookbackMs ?? 7 * DAY;
  const pageSize = options.pageSize ?? 200;
  const maxPages = options.maxPages ?? 10;
  const log = options.logger;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<PollResult> | null = null;
  let again: Promise<PollResult> | null = null;
  let stopped = false;

  async function poll(): Promise<PollResult> {
    try {
      return await pollOnce();
    } catch (error) {
      const code = isServiceError(error) ? error.code : 'failed';
      log?.warn('reconciliation poll failed', { code });
      return { state: 'failed', code, message: error instanceof Error ? error.message : String(error) };
    }
  }

  async function pollOnce(): Promise<PollResult> {
    if (stopped) return { state: 'stopped' };
    const client = options.client();
    if (!client) return { state: 'signed_out' };
    // The list is ordered by creation, not by update, so there is no "changed since" query: the poller reads the
    // window of recent orders and compares each with what it saw last. The first poll only learns (no flood of events).
    const baseline = store.value('baseline') === null;
    const horizon = now() - lookbackMs;
    let pages = 0;
    let orders = 0;
    let raised = 0;
    for (let page = 1; page <= maxPages; page++) {
      const { items, pagination } = await client.orders.list.page({ query: { page, page_size: pageSize } });
      pages++;
      const recent = items.filter((order) => createdMs(order, now()) >= horizon);
      orders += recent.length;
      raised += await reconcile(recent, baseline);
      const lastPage =
        items.length < pageSize ||
        pagination.remainingCount === 0 ||
        (pagination.totalPages !== undefined && page >= pagination.totalPages);
      if (lastPage || recent.length < items.length) break;
    }
    store.forgetCreatedBefore(horizon);
    if (baseline) store.setValue('baseline', new Date(now()).toISOString());
    store.setValue('last_poll', new Date(now()).toISOString());
    if (raised > 0) log?.info('reconciliation raised events no webhook announced', { raised });
    return { state: 'done', baseline, pages, orders, raised };
  }

  /** Raises the page's changes, then remembers the page; a failure in between re-raises next time (deduplicated). */
  async function reconcile(page: readonly Order[], baseline: boolean): Promise<number> {
    const events: StationEvent[] = [];
    const seen: SeenOrderRow[] = [];
    const at = new Date(now());
    for (const order of page) {
      const previous = store.get(order.id);
      // The canonical status, whether the service sent `status` (any case) or only status_code / status_name.
      const status = orderStatusOf(order) ?? '';
      if (previous && previous.status === status && previous.updated_at === (order.updated_at ?? null)) continue;
      if (!baseline && previous?.status !== status) {
        for (const code of changeEvents(previous?.status ?? null, status)) events.push(orderEvent(order, code, at));
      }
      seen.push({
        order_id: order.id,
        status,
        updated_at: order.updated_at ?? null,
        created_ms: createdMs(order, at.getTime()),
      });
    }
    const fresh = await options.sink.accept(events);
    store.save(seen);
    return fresh.filter(Boolean).length;
  }

  function pollNow(): Promise<PollResult> {
    if (!running) {
      running = poll().finally(() => {
        running = null;
      });
      return running;
    }
    // One follow-up poll for every caller that arrived during this one.
    const next = () => {
      again = null;
      return pollNow();
    };
    again ??= running.then(next, next);
    return again;
  }

  return {
    start() {
      if (timer) return;
      stopped = false;
      void pollNow();
      timer = setInterval(() => void pollNow(), intervalMs);
      timer.unref?.();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await (again ?? running)?.catch(() => undefined);
    },
    resume: pollNow,
    pollNow,
    reset() {
      store.reset();
    },
  };
}

function createdMs(order: Order, fallback: number): number {
  const text = order.created_at ?? '';
  // The service sends some timestamps without a zone (spec §2); they are UTC, and JavaScript would read them as local.
  const ms = Date.parse(/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`);
  // A missing or unreadable one counts as recent: better read once more than miss a change.
  return Number.isNaN(ms) ? fallback : ms;
}
