// Service requests per idle station-hour, counted at the training service (its request log, every method): the
// station's own background readers as wired (the reconciliation poller and the connectivity monitor, which learns from
// the poller's requests through the heard fetch and probes only after 10 quiet minutes), with the relay live or the
// webhook pushing (the poller quiet), with polling only, and the poller before issue 25. Measured over a window and
// scaled: simulated time runs SPEED times faster (the poller's interval and every connectivity timer divided by it).
// Token renewals are not in these (a fixed token); the whole station's hour on an injected clock, renewals and all, is
// `test/integration/station/idle-station-budget.test.ts`.
import { operations } from '../../../contract/service/operations.ts';
import { createEventHub, createEventPipeline, EventInbox, openEventsDb } from '../../../main/events/index.ts';
import { POLL_INTERVAL_MS } from '../../../main/events/poll-budget.ts';
import { createReconciliationPoller } from '../../../main/events/poller.ts';
import type { StationClient } from '../../../main/events/types.ts';
import { createServiceClient } from '../../../main/service/client/index.ts';
import { CONNECTIVITY_DEFAULTS, createConnectivity } from '../../../main/service/connectivity/connectivity.ts';
import { type ConnectivityClock, probeService } from '../../../main/service/connectivity/connectivity-clock.ts';
import { createHeardFetch } from '../../../main/service/connectivity/heard-fetch.ts';

const HOUR = 3_600_000;
/**
 * Simulated time runs this much faster than real time: a minute's tick every 600 ms, an hour in 36 s (at 1,000× a
 * loaded machine's poll outlasted its tick and the coalesced ticks undercounted).
 */
const SPEED = 100;

export interface IdleHourCosts {
  'relay live or webhook pushing (quiet poller + connectivity)': number;
  'polling only (poller + connectivity)': number;
  'poller before issue 25': number;
}

export interface IdleHourOptions {
  baseUrl: string;
  token: string;
  logged: Record<string, unknown>[];
}

async function measuredHour(options: IdleHourOptions, quiet: boolean): Promise<number> {
  const db = openEventsDb(':memory:');
  const started = Date.now();
  const now = () => started + (Date.now() - started) * SPEED;
  const clock: ConnectivityClock = {
    now,
    setTimeout: (run, ms) => setTimeout(run, ms / SPEED),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const heard = createHeardFetch();
  const client: StationClient = createServiceClient(operations, {
    baseUrl: options.baseUrl,
    fetch: heard.fetch,
    tokens: { accessToken: () => options.token, refreshToken: () => null, refresh: async () => {} },
  });
  const poller = createReconciliationPoller({
    client: () => client,
    db,
    sink: createEventPipeline(new EventInbox(db, now), createEventHub()),
    now,
    intervalMs: POLL_INTERVAL_MS / SPEED,
    quiet: () => quiet,
  });
  // The first look (a baseline) is not idle cost: start counting after it.
  await poller.pollNow();
  const before = requests(options.logged);
  const from = now();
  const connectivity = createConnectivity(
    () => ({ kind: 'custom', baseUrl: options.baseUrl }),
    () => {},
    {
      clock,
      probe: (timeoutMs) => probeService(options.baseUrl, timeoutMs),
      idleProbeEveryMs: CONNECTIVITY_DEFAULTS.idleProbeEveryMs,
    },
  );
  const unlisten = heard.listen((outcome) => connectivity.observe(outcome));
  poller.start();
  await new Promise((resolve) => setTimeout(resolve, HOUR / SPEED));
  unlisten();
  connectivity.stop();
  await poller.stop();
  const hours = (now() - from) / HOUR;
  db.close();
  // start() polls once at once too (the start of the hour): counted as part of it.
  return Math.round((requests(options.logged) - before) / hours);
}

function requests(logged: Record<string, unknown>[]): number {
  return logged.filter((entry) => 'status' in entry && typeof entry.method === 'string').length;
}

/** The old poller's walk of one minute: pages of 200 of the orders created in 7 days, at most 10. */
async function oldPollerPages(options: IdleHourOptions): Promise<number> {
  const client: StationClient = createServiceClient(operations, {
    baseUrl: options.baseUrl,
    tokens: { accessToken: () => options.token, refreshToken: () => null, refresh: async () => {} },
  });
  const horizon = Date.now() - 7 * 24 * HOUR;
  let pages = 0;
  for (let page = 1; page <= 10; page++) {
    const { items, pagination } = await client.orders.list.page({ query: { page, page_size: 200 } });
    pages++;
    const recent = items.filter((order) => Date.parse(`${order.created_at ?? ''}`) >= horizon);
    const last = items.length < 200 || pagination.remainingCount === 0;
    if (last || recent.length < items.length) break;
  }
  return pages;
}

export async function idleHourRequests(options: IdleHourOptions): Promise<IdleHourCosts> {
  return {
    'relay live or webhook pushing (quiet poller + connectivity)': await measuredHour(options, true),
    'polling only (poller + connectivity)': await measuredHour(options, false),
    'poller before issue 25': (await oldPollerPages(options)) * 60,
  };
}
