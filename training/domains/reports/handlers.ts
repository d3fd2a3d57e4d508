// The orders report: orders created in a date range, counted in total, by status and by product, as `include` asks.
import { orderStatusValues } from '../../../contract/service/orders.ts';
import type { reportsOperations } from '../../../contract/service/reports.ts';
import type { Db } from '../../database/db.ts';
import type { Handlers } from '../../http/handler.ts';

/** At most this many products per kind, busiest first: a report is read by a person. */
export const REPORT_PRODUCTS_PER_KIND = 50;

type Kind = 'prescription' | 'non_prescription' | 'order_material';

/**
 * Decisions (the spec shows the fields, not their rules): the range is of creation dates, both ends inclusive, in UTC;
 * no start means from the first order, no end means up to today (the service clock); without `include` every part is
 * answered; a product's `count` is the number of orders in the range that contain it.
 */
export function reportsHandlers(): Handlers<{ reports: typeof reportsOperations }>['reports'] {
  return {
    orders({ db, query, now }) {
      const start = query.start_date ?? '0000-01-01';
      const end = query.end_date ?? now.toISOString().slice(0, 10);
      const from = `${start}T00:00:00.000Z`;
      const until = `${nextDay(end)}T00:00:00.000Z`;
      const include = new Set(query.include ?? ['status', 'count', 'products']);
      return {
        date_range: `${query.start_date ?? 'first order'} to ${end}`,
        ...(include.has('count') ? { total_orders: totalOrders(db, from, until) } : {}),
        ...(include.has('status') ? { orders_by_status: byStatus(db, from, until) } : {}),
        ...(include.has('products') ? { orders_by_product: byProduct(db, from, until) } : {}),
      };
    },
  };
}

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

function totalOrders(db: Db, from: string, until: string): number {
  return db.get<{ n: number }>('SELECT count(*) AS n FROM orders WHERE created_at >= ? AND created_at < ?', from, until)
    ?.n as number;
}

/** Every status of the lifecycle, in its order, with zero where none are; then any other status the data holds. */
function byStatus(db: Db, from: string, until: string): { status: string; count: number }[] {
  const rows = db.all<{ status: string; n: number }>(
    'SELECT status, count(*) AS n FROM orders WHERE created_at >= ? AND created_at < ? GROUP BY status',
    from,
    until,
  );
  const counts = new Map(rows.map((r) => [r.status, r.n]));
  const known = orderStatusValues.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  const other = rows.filter((r) => !(orderStatusValues as readonly string[]).includes(r.status));
  return [...known, ...other.map((r) => ({ status: r.status, count: r.n }))];
}

function byProduct(db: Db, from: string, until: string): Record<Kind, { id: string; name: string; count: number }[]> {
  const rows = db.all<{ id: string; name: string; kind: Kind; n: number }>(
    `SELECT p.id, p.name, p.kind, count(*) AS n
       FROM orders o JOIN order_items i ON i.order_id = o.id JOIN products p ON p.id = i.product_id
      WHERE o.created_at >= ? AND o.created_at < ?
      GROUP BY p.id ORDER BY n DESC, p.name`,
    from,
    until,
  );
  const out: Record<Kind, { id: string; name: string; count: number }[]> = {
    prescription: [],
    non_prescription: [],
    order_material: [],
  };
  for (const row of rows) {
    const list = out[row.kind];
    if (list.length < REPORT_PRODUCTS_PER_KIND) list.push({ id: row.id, name: row.name, count: row.n });
  }
  return out;
}
