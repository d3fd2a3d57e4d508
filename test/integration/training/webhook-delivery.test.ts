// Webhook delivery over real HTTP to real receivers: after the request, retried with growing waits, signed, cut off, given up.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryLogEntry } from '../../../contract/service/notification-deliveries.ts';
import { DELIVERY_TIMEOUT_MS, MAX_ATTEMPTS, RETRY_BASE_MS } from '../../../training/delivery/schedule.ts';
import type { Harness } from './harness.ts';
import {
  type Answerer,
  orderMaker,
  type Received,
  type Receiver,
  startReceiver,
  startServiceWith,
} from './notifications-support.ts';

/** Read by the service on every scheduled wait, so one test can run the schedule faster than the others. */
let scale = 100;
const TIMEOUT_MS = 1_000;
let h: Harness;
let createOrder: Awaited<ReturnType<typeof orderMaker>>;
const receivers: Receiver[] = [];

beforeAll(async () => {
  h = await startServiceWith({ deliveryTimeScale: () => scale, deliveryTimeoutMs: TIMEOUT_MS });
  createOrder = await orderMaker(h);
});
// Each test's receivers hear only that test's events.
afterEach(() => {
  h.service.db.run('UPDATE webhook_subscriptions SET is_active = 0');
  scale = 100;
});
afterAll(async () => {
  await h.close();
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(answer: Answerer): Promise<Receiver> {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}

async function subscribe(url: string, event_codes: string[] = ['all']) {
  const res = await h.api('POST', '/api/v1/notifications/webhooks', { body: { url, event_codes } });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

/** One entry of the training service's delivery log, with its attempts (the log is the training service's own). */
type LogEntry = DeliveryLogEntry & { history: { status_code: number | null }[] };

/** The delivery log entries for one URL, newest first. */
async function logFor(url: string) {
  const res = await h.api<LogEntry[]>('GET', '/api/v1/notifications/deliveries?page_size=200');
  expect(res.status).toBe(200);
  return res.body.filter((entry) => entry.url === url);
}

async function settled(url: string, status: string) {
  let entries: LogEntry[] = [];
  const until = performance.now() + 5_000;
  while (performance.now() < until) {
    entries = await logFor(url);
    if (entries.length > 0 && entries.every((e) => e.status === status)) return entries;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`deliveries to ${url} did not become ${status}: ${JSON.stringify(entries)}`);
}

describe('a webhook receiver that fails twice and then answers 200', () => {
  it('gets the event three times, with a longer wait before each retry, and the log shows the three attempts', async () => {
    const r = await receiver((n) => (n < 2 ? 503 : 200));
    await subscribe(r.url);
    const order = await createOrder();
    const [a, b, c] = (await r.waitFor(3)).map((x) => x.at) as [number, number, number];
    const firstWait = b - a;
    const secondWait = c - b;
    // The documented schedule, divided by the time scale: the first wait is at least 15 s, the second at least 30 s.
    // A timer never fires early, so the floors hold on any machine; the ceilings (30 s, 60 s) are the schedule's,
    // checked without a clock in test/unit/training/delivery-schedule.test.ts (a busy machine only makes waits longer).
    expect(firstWait).toBeGreaterThanOrEqual(RETRY_BASE_MS / 2 / scale - 5);
    expect(secondWait).toBeGreaterThanOrEqual(RETRY_BASE_MS / scale - 5);

    for (const got of r.received) {
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers.authorization).toBeUndefined(); // no secret generated yet: unsigned
      expect(got.body).toEqual({
        event_code: 'order.created',
        data: expect.objectContaining({
          id: order.id,
          url: `https://dashboard.training.invalid/orders/${order.id}`,
          order_number: order.order_number,
          first_name: 'Avery',
          last_name: 'Example',
          status_code: 'N01',
          status_name: 'Received',
        }),
      });
    }
    const entry = (await settled(r.url, 'delivered'))[0]!;
    expect(entry).toMatchObject({
      event_code: 'order.created',
      status: 'delivered',
      attempts: 3,
      last_status_code: 200,
      last_error: null,
      next_attempt_at: null,
    });
    expect(entry.delivered_at).toEqual(expect.any(String));
    expect(entry.history.map((attempt) => attempt.status_code)).toEqual([503, 503, 200]);
    expect(r.received.map((x) => x.headers['x-delivery-id'])).toEqual([entry.id, entry.id, entry.id]);
  });
});

describe('the delivery log while a receiver keeps failing', () => {
  it('shows the delivery pending with its attempts, the last status and the next try', async () => {
    const r = await receiver(() => 500);
    await subscribe(r.url);
    scale = 1; // the next try is 15-30 s away: long enough to read the log in between
    await createOrder();
    const entry = await logUntil(r.url, (e) => e.attempts === 1);
    expect(entry).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'HTTP 500' });
    const wait = Date.parse(entry.next_attempt_at!) - h.clock.now.getTime();
    expect(wait).toBeGreaterThanOrEqual(RETRY_BASE_MS / 2);
    expect(wait).toBeLessThanOrEqual(RETRY_BASE_MS);
  });
});

describe('a receiver that never answers', () => {
  it('is cut off at the time limit, and the delivery is tried again', async () => {
    expect(DELIVERY_TIMEOUT_MS).toBe(10_000); // the default; this service was given a shorter one
    const r = await receiver((n) => (n === 0 ? 'hang' : 200));
    await subscribe(r.url, ['order.created']);
    await createOrder();
    const [first, second] = (await r.waitFor(2)) as [Received, Received];
    expect(second.at - first.at).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(first.cutOff).toBe(true);
    const entry = (await settled(r.url, 'delivered'))[0]!;
    expect(entry.attempts).toBe(2);
    expect(entry.history[0]).toMatchObject({ attempt: 1, status_code: null, error: 'no answer within 1 s' });
  });
});

describe('delivery happens after the request', () => {
  it('answers the order create while the receiver still holds the delivery unanswered', async () => {
    const r = await receiver(() => 'hang');
    await subscribe(r.url, ['order.created']);
    const order = await createOrder();
    await r.waitFor(1);
    const entry = (await logFor(r.url))[0]!;
    // Had the request delivered the event itself, it could not have answered before the receiver did or timed out:
    // the receiver has not answered, and no attempt has ended.
    expect(entry).toMatchObject({ status: 'pending', attempts: 0 });
    expect(r.received[0]!.body!.data.id).toBe(order.id);
    r.release(200);
    await settled(r.url, 'delivered');
  });
});

describe('the webhook secret', () => {
  it('lets a receiver tell a wrong secret, and after a rotation only the new secret is sent', async () => {
    let expected = '';
    // The receiver compares the bearer header with the secret it was given: wrong or missing is a 401.
    const r = await receiver((_n, got) => (got.headers.authorization === `Bearer ${expected}` ? 200 : 401));
    await subscribe(r.url, ['order.created']);
    const first = await h.api('POST', '/api/v1/notifications/webhook-secret');
    expect(first.status).toBe(201);
    expected = first.body.webhook_secret;
    await createOrder();
    await settled(r.url, 'delivered');
    expect(r.received[0]?.headers.authorization).toBe(`Bearer ${first.body.webhook_secret}`);

    const second = await h.api('POST', '/api/v1/notifications/webhook-secret');
    expect(second.body.webhook_secret).not.toBe(first.body.webhook_secret);
    await createOrder();
    // The receiver still expects the old secret, sees another one, and refuses: it can tell.
    const refused = await logUntil(r.url, (e) => e.last_status_code === 401);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r.received[1]?.headers.authorization).toBe(`Bearer ${second.body.webhook_secret}`);
    // Told the new secret, the receiver accepts the retry.
    expected = second.body.webhook_secret;
    const entries = await settled(r.url, 'delivered');
    expect(entries[0]!.history.map((a) => a.status_code)).toEqual([401, 200]);
    expect(
      r.received.slice(1).every((got) => got.headers.authorization === `Bearer ${second.body.webhook_secret}`),
    ).toBe(true);
  });
});

async function logUntil(url: string, check: (entry: LogEntry) => boolean) {
  const until = performance.now() + 5_000;
  while (performance.now() < until) {
    const found = (await logFor(url)).find(check);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no such delivery in the log');
}

describe('a receiver that always fails', () => {
  it(`is given up on after ${MAX_ATTEMPTS} attempts and the delivery is marked failed`, async () => {
    scale = 20_000; // the whole schedule (about an hour) in under half a second
    const r = await receiver(() => 500);
    await subscribe(r.url, ['order.created']);
    await createOrder();
    await r.waitFor(MAX_ATTEMPTS);
    const entry = (await settled(r.url, 'failed'))[0]!;
    expect(entry).toMatchObject({ attempts: MAX_ATTEMPTS, last_status_code: 500, next_attempt_at: null });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(r.received).toHaveLength(MAX_ATTEMPTS);
  });
});
