// A station's open run over HTTP: the simulation never moves an order a station says is open in a run there, however
// far it steps; closed (or never opened), the order moves as before. Any signed-in role may say it (a technician's
// station does); an unknown order is a 404, a bad body a 400, never a 5xx.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/service/orders.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  expect((await h.api('POST', '/api/v1/training/reset', { body: { seed: 7, orders: 60 } })).status).toBe(200);
  expect((await h.api('PUT', '/api/v1/training/simulation', { body: { stuck_probability: 0 } })).status).toBe(200);
});
afterAll(async () => {
  await h?.close();
});

const statusOf = async (id: string) => (await h.api('GET', `/api/v1/orders/${id}`)).body.status as string;
const step = async (minutes: number) =>
  expect((await h.api('POST', '/api/v1/training/simulation/step', { body: { minutes } })).status).toBe(200);
const openRun = (id: string, open: boolean, as: 'technician' | 'admin' = 'technician') =>
  h.api('PUT', `/api/v1/training/open-runs/${id}`, { body: { open }, as });

describe('an order open in a run at a station', () => {
  it('is not moved by the simulation while open; once closed it moves again', async () => {
    const picked = (await h.api<Order[]>('GET', '/api/v1/orders?status=picked&page_size=50')).body;
    expect(picked.length).toBeGreaterThanOrEqual(2);
    const [held, free] = picked as [Order, Order, ...Order[]];
    const opened = await openRun(held.id, true);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ order_id: held.id, open: true, open_until: expect.any(String) });
    await step(3 * 24 * 60);
    expect(await statusOf(held.id)).toBe('picked');
    expect(await statusOf(free.id)).not.toBe('picked');
    // Said again, the hold is renewed, not doubled; closed, the order moves.
    expect((await openRun(held.id, true)).status).toBe(200);
    expect((await openRun(held.id, false)).body).toMatchObject({ open: false, open_until: null });
    await step(3 * 24 * 60);
    expect(await statusOf(held.id)).not.toBe('picked');
  });

  it('a clear 4xx for an unknown order, a bad body or no sign-in', async () => {
    expect((await openRun('00000000-0000-4000-8000-000000000000', true)).status).toBe(404);
    const [order] = (await h.api<Order[]>('GET', '/api/v1/orders?page_size=1')).body as [Order];
    for (const body of [{}, { open: 'yes' }, { open: true, extra: 1 }, null]) {
      const res = await h.api('PUT', `/api/v1/training/open-runs/${order.id}`, { body, as: 'technician' });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const anonymous = await h.api('PUT', `/api/v1/training/open-runs/${order.id}`, { body: { open: true }, as: null });
    expect(anonymous.status).toBe(401);
  });
});
