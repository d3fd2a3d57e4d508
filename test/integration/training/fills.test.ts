// A fill, as the training service counts it: when an order is verified, each of its prescriptions has one fill fewer
// remaining, read over HTTP; shipping it takes no second fill, and a prescription with none left stays at zero.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '../../../contract/service/orders.ts';
import { transitionOrder } from '../../../training/domains/orders/lifecycle.ts';
import { seedDemoData } from '../../../training/index.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.service.db.transaction(() => seedDemoData(h.service.db, { seed: 11, orders: 12, now: h.clock.now }));
});
afterAll(() => h.close());

const move = (orderId: string, ...steps: OrderStatus[]) =>
  h.service.db.transaction(() => {
    for (const to of steps) transitionOrder(h.service.db, orderId, to, { now: h.clock.now, userId: null });
  });

async function prescriptionsOf(order: Pick<Order, 'electronic_prescription_ids'>) {
  const all: { id: string; fills_remaining: number }[] = [];
  for (const id of order.electronic_prescription_ids ?? []) {
    const erx = await h.api('GET', `/api/v1/prescriptions/electronic_prescriptions/${id}`);
    expect(erx.status).toBe(200);
    for (const rx of erx.body.prescriptions) {
      const one = await h.api('GET', `/api/v1/prescriptions/${rx.id}`);
      all.push({ id: rx.id, fills_remaining: one.body.fills_remaining });
    }
  }
  return all;
}

describe('fills remaining', () => {
  it('goes down by one for each prescription of an order when it is verified, and not again when it ships', async () => {
    const picked = (await h.api<Order[]>('GET', '/api/v1/orders?status=picked&page_size=50')).body;
    const before = await (async () => {
      for (const order of picked) {
        const rxs = await prescriptionsOf(order);
        if (rxs.length > 0 && rxs.every((rx) => rx.fills_remaining > 0)) return { order, rxs };
      }
      throw new Error('the demo data has no picked order with fills remaining');
    })();
    move(before.order.id, 'verified');
    const after = await prescriptionsOf(before.order);
    expect(after).toEqual(before.rxs.map((rx) => ({ id: rx.id, fills_remaining: rx.fills_remaining - 1 })));
    move(before.order.id, 'shipped');
    expect(await prescriptionsOf(before.order)).toEqual(after);
  });

  it('never goes below zero', async () => {
    const picked = (await h.api<Order[]>('GET', '/api/v1/orders?status=picked,data_entry&page_size=50')).body;
    const order = picked.find((o) => (o.electronic_prescription_ids ?? []).length > 0)!;
    const rxs = await prescriptionsOf(order);
    for (const rx of rxs) {
      const row = h.service.db.get<{ doc: string }>('SELECT doc FROM prescriptions WHERE id = ?', rx.id);
      const doc = { ...JSON.parse(row?.doc ?? '{}'), fills_remaining: 0 };
      h.service.db.run('UPDATE prescriptions SET doc = ? WHERE id = ?', JSON.stringify(doc), rx.id);
    }
    move(order.id, ...((order.status === 'picked' ? ['verified'] : ['picked', 'verified']) as OrderStatus[]));
    expect((await prescriptionsOf(order)).map((rx) => rx.fills_remaining)).toEqual(rxs.map(() => 0));
  });
});
