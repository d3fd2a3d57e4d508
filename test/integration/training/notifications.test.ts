// The notifications operations over real HTTP: events, webhook subscriptions, the secret, samples, the log, which events go where.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryLogEntry } from '../../../contract/service/notification-deliveries.ts';
import type { NotificationEvent, NotificationSubscription } from '../../../contract/service/notifications.ts';
import { transitionOrder } from '../../../training/domains/orders/index.ts';
import type { Harness } from './harness.ts';
import { orderMaker, type Receiver, startReceiver, startServiceWith } from './notifications-support.ts';

let h: Harness;
let createOrder: Awaited<ReturnType<typeof orderMaker>>;
const receivers: Receiver[] = [];
beforeAll(async () => {
  h = await startServiceWith({ deliveryTimeScale: 1_000, deliveryTimeoutMs: 1_000 });
  createOrder = await orderMaker(h);
});
afterAll(async () => {
  await h.close();
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver(() => 200);
  receivers.push(r);
  return r;
}

const subscribe = (url: string, event_codes: string[], as: 'admin' | 'technician' = 'admin') =>
  h.api('POST', '/api/v1/notifications/webhooks', { body: { url, event_codes }, as });

// Hosts no test reaches: subscribed only to an event this file never emits.
const NEVER = ['prescription.cancelled'];

describe('the events list', () => {
  it('names the five events with a name and a description each', async () => {
    const res = await h.api<NotificationEvent[]>('GET', '/api/v1/notifications/events', { as: 'technician' });
    expect(res.status).toBe(200);
    expect(res.body.map((e) => e.event_code)).toEqual([
      'order.created',
      'order.shipped',
      'order.delivered',
      'order.stuck',
      'prescription.cancelled',
    ]);
    for (const event of res.body) {
      expect(event.name).toEqual(expect.any(String));
      expect(event.description!.length).toBeGreaterThan(10);
    }
  });

  it('is refused without a token', async () => {
    expect((await h.api('GET', '/api/v1/notifications/events', { as: null })).status).toBe(401);
  });
});

describe('webhook subscriptions', () => {
  it('are created for all events or for named ones, by an admin', async () => {
    const all = await subscribe('https://hooks.example.test/all', ['all']);
    expect(all.status).toBe(201);
    expect(all.body).toMatchObject({ url: 'https://hooks.example.test/all', event_codes: ['all'], is_active: true });
    expect(all.body.id).toMatch(/^[0-9a-f-]{36}$/);
    // Retired at once: nothing in this file may try to reach that host.
    h.service.db.run('UPDATE webhook_subscriptions SET is_active = 0 WHERE id = ?', all.body.id);
    const named = await subscribe('https://hooks.example.test/two', ['order.stuck', ...NEVER]);
    expect(named.status).toBe(201);
    expect(named.body.event_codes).toEqual(['order.stuck', 'prescription.cancelled']);
    h.service.db.run('UPDATE webhook_subscriptions SET is_active = 0 WHERE id = ?', named.body.id);
  });

  it('require https, except plain http on the loopback address', async () => {
    for (const url of ['http://hooks.example.test/x', 'http://192.168.1.10/x', 'ftp://hooks.example.test/']) {
      const res = await subscribe(url, NEVER);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/https/);
    }
    expect((await subscribe('http://127.0.0.1:9/loopback', NEVER)).status).toBe(201);
    expect((await subscribe('http://localhost:9/loopback', NEVER)).status).toBe(201);
  });

  it('refuse `all` beside other codes, unknown codes, an empty list and unknown fields', async () => {
    for (const event_codes of [['all', 'order.created'], ['order.exploded'], []]) {
      expect((await subscribe('https://hooks.example.test/bad', event_codes)).status).toBe(400);
    }
    const extra = await h.api('POST', '/api/v1/notifications/webhooks', {
      body: { url: 'https://hooks.example.test/bad', event_codes: NEVER, secret: 'x' },
    });
    expect(extra.status).toBe(400);
  });

  it('refuse a second subscription of the same URL, naming the first', async () => {
    const first = await subscribe('https://hooks.example.test/twice', NEVER);
    const again = await subscribe('https://hooks.example.test/twice', ['order.created']);
    expect(again.status).toBe(409);
    expect(again.body.details.existing_webhook_id).toBe(first.body.id);
  });

  it('are listed a page at a time', async () => {
    const res = await h.api('GET', '/api/v1/notifications/webhooks?page_size=2');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(5);
    expect(res.body[0].url).toBe('https://hooks.example.test/all');
  });

  it('change their URL, their codes or both', async () => {
    const made = await subscribe('https://hooks.example.test/before', NEVER);
    const path = `/api/v1/notifications/webhooks/${made.body.id}`;
    const renamed = await h.api('PUT', path, { body: { url: 'https://hooks.example.test/after' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ url: 'https://hooks.example.test/after', event_codes: NEVER });
    const recoded = await h.api('PUT', path, { body: { event_codes: ['all'] } });
    expect(recoded.body).toMatchObject({ url: 'https://hooks.example.test/after', event_codes: ['all'] });
    const both = await h.api('PUT', path, { body: { url: 'https://hooks.example.test/both', event_codes: NEVER } });
    expect(both.body).toMatchObject({ url: 'https://hooks.example.test/both', event_codes: NEVER });
  });

  it('answer 404 for an unknown subscription, 400 for an empty change or an id that is no UUID, 409 for a taken URL', async () => {
    const unknown = await h.api('PUT', '/api/v1/notifications/webhooks/6f1c1d56-0000-4000-8000-000000000000', {
      body: { event_codes: ['all'] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/webhook subscription/);
    const made = await subscribe('https://hooks.example.test/mine', NEVER);
    const path = `/api/v1/notifications/webhooks/${made.body.id}`;
    expect((await h.api('PUT', path, { body: {} })).status).toBe(400);
    expect((await h.api('PUT', '/api/v1/notifications/webhooks/42', { body: { event_codes: NEVER } })).status).toBe(
      400,
    );
    const taken = await h.api('PUT', path, { body: { url: 'https://hooks.example.test/twice' } });
    expect(taken.status).toBe(409);
  });
});

describe('which receiver gets which event', () => {
  it('sends order.shipped to a receiver subscribed to it alone, but not order.created; one delivery per subscription', async () => {
    const shippedOnly = await receiver();
    const everything = await receiver();
    expect((await subscribe(shippedOnly.url, ['order.shipped'])).status).toBe(201);
    expect((await subscribe(everything.url, ['all'])).status).toBe(201);
    const order = await createOrder();
    await everything.waitFor(1);
    h.service.db.transaction(() => {
      for (const to of ['data_entry', 'picked', 'verified', 'shipped'] as const) {
        transitionOrder(h.service.db, order.id, to, { now: h.clock.now, userId: null });
      }
    });
    await everything.waitFor(2);
    await shippedOnly.waitFor(1);
    expect(everything.received.map((r) => r.body!.event_code)).toEqual(['order.created', 'order.shipped']);
    expect(shippedOnly.received.map((r) => r.body!.event_code)).toEqual(['order.shipped']);
    expect(shippedOnly.received[0]!.body!.data).toMatchObject({
      id: order.id,
      status_code: 'S01',
      status_name: 'Shipped',
    });
    const log = await h.api<DeliveryLogEntry[]>('GET', '/api/v1/notifications/deliveries?event_code=order.shipped');
    const shipped = log.body.filter((e) => e.event_id === log.body[0]!.event_id);
    expect(shipped.map((e) => e.url).sort()).toEqual([everything.url, shippedOnly.url].sort());
  });

  it('queues nothing for a refused order: no event without its write', async () => {
    const before = (await h.api('GET', '/api/v1/notifications/deliveries')).headers.get('x-total-count');
    const refused = await h.api('POST', '/api/v1/orders', {
      body: { patient_id: '6f1c1d56-0000-4000-8000-000000000000', products: { prescription: [] } },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const after = (await h.api('GET', '/api/v1/notifications/deliveries')).headers.get('x-total-count');
    expect(after).toBe(before);
  });
});

describe('the webhook secret', () => {
  it('is generated with 201, and generating again gives a new one', async () => {
    const first = await h.api('POST', '/api/v1/notifications/webhook-secret');
    expect(first.status).toBe(201);
    expect(first.body.webhook_secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(first.body.created_at).toBe(h.clock.now.toISOString());
    const second = await h.api('POST', '/api/v1/notifications/webhook-secret', { as: 'technician' });
    expect(second.body.webhook_secret).not.toBe(first.body.webhook_secret);
  });
});

describe('samples', () => {
  it('preview the payload of each event without sending anything', async () => {
    const before = (await h.api('GET', '/api/v1/notifications/deliveries')).headers.get('x-total-count');
    for (const code of ['order.created', 'order.shipped', 'order.delivered', 'order.stuck', 'prescription.cancelled']) {
      const res = await h.api('GET', `/api/v1/notifications/sample/${code}`);
      expect(res.status).toBe(200);
      expect(res.body.event_code).toBe(code);
      expect(res.body.payload_preview).toMatchObject({
        event_code: code,
        data: { id: expect.any(String), url: expect.stringMatching(/^https:\/\//), is_sample: true },
      });
    }
    const order = (await h.api('GET', '/api/v1/notifications/sample/order.shipped')).body.payload_preview.data;
    expect(order).toMatchObject({ order_number: '1000001', first_name: 'Avery', status_code: 'S01' });
    expect((await h.api('GET', '/api/v1/notifications/deliveries')).headers.get('x-total-count')).toBe(before);
  });

  it('preview nothing for `all` or an unknown event', async () => {
    expect((await h.api('GET', '/api/v1/notifications/sample/all')).status).toBe(400);
    expect((await h.api('GET', '/api/v1/notifications/sample/order.exploded')).status).toBe(400);
  });

  it('are sent to a given URL at once, signed with the current secret, and answer what was sent', async () => {
    const r = await receiver();
    const secret = (await h.api('POST', '/api/v1/notifications/webhook-secret')).body.webhook_secret;
    const res = await h.api('POST', '/api/v1/notifications/sample', {
      body: { event_code: 'order.delivered', webhook_url: r.url },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ event_code: 'order.delivered', webhook_url: r.url, message: expect.any(String) });
    const [got] = await r.waitFor(1);
    expect(got?.body).toEqual(res.body.payload_preview);
    expect(got?.headers.authorization).toBe(`Bearer ${secret}`);
    const log = await h.api('GET', '/api/v1/notifications/deliveries?event_code=order.delivered');
    expect(log.body[0]).toMatchObject({ kind: 'sample', url: r.url });
  });

  it('are refused for a plain-http URL off this machine, or for `all`', async () => {
    const offHost = await h.api('POST', '/api/v1/notifications/sample', {
      body: { event_code: 'order.created', webhook_url: 'http://hooks.example.test/x' },
    });
    expect(offHost.status).toBe(400);
    const all = await h.api('POST', '/api/v1/notifications/sample', {
      body: { event_code: 'all', webhook_url: 'https://hooks.example.test/x' },
    });
    expect(all.status).toBe(400);
  });
});

describe('the delivery log', () => {
  it('lists deliveries newest first, a page at a time, filtered by event code and status', async () => {
    const page = await h.api('GET', '/api/v1/notifications/deliveries?page_size=1', { as: 'technician' });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(1);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThan(2);
    const all = (await h.api<DeliveryLogEntry[]>('GET', '/api/v1/notifications/deliveries')).body;
    const times = all.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const created = (
      await h.api<DeliveryLogEntry[]>('GET', '/api/v1/notifications/deliveries?event_code=order.created')
    ).body;
    expect(created.length).toBeGreaterThan(0);
    expect(created.every((e) => e.event_code === 'order.created')).toBe(true);
    for (const e of created) {
      expect(Object.keys(e)).toEqual(
        expect.arrayContaining([
          'id',
          'url',
          'status',
          'attempts',
          'last_status_code',
          'last_error',
          'next_attempt_at',
        ]),
      );
    }
    const delivered = (await h.api<DeliveryLogEntry[]>('GET', '/api/v1/notifications/deliveries?status=delivered'))
      .body;
    expect(delivered.every((e) => e.status === 'delivered')).toBe(true);
  });

  it('refuses an unknown status filter', async () => {
    const res = await h.api('GET', '/api/v1/notifications/deliveries?status=lost');
    expect(res.status).toBe(400);
  });
});

describe('the deprecated subscriptions listing', () => {
  it('shows every webhook subscription with its events, and my email subscription', async () => {
    const mine = await h.api('PUT', '/api/v1/notifications/email', {
      body: { event_codes: ['order.stuck'] },
      as: 'pharmacist',
    });
    expect(mine.status).toBe(200);
    const res = await h.api<NotificationSubscription[]>('GET', '/api/v1/notifications?page_size=200', {
      as: 'pharmacist',
    });
    expect(res.status).toBe(200);
    const hooks = res.body.filter((s) => s.type === 'webhook');
    expect(hooks.length).toBeGreaterThan(3);
    const all = hooks.find((s) => s.url === 'https://hooks.example.test/all');
    expect(all!.subscriptions).toHaveLength(5);
    const email = res.body.filter((s) => s.type === 'email');
    expect(email).toEqual([expect.objectContaining({ is_active: true, email: 'pharmacist@training.local' })]);
    expect(email[0]!.subscriptions!.map((e) => (typeof e === 'string' ? undefined : e.event_code))).toEqual([
      'order.stuck',
    ]);
    const admins = await h.api<NotificationSubscription[]>('GET', '/api/v1/notifications?page_size=200');
    expect(admins.body.filter((s) => s.type === 'email')).toEqual([]);
  });
});
