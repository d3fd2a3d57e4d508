// The orders report: a checked date range and include list, and a tolerant report answer.
import { describe, expect, it } from 'vitest';
import { ordersReportQuery, reportsOperations } from '../../../contract/service/reports.ts';

describe('the orders report parameters', () => {
  it('are all optional', () => {
    expect(ordersReportQuery.parse({})).toEqual({});
  });

  it('split include into checked items, without repeats', () => {
    const query = ordersReportQuery.parse({
      start_date: '2025-03-01',
      end_date: '2025-03-31',
      include: 'status, count,status',
    });
    expect(query.include).toEqual(['status', 'count']);
  });

  it.each([
    ['an unknown include item', { include: 'status,revenue' }],
    ['an empty include', { include: ',' }],
    ['a start after the end', { start_date: '2025-04-01', end_date: '2025-03-01' }],
    ['a date in another format', { start_date: '03/01/2025' }],
    ['an unknown parameter', { customer_id: 'c-1' }],
    ['a huge include', { include: 'status,'.repeat(1000) }],
  ])('refuse %s', (_label, query) => {
    expect(ordersReportQuery.safeParse(query).success).toBe(false);
  });
});

describe('the orders report answer', () => {
  const report = {
    date_range: '2025-03-01 to 2025-03-31',
    total_orders: 42,
    orders_by_status: [
      { status: 'Received', count: 10 },
      { status: 'Data Entry', count: 2 },
      { status: 'shipped', count: 30 },
    ],
    orders_by_product: {
      prescription: [{ name: 'Example 10 mg tablets', id: 'rx-1', count: 12 }],
      non_prescription: [],
      order_material: [{ name: 'Insulated mailer', id: 'om-1', count: 5, unit: 'each' }],
    },
    generated_at: '2025-04-01T00:00:00.000001',
  };

  it('is accepted with statuses of both generations, normalised to snake_case', () => {
    const parsed = reportsOperations.orders.response.parse(report);
    expect(parsed.orders_by_status?.map((s) => s.status)).toEqual(['received', 'data_entry', 'shipped']);
    expect(parsed.generated_at).toBe('2025-04-01T00:00:00.000001');
  });

  it('is accepted when only the parts asked for are present', () => {
    expect(reportsOperations.orders.response.safeParse({ total_orders: 0 }).success).toBe(true);
  });

  it('every report operation accepts a realistic answer', () => {
    for (const op of Object.values(reportsOperations)) expect(op.response.safeParse(report).success).toBe(true);
  });
});
