// Deliveries survive a restart: a file database closed mid-delivery starts again and the pending delivery goes out.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryLogEntry } from '../../../contract/service/notification-deliveries.ts';
import { orderMaker, type Receiver, startReceiver, startServiceWith } from './notifications-support.ts';

let dir: string;
let r: Receiver;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'training-restart-'));
  r = await startReceiver(() => 'hang');
});
afterAll(async () => {
  await r.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a service restart', () => {
  it('closes at once while a receiver holds a delivery, and sends the pending delivery when it starts again', async () => {
    const db = join(dir, 'training.db');
    // The real 10 s time limit: closing must not wait for it.
    const first = await startServiceWith({ db, deliveryTimeScale: 100 });
    const createOrder = await orderMaker(first);
    const subscribed = await first.api('POST', '/api/v1/notifications/webhooks', {
      body: { url: r.url, event_codes: ['order.created'] },
    });
    expect(subscribed.status).toBe(201);
    const order = await createOrder();
    await r.waitFor(1);

    // Closing does not wait for the time limit: had it waited, the attempt would have ended by timeout and counted
    // (the restart below finds one attempt only).
    await first.close();
    await expect.poll(() => r.received[0]?.cutOff, { timeout: 10_000 }).toBe(true); // the worker hung up: no request left open

    r.answer = () => 200;
    const second = await startServiceWith({ db, deliveryTimeScale: 100 });
    try {
      const [, again] = await r.waitFor(2);
      expect(again?.body).toEqual({ event_code: 'order.created', data: expect.objectContaining({ id: order.id }) });
      expect(again?.headers['x-delivery-id']).toBe(r.received[0]?.headers['x-delivery-id']);
      let entry: DeliveryLogEntry | undefined;
      for (let i = 0; i < 100 && entry?.status !== 'delivered'; i++) {
        entry = (await second.api<DeliveryLogEntry[]>('GET', '/api/v1/notifications/deliveries')).body[0];
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The attempt cut short by the shutdown does not count against the receiver.
      expect(entry).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200 });
    } finally {
      await second.close();
    }
  });
});
