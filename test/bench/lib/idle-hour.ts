// Service requests per idle station-hour, counted at the training service: the poller with the relay live (quiet),
// the poller alone, and the poller before issue 25 (its page walk replayed against the same service, once a minute).

import { createEventHub, createEventPipeline, EventInbox, openEventsDb } from '../../../main/events/index.ts';
import { createReconciliationPoller } from '../../../main/events/poller.ts';
import type { StationClient } from '../../../main/events/types.ts';

const HOUR = 3_600_000;
/** Simulated time runs this much faster than real time: a minute's tick every 60 ms. */
const SPEED = 1_000;

export interface IdleHourCosts {
  'relay live (quiet poller)': number;
  'polling only (new poller)': number;
  'poller before issue 25': number;
}

async function measuredHour(
  options: { client: StationClient; logged: Record<string, unknown>[]; dataDir: string },
  quiet: boolean,
): Promise<number> {
  const db = openEventsDb(':memory:');
  const started = Date.now();
  const now = () => started + (Date.now() - started) * SPEED;
  const poller = createReconciliationPoller({
    client: () => options.client,
    db,
    sink: createEventPipeline(new EventInbox(db, now), createEventHub()),
    now,
    intervalMs: 60_000 / SPEED,
    quiet: () => quiet,
  });
  // The first look (a baseline) is not idle cost: start counting after it.
  await poller.pollNow();
  const before = requests(options.logged);
  const from = now();
  poller.start();
  await new Promise((resolve) => setTimeout(resolve, HOUR / SPEED));
  await poller.stop();
  const hours = (now() - from) / HOUR;
  db.close();
  // start() polls once at once too (the start of the hour): counted as part of it.
  return Math.round((requests(options.logged) - before) / hours);
}

function requests(logged: Record<string, unknown>[]): number {
  return logged.filter((entry) => 'status' in entry && entry.method === 'GET').length;
}

/** The old poller's walk of one minute: pages of 200 of the orders created in 7 days, at most 10. */
async function oldPollerPages(client: StationClient): Promise<number> {
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

export async function idleHourRequests(options: {
  client: StationClient;
  logged: Record<string, unknown>[];
  dataDir: string;
}): Promise<IdleHourCosts> {
  return {
    'relay live (quiet poller)': await measuredHour(options, true),
    'polling only (new poller)': await measuredHour(options, false),
    'poller before issue 25': (await oldPollerPages(options.client)) * 60,
  };
}
