// The orders report: totals, statuses and products for a date range, only the parts asked for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../training/demo/generator.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.service.db.transaction(() => seedDemoData(h.service.db, { seed: 5, orders: 80, now: h.clock.now }));
});
afterAll(() => h.close());

const count = (sql: string, ...args: string[]) => (h.service.db.get<{ n: number }>(sql, ...args) as { n: number }).n;

describe('the orders report', () => {
  it('counts every order, by status in lifecycle order, and by product per kind', async () => {
    const res = await h.api('GET', '/api/v1/reports/orders', { as: 'technician' });
    expect(res.status).toBe(200);
    expect(res.body.total_orders).toBe(count('SELECT count(*) n FROM orders'));
    const statuses = res.body.orders_by_status as { status: string; count: number }[];
    expect(statuses.slice(0, 3).map((s) => s.status)).toEqual(['received', 'data_entry', 'picked']);
    expect(statuses.reduce((sum, s) => sum + s.count, 0)).toBe(res.body.total_orders);
    const delivered = statuses.find((s) => s.status === 'delivered');
    expect(delivered?.count).toBe(count("SELECT count(*) n FROM orders WHERE status = 'delivered'"));
    const [top] = res.body.orders_by_product.prescription;
    expect(top.count).toBe(count('SELECT count(*) n FROM order_items WHERE product_id = ?', top.id));
    expect(res.body.orders_by_product.order_material.length).toBeGreaterThan(0);
  });

  it('answers only the parts that include names', async () => {
    const res = await h.api('GET', '/api/v1/reports/orders?include=count');
    expect(Object.keys(res.body).sort()).toEqual(['date_range', 'total_orders']);
    const two = await h.api('GET', '/api/v1/reports/orders?include=status,products');
    expect(two.body.total_orders).toBeUndefined();
    expect(two.body.orders_by_status).toBeDefined();
  });

  it('keeps to the date range, both ends inclusive', async () => {
    const day = (
      h.service.db.get<{ d: string }>('SELECT substr(min(created_at), 1, 10) d FROM orders') as { d: string }
    ).d;
    const res = await h.api('GET', `/api/v1/reports/orders?start_date=${day}&end_date=${day}&include=count`);
    expect(res.body.total_orders).toBe(count('SELECT count(*) n FROM orders WHERE substr(created_at, 1, 10) = ?', day));
    expect(res.body.date_range).toBe(`${day} to ${day}`);
    const future = await h.api('GET', '/api/v1/reports/orders?start_date=2999-01-01&end_date=2999-01-02');
    expect(future.body.total_orders).toBe(0);
  });

  it('refuses an unknown include, a malformed date and a range that ends before it starts', async () => {
    for (const query of ['include=colour', 'start_date=2026-13-40', 'start_date=2026-05-02&end_date=2026-05-01']) {
      const res = await h.api('GET', `/api/v1/reports/orders?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
    }
  });
});
