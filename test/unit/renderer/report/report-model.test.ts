// The report as shown: statuses named for people, products busiest first by kind, parts left out stay out.
import { describe, expect, it } from 'vitest';
import {
  CHART_PRODUCTS,
  isEmptyReport,
  reportView,
  statusLabel,
  statusSum,
  topProducts,
} from '../../../../renderer/screens/report/report-model.ts';
import { describeAnsweredRange, describeRange } from '../../../../renderer/screens/report/report-range.ts';

describe('statusLabel', () => {
  it('names the lifecycle statuses as the station does elsewhere', () => {
    expect(statusLabel('data_entry')).toBe('Data Entry');
    expect(statusLabel('received')).toBe('Received');
  });

  it('spells out a status it does not know rather than hiding it', () => {
    expect(statusLabel('on_hold_pharmacist')).toBe('On hold pharmacist');
  });
});

describe('reportView', () => {
  it('keeps every status with its count, and sorts each kind busiest first', () => {
    const view = reportView({
      total_orders: 9,
      orders_by_status: [
        { status: 'received', count: 4 },
        { status: 'shipped', count: 5 },
      ],
      orders_by_product: {
        prescription: [
          { id: 'a', name: 'Zolpidem', count: 1 },
          { id: 'b', name: 'Amoxicillin', count: 6 },
        ],
        non_prescription: null,
      },
    });
    expect(view.totalOrders).toBe(9);
    expect(view.statuses?.map((s) => [s.label, s.count])).toEqual([
      ['Received', 4],
      ['Shipped', 5],
    ]);
    expect(statusSum(view.statuses ?? [])).toBe(9);
    expect(view.products?.map((g) => g.kind)).toEqual(['prescription', 'non_prescription', 'order_material']);
    expect(view.products?.[0]?.rows.map((r) => r.name)).toEqual(['Amoxicillin', 'Zolpidem']);
    expect(view.products?.[1]?.rows).toEqual([]);
  });

  it('leaves a part the report was run without as nothing, not as zero', () => {
    const view = reportView({ date_range: 'x', orders_by_status: [{ status: 'received', count: 1 }] });
    expect(view.totalOrders).toBeNull();
    expect(view.products).toBeNull();
  });

  it('charts the ten busiest products of a kind', () => {
    const rows = Array.from({ length: 14 }, (_, i) => ({ id: `p${i}`, name: `Product ${i}`, count: 100 - i }));
    const view = reportView({ orders_by_product: { prescription: rows } });
    const group = view.products?.[0];
    expect(group && topProducts(group).map((r) => r.id)).toEqual(rows.slice(0, CHART_PRODUCTS).map((r) => r.id));
  });

  it('calls a range with no orders empty, and one with orders not', () => {
    expect(isEmptyReport(reportView({ total_orders: 0, orders_by_status: [{ status: 'received', count: 0 }] }))).toBe(
      true,
    );
    expect(isEmptyReport(reportView({ total_orders: 1 }))).toBe(false);
  });

  it('names each status as the service does: status_name (N01 Received), else status, else the code', () => {
    const view = reportView({
      date_range: '2025-03-01 to 2025-03-31',
      orders_by_status: [
        { status_code: 'N01', status_name: 'Received', count: 2 },
        { status_code: 'S01', status_name: 'Shipping', count: 1 },
        { status_code: 'P01', count: 4 },
        { status: 'picked', count: 3 },
        { count: 1 },
      ],
    });
    expect(view.statuses?.map((s) => [s.status, s.label, s.count])).toEqual([
      ['received', 'Received', 2],
      ['shipped', 'Shipping', 1],
      ['data_entry', 'Data Entry', 4],
      ['picked', 'Picked', 3],
      ['', 'No status', 1],
    ]);
  });

  it('keeps the range the service says it counted, as it wrote it', () => {
    expect(reportView({ date_range: ' 2025-03-01 to 2025-03-31 ' }).dateRange).toBe('2025-03-01 to 2025-03-31');
    expect(reportView({ total_orders: 1 }).dateRange).toBeNull();
  });
});

describe('describeAnsweredRange', () => {
  it('words the service’s own range like a range asked for, and keeps any other wording as sent', () => {
    expect(describeAnsweredRange('2025-03-01 to 2025-03-31')).toBe(describeRange('2025-03-01', '2025-03-31'));
    expect(describeAnsweredRange('first order to 2025-03-31')).toBe(describeRange(undefined, '2025-03-31'));
    expect(describeAnsweredRange(' March 2025 ')).toBe('March 2025');
  });
});
