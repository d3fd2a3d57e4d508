// The reconciliation poller against a real training service over HTTP: a silent first look, then the events no
// webhook announced, each once, and one event when a webhook and the poller announce the same change; the orders
// open at the station read by id, and what an idle station-hour costs, counted at the service.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { operations } from '../../../contract/service/operations.ts';
import type { OrderStatus } from '../../../contract/service/orders.ts';
import { createEventHub, createEventPipeline } from '../../../main/events/hub.ts';
import { EventInbox } from '../../../main/events/inbox.ts';
import { toStationEvent } from '../../../main/events/keys.ts';
import { createReconciliationPoller, type PollerOptions } from '../../../main/events/poller.ts';
import { openEventsDb } from '../../../main/events/schema.ts';
import type { StationClient, StationEvent } from '../../../main/events/types.ts';
import { createServiceClient } from '../../../main/service/client/index.ts';
import { seedDemoData, transitionOrder } from '../../../training/index.ts';
import { newOrder } from '../support/new-records.ts';
import { type Harness, startHarness } from '../training/harness.ts';

const DAY = 24 * 3600_000;
let h: Harness;
let client: StationClient;
let patientId: string;
let productId: string;

beforeAll(async () => {
  h = await startHarness();
  seedDemoData(h.service.db, { seed: 7, orders: 150, now: h.clock.now });
  client = createServiceClient(operations, {
    baseUrl: h.url,
    tokens: { accessToken: () => h.tokens.admin, refreshToken: () => null, refresh: async () => {} },
  });
  const [patient] = (await client.patients.list.page({ query: { page_size: 1 } })).items;
  patientId = patient!.id;
  productId = (await client.products.list()).prescription![0]!.id;
});
afterAll(() => h.close());

function rig(options: Partial<PollerOptions> = {}) {
  const db = openEventsDb(':memory:');
  const hub = createEventHub();
  const pipeline = createEventPipeline(new EventInbox(db), hub);
  const events: StationEvent[] = [];
  hub.onEvent((e) => events.push(e));
  const poller = createReconciliationPoller({
    client: () => client,
    db,
    sink: pipeline,
    lookbackMs: 365 * DAY,
    pageSize: 100,
    // A minute's tick, as these tests count (the station's own interval is 64 s: main/events/poll-budget.ts).
    intervalMs: 60_000,
    ...options,
  });
  return { db, pipeline, events, poller };
}

async function createOrder() {
  return client.orders.create({
    query: { force_new: true },
    body: newOrder(patientId, { id: productId }),
  });
}

function move(orderId: string, ...steps: OrderStatus[]) {
  h.clock.advance(1000);
  const db = h.service.db;
  db.transaction(() => {
    for (const to of steps) transitionOrder(db, orderId, to, { now: h.clock.now, userId: null });
  });
}

/** A new order moved to picked: one a technician would have open for verification. */
async function aPickedOrder() {
  const order = await createOrder();
  move(order.id, 'data_entry', 'picked');
  return order;
}

async function anOrderIn(status: OrderStatus) {
  const [order] = (await client.orders.list.page({ query: { status, page_size: 1 } })).items;
  if (!order) throw new Error(`the demo data has no ${status} order`);
  return order;
}

describe('the reconciliation poller', () => {
  it('on its first look only learns the newest orders, raising nothing, with one request', async () => {
    const { poller, events } = rig();
    const first = await poller.pollNow();
    expect(first).toMatchObject({ state: 'done', baseline: true, raised: 0, pages: 1, requests: 1 });
    expect(first.state === 'done' && first.orders).toBeGreaterThanOrEqual(40);
    expect(events).toEqual([]);
    expect(await poller.pollNow()).toMatchObject({ state: 'done', baseline: false, raised: 0, requests: 1 });
  });

  it('raises order.created once for an order made since, with its number and no patient name', async () => {
    const { poller, events } = rig();
    await poller.pollNow();
    const order = await createOrder();
    expect(await poller.pollNow()).toMatchObject({ raised: 1 });
    expect(events).toEqual([
      expect.objectContaining({
        key: `order.created:${order.id}`,
        eventCode: 'order.created',
        subjectId: order.id,
        orderNumber: order.order_number,
        source: 'poller',
      }),
    ]);
    expect(await poller.pollNow()).toMatchObject({ raised: 0 });
    expect(events).toHaveLength(1);
  });

  it('raises order.shipped for an order that shipped, and fills in a step it did not see', async () => {
    const { poller, events } = rig();
    const verified = await anOrderIn('verified');
    const picked = await anOrderIn('picked');
    await poller.pollNow();
    move(verified.id, 'shipped');
    move(picked.id, 'verified', 'shipped', 'delivered');
    expect(await poller.pollNow()).toMatchObject({ raised: 3 });
    expect(events.map((e) => e.key).sort()).toEqual(
      [`order.shipped:${verified.id}`, `order.shipped:${picked.id}`, `order.delivered:${picked.id}`].sort(),
    );
    expect(events.find((e) => e.key === `order.shipped:${verified.id}`)).toMatchObject({
      statusCode: 'S01',
      statusName: 'Shipped',
    });
  });

  it('makes ONE event when a webhook announced the change first, and one when the poller did', async () => {
    const { poller, events, pipeline } = rig();
    const a = await anOrderIn('verified');
    await poller.pollNow();
    move(a.id, 'shipped');
    const delivery = {
      event_code: 'order.shipped',
      data: { id: a.id, url: `https://dash.example/orders/${a.id}`, order_number: a.order_number, status_code: 'S01' },
    };
    expect(await pipeline.accept([toStationEvent(delivery, 'webhook', new Date())])).toEqual([true]);
    expect(await poller.pollNow()).toMatchObject({ raised: 0 });
    // The other way round: the poller first, then the (late) webhook is a duplicate.
    move(a.id, 'delivered');
    expect(await poller.pollNow()).toMatchObject({ raised: 1 });
    const late = { event_code: 'order.delivered', data: { ...delivery.data, status_code: 'D01' } };
    expect(await pipeline.accept([toStationEvent(late, 'webhook', new Date())])).toEqual([false]);
    expect(events.map((e) => `${e.source} ${e.eventCode}`)).toEqual([
      'webhook order.shipped',
      'poller order.delivered',
    ]);
  });

  it('catches up past the newest page only while a whole page was new', async () => {
    const { poller, events } = rig({ pageSize: 5 });
    await poller.pollNow();
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await createOrder());
    expect(await poller.pollNow()).toMatchObject({ raised: 7, pages: 2 });
    expect(events.map((e) => e.subjectId).sort()).toEqual(made.map((o) => o.id).sort());
  });

  it('reads the orders open at the station by id and raises their cancellation, hold and change of items', async () => {
    const open = await aPickedOrder();
    const held = await aPickedOrder();
    const { poller, events } = rig({ pageSize: 1, watched: () => [open.id, held.id] });
    // The newest page (one order: `held`) and `open` by id.
    expect(await poller.pollNow()).toMatchObject({ baseline: true, raised: 0, requests: 2 });
    move(open.id, 'cancelled');
    move(held.id, 'paused');
    expect(await poller.pollNow()).toMatchObject({ raised: 2, requests: 2 });
    expect(events.map((e) => `${e.eventCode} ${e.subjectId}`).sort()).toEqual(
      [`order.cancelled ${open.id}`, `order.paused ${held.id}`].sort(),
    );
    expect(await poller.pollNow()).toMatchObject({ raised: 0 });
    // A change of items (the service has no call for it; the pharmacy's system changed the order).
    const other = await aPickedOrder();
    const { poller: p2, events: e2 } = rig({ pageSize: 1, watched: () => [other.id] });
    await p2.pollNow();
    h.clock.advance(1000);
    h.service.db.run('UPDATE order_items SET quantity = quantity + 1 WHERE order_id = ?', other.id);
    h.service.db.run('UPDATE orders SET updated_at = ? WHERE id = ?', h.clock.now.toISOString(), other.id);
    expect(await p2.pollNow()).toMatchObject({ raised: 1 });
    expect(e2.map((e) => e.eventCode)).toEqual(['order.items_changed']);
  });

  it('does nothing while nobody is signed in, and reports a service it cannot reach without throwing', async () => {
    expect(await rig({ client: () => null }).poller.pollNow()).toEqual({ state: 'signed_out' });
    const unreachable = createServiceClient(operations, {
      baseUrl: 'http://127.0.0.1:9',
      tokens: { accessToken: () => 'x', refreshToken: () => null, refresh: async () => {} },
      retry: { maxAttempts: 1 },
    });
    const result = await rig({ client: () => unreachable }).poller.pollNow();
    expect(result).toMatchObject({ state: 'failed', code: 'network' });
  });

  it('polls once more when asked during a poll, so a change made meanwhile is not missed', async () => {
    const { poller, events } = rig();
    await poller.pollNow();
    const during = poller.pollNow();
    const order = await createOrder();
    const again = poller.resume();
    await Promise.all([during, again]);
    expect(events.filter((e) => e.subjectId === order.id).map((e) => e.eventCode)).toEqual(['order.created']);
  });

  it('after a reset (another service) looks silently again', async () => {
    const { poller, events } = rig();
    await poller.pollNow();
    poller.reset();
    await createOrder();
    expect(await poller.pollNow()).toMatchObject({ baseline: true, raised: 0 });
    expect(events).toEqual([]);
  });
});

/**
 * A station-hour is sixty ticks, each waiting for its poll's reads, which land within milliseconds: checked every 2 ms
 * rather than expect.poll's 50, the two hours of a test take a fraction of a second instead of six.
 */
const POLL_READS = { interval: 2 };

describe('what the poller costs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('an idle station-hour is 60 service requests at most; each order open here adds one read a minute', async () => {
    // The poller's own timer, on an injected clock: an hour passes in sixty steps, each waiting for its poll's reads.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const watched: string[] = [];
    const { poller } = rig({ watched: () => watched });
    const requests = () => h.logged.filter((entry) => 'status' in entry && entry.method === 'GET').length;
    const hour = async (perPoll: number) => {
      const before = requests();
      for (let minute = 1; minute <= 60; minute++) {
        vi.advanceTimersByTime(60_000);
        await expect.poll(() => requests() - before, POLL_READS).toBe(minute * perPoll);
      }
      // Nothing more arrives once the hour's polls are done.
      await poller.pollNow();
      return requests() - before - perPoll;
    };
    const first = requests();
    poller.start();
    await expect.poll(() => requests() - first).toBe(1);
    await poller.pollNow();
    expect(await hour(1)).toBe(60);
    // An order older than the newest page, so it is read by id.
    const [older] = (await client.orders.list.page({ query: { page: 2, page_size: 100 } })).items;
    watched.push(older!.id);
    expect(await hour(2)).toBe(120);
    await poller.stop();
  });

  it('with the relay live, an idle station-hour costs 4 requests; an order open here is still read each minute', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let clock = Date.now();
    const watched: string[] = [];
    const { poller } = rig({ quiet: () => true, now: () => clock, watched: () => watched });
    const requests = () => h.logged.filter((entry) => 'status' in entry && entry.method === 'GET').length;
    const hour = async (expected: (minute: number) => number) => {
      const before = requests();
      let total = 0;
      for (let minute = 1; minute <= 60; minute++) {
        clock += 60_000;
        vi.advanceTimersByTime(60_000);
        total += expected(minute);
        // Exactly the minute's reads (a tick landing on a slow poll adds no page read: see the test below).
        await expect.poll(() => requests() - before, POLL_READS).toBe(total);
      }
      return requests() - before;
    };
    const first = requests();
    poller.start();
    await expect.poll(() => requests() - first).toBe(1);
    // The newest page every 15 minutes as a safety net; nothing else.
    expect(await hour((minute) => (minute % 15 === 0 ? 1 : 0))).toBe(4);
    const [older] = (await client.orders.list.page({ query: { page: 2, page_size: 100 } })).items;
    watched.push(older!.id);
    expect(await hour((minute) => (minute % 15 === 0 ? 2 : 1))).toBe(64);
    await poller.stop();
  });

  it('with the relay live, a minute’s tick that lands on a poll still running reads only the watched order after it', async () => {
    // The cause of a loaded CI run's 36 reads for 34: the follow-up of a tick that arrived during a slow poll was a full
    // poll (the newest page again), not the watched-only read the tick asked for.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let clock = Date.now();
    const [older] = (await client.orders.list.page({ query: { page: 2, page_size: 100 } })).items;
    const { poller } = rig({ quiet: () => true, now: () => clock, watched: () => [older!.id] });
    const requests = () => h.logged.filter((entry) => 'status' in entry && entry.method === 'GET').length;
    poller.start();
    await poller.pollNow();
    const before = requests();
    // Two quiet minutes' ticks back to back: the second lands while the first's read is on its way.
    clock += 60_000;
    vi.advanceTimersByTime(60_000);
    clock += 60_000;
    vi.advanceTimersByTime(60_000);
    // The follow-up has begun once a second read arrived; stopping then waits for the poll on its way to end.
    await expect.poll(() => requests() - before).toBeGreaterThanOrEqual(2);
    await poller.stop();
    expect(requests() - before, 'one read of the watched order a tick, no page').toBe(2);
  });
});
