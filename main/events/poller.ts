// The poller that costs little: on start, on resume and every 64 s it reads the newest orders (one page) and, by id,
// the orders this station is working on, and raises the events no webhook or relay announced. An idle station (nothing
// open) costs one request a poll (poll-budget.ts); an order open at the station is read every time.
import { orderStatusOf } from '../../contract/service/order-status.ts';
import type { Order } from '../../contract/service/orders.ts';
import type { Db } from '../../kits/sqlite/db.ts';
import type { Logger } from '../platform/log/logger.ts';
import { isServiceError } from '../service/client/index.ts';
import { type RepeatEvery, repeatEvery } from '../service/connectivity/connectivity-clock.ts';
import { changeEvents, itemsFingerprint, orderEvent } from './order-changes.ts';
import { POLL_INTERVAL_MS } from './poll-budget.ts';
import { lookOf, PollStore, type SeenOrderRow, sameLook } from './poll-store.ts';
import type { EventSink, StationClient, StationEvent } from './types.ts';

const DAY = 24 * 60 * 60 * 1000;

export interface PollerOptions {
  client: () => StationClient | null;
  /** events.db (the snapshot tables live there). */
  db: Db;
  sink: EventSink;
  /**
   * The ids of the orders this station is working on: open on a screen, in a verification run, on its tasks. Each is
   * read by id at every poll (unless the newest page already had it).
   */
  watched?: () => readonly string[];
  now?: () => number;
  logger?: Logger;
  /** Default `POLL_INTERVAL_MS` (64 s, poll-budget.ts). */
  intervalMs?: number;
  /** A repeating timer, answering its stop (default setInterval; the station's injected clock in tests). */
  every?: RepeatEvery;
  /** Snapshot rows of orders created longer ago than this are forgotten, unless watched (default 8 days). */
  lookbackMs?: number;
  /** The newest page's size (default 100). */
  pageSize?: number;
  /** Catching up after a burst: further pages are read only while a whole page was new (default 5 pages). */
  maxPages?: number;
  /**
   * True while something else brings new orders (the pharmacy's relay is live): a timer tick then reads only the
   * watched orders, and the newest page once every `quietPageMs` (default 15 minutes) as a safety net.
   */
  quiet?: () => boolean;
  quietPageMs?: number;
}

export type PollResult =
  | { state: 'done'; baseline: boolean; pages: number; orders: number; raised: number; requests: number }
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
  /**
   * Main read this order for a screen: the poller keeps it as the look to compare with, unless it has one already (a
   * change it has not raised yet must not be swallowed by a later read).
   */
  remember(order: Order): void;
}

export function createReconciliationPoller(options: PollerOptions): ReconciliationPoller {
  const now = options.now ?? Date.now;
  const store = new PollStore(options.db);
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
  const every = options.every ?? repeatEvery;
  const lookbackMs = options.lookbackMs ?? 8 * DAY;
  const pageSize = options.pageSize ?? 100;
  const maxPages = options.maxPages ?? 5;
  const log = options.logger;
  let timer: (() => void) | null = null;
  let running: Promise<PollResult> | null = null;
  let again: Promise<PollResult> | null = null;
  let stopped = false;

  async function poll(watchedOnly = false): Promise<PollResult> {
    try {
      return await pollOnce(watchedOnly);
    } catch (error) {
      const code = isServiceError(error) ? error.code : 'failed';
      log?.warn('reconciliation poll failed', { code });
      return { state: 'failed', code, message: error instanceof Error ? error.message : String(error) };
    }
  }

  let lastPageAt = Number.NEGATIVE_INFINITY;

  async function pollOnce(watchedOnly = false): Promise<PollResult> {
    if (stopped) return { state: 'stopped' };
    const client = options.client();
    if (!client) return { state: 'signed_out' };
    // The list is ordered by creation, not by update, so there is no "changed since" query: the newest page shows
    // what was created; the orders this station works on are read by id. The first poll only learns.
    const baseline = store.value('baseline') === null;
    let pages = 0;
    let orders = 0;
    let raised = 0;
    const read = new Set<string>();
    for (let page = 1; page <= (watchedOnly && !baseline ? 0 : maxPages); page++) {
      lastPageAt = now();
      const { items, pagination } = await client.orders.list.page({ query: { page, page_size: pageSize } });
      pages++;
      orders += items.length;
      const known = items.filter((order) => store.get(order.id) !== undefined).length;
      // The first look learns what it has not seen; an order main remembered (open here) is compared even then.
      raised += await reconcile(items, baseline ? 'announce_changes' : 'announce');
      for (const order of items) read.add(order.id);
      const lastPage = items.length < pageSize || pagination.remainingCount === 0;
      // Only a page that was entirely new may hide more new orders behind it.
      if (baseline || lastPage || known > 0) break;
    }
    const watched = [...new Set(options.watched?.() ?? [])];
    const byId: Order[] = [];
    for (const id of watched.filter((orderId) => !read.has(orderId))) {
      try {
        byId.push(await client.orders.get({ params: { order_id: id } }));
      } catch (error) {
        // One order that cannot be read (gone, forbidden) does not stop the others.
        if (!isServiceError(error) || error.status !== 404) throw error;
      }
    }
    raised += await reconcile(byId, 'announce_changes');
    store.forgetCreatedBefore(now() - lookbackMs, watched);
    if (baseline) store.setValue('baseline', new Date(now()).toISOString());
    store.setValue('last_poll', new Date(now()).toISOString());
    if (raised > 0) log?.info('reconciliation raised events no webhook announced', { raised });
    return { state: 'done', baseline, pages, orders, raised, requests: pages + byId.length };
  }

  /**
   * Raises the orders' changes, then remembers them; a failure in between re-raises next time (deduplicated).
   * `announce_changes`: an order seen for the first time is only learnt (it was read by id because it is open here,
   * or this is the first look), one seen before is compared.
   */
  async function reconcile(page: readonly Order[], mode: 'announce' | 'announce_changes'): Promise<number> {
    const events: StationEvent[] = [];
    const seen: SeenOrderRow[] = [];
    const at = new Date(now());
    for (const order of page) {
      const previous = store.get(order.id);
      // The canonical status, whether the service sent `status` (any case) or only status_code / status_name.
      const status = orderStatusOf(order) ?? '';
      const items = itemsFingerprint(order);
      const current = { status, items, cancellationRequested: order.cancellation_requested === true };
      const look = previous ? lookOf(previous) : null;
      const same = previous && look !== null && sameLook(look, current);
      if (same && previous.updated_at === (order.updated_at ?? null)) continue;
      const created = createdMs(order, at.getTime());
      // An order seen for the first time is announced as new only from the newest page, and only when it is recent.
      const isNew = mode === 'announce' && created >= at.getTime() - lookbackMs;
      const announce = previous !== undefined || isNew;
      if (announce && !same) {
        for (const code of changeEvents(look, current)) events.push(orderEvent(order, code, at, items));
      }
      seen.push({
        order_id: order.id,
        status,
        updated_at: order.updated_at ?? null,
        created_ms: created,
        items,
        cancellation_requested: current.cancellationRequested ? 1 : 0,
      });
    }
    const fresh = await options.sink.accept(events);
    store.save(seen);
    return fresh.filter(Boolean).length;
  }

  /** Whether a caller that arrived during the running poll asked for the newest page too (not only the watched). */
  let againFull = false;

  function pollNow(watchedOnly = false): Promise<PollResult> {
    if (!running) {
      running = poll(watchedOnly).finally(() => {
        running = null;
      });
      return running;
    }
    // One follow-up poll for every caller that arrived during this one, reading the newest page only when one of them
    // asked for it: a quiet minute's tick that lands on a slow poll stays a read of the watched orders.
    if (!watchedOnly) againFull = true;
    const next = () => {
      again = null;
      const full = againFull;
      againFull = false;
      return pollNow(!full);
    };
    again ??= running.then(next, next);
    return again;
  }

  return {
    start() {
      if (timer) return;
      stopped = false;
      void pollNow();
      const quietPageMs = options.quietPageMs ?? 15 * 60_000;
      const tick = () => {
        const quiet = options.quiet?.() === true && now() - lastPageAt < quietPageMs;
        if (quiet && (options.watched?.() ?? []).length === 0) return;
        void pollNow(quiet);
      };
      timer = every(tick, intervalMs);
    },
    async stop() {
      stopped = true;
      timer?.();
      timer = null;
      await (again ?? running)?.catch(() => undefined);
    },
    resume: () => pollNow(),
    pollNow: () => pollNow(),
    reset() {
      store.reset();
    },
    remember(order) {
      if (store.get(order.id) !== undefined) return;
      store.save([
        {
          order_id: order.id,
          status: orderStatusOf(order) ?? '',
          updated_at: order.updated_at ?? null,
          created_ms: createdMs(order, now()),
          items: itemsFingerprint(order),
          cancellation_requested: order.cancellation_requested === true ? 1 : 0,
        },
      ]);
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
