// The order lifecycle: status codes and names, the allowed moves, and the status history every move appends to.
import { type OrderStatus, orderStatuses } from '../../../contract/service/orders.ts';
import type { Db } from '../../database/db.ts';
import { docOf } from '../../database/records.ts';
import { emitOrderEvent } from '../../delivery/emit.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { countFill } from '../prescriptions/fills.ts';
import type { OrderDoc, OrderRow } from './rows.ts';

const statusInfo = new Map(orderStatuses.map((s) => [s.status as string, s]));

/** The statuses an order leaves only by cancellation or not at all. */
export const finalStatuses: readonly OrderStatus[] = ['delivered', 'cancelled'];
/** The statuses an open order (one that new products merge into) has. */
export const openStatuses: readonly OrderStatus[] = ['received', 'data_entry'];

/**
 * Where an order may go next. Decisions (the spec does not show the transitions): the floor works forward only;
 * an order can be paused before it is verified (received, data_entry, picked) and unpauses back to the status it was
 * paused from; it can be cancelled until it ships; a shipped order can only be delivered.
 */
const nextStatuses: Record<OrderStatus, readonly OrderStatus[]> = {
  received: ['data_entry', 'paused', 'cancelled'],
  data_entry: ['picked', 'paused', 'cancelled'],
  picked: ['verified', 'paused', 'cancelled'],
  verified: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  paused: ['cancelled'],
  cancelled: [],
};

export function isOrderStatus(value: string): value is OrderStatus {
  return statusInfo.has(value);
}

/** `status`, `status_code` and `status_name` of an order, as the contract shows them. */
export function statusFields(status: string): {
  status: string;
  status_code: string | null;
  status_name: string | null;
} {
  const info = statusInfo.get(status);
  return { status, status_code: info?.code ?? null, status_name: info?.name ?? null };
}

/** Parses the `status` filter (a comma list); an unknown status is a 400 that lists the known ones. */
export function parseStatusFilter(text: string | undefined): OrderStatus[] | undefined {
  if (text === undefined) return undefined;
  const wanted = [...new Set(text.split(',').filter((s) => s !== ''))];
  const unknown = wanted.filter((s) => !isOrderStatus(s));
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown order status ${unknown.slice(0, 3).join(', ')}; the statuses are ${orderStatuses.map((s) => s.status).join(', ')}.`,
    );
  }
  return wanted as OrderStatus[];
}

/** Where an order in this state may go now (a paused order: back to where it was, or cancelled). */
export function allowedNext(row: Pick<OrderRow, 'status' | 'doc'>): OrderStatus[] {
  if (row.status === 'paused') {
    const from = docOf<OrderDoc>(row).paused_from;
    return from ? [from, 'cancelled'] : ['cancelled'];
  }
  return [...(nextStatuses[row.status as OrderStatus] ?? [])];
}

/** Appends one entry to the order's status history. */
export function appendHistory(db: Db, orderId: string, status: OrderStatus, userId: string | null, at: string): void {
  db.run(
    'INSERT INTO order_status_history (order_id, status, updated_by, updated_at) VALUES (?, ?, ?, ?)',
    orderId,
    status,
    userId,
    at,
  );
}

export interface TransitionContext {
  now: Date;
  userId: string | null;
  /** When pausing: until when (stored as given; the order keeps it after unpausing, as a record of the pause). */
  pausedUntil?: string;
}

/** Moves an order to another status if the lifecycle allows it (409 otherwise) and records the move in its history. */
export function transitionOrder(db: Db, orderId: string, to: OrderStatus, ctx: TransitionContext): void {
  db.transaction(() => moveOrder(db, orderId, to, ctx));
}

function moveOrder(db: Db, orderId: string, to: OrderStatus, ctx: TransitionContext): void {
  const row = db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', orderId);
  if (!row) throw notFound('order', orderId);
  const allowed = allowedNext(row);
  if (!allowed.includes(to)) {
    const options = allowed.length > 0 ? `it can move to ${allowed.join(' or ')}` : 'it cannot move any more';
    throw conflict(`Order ${row.order_number} is ${row.status} and cannot move to ${to}; ${options}.`);
  }
  const doc = docOf<OrderDoc>(row);
  let pausedUntil = row.paused_until;
  if (to === 'paused') {
    doc.paused_from = row.status as OrderStatus;
    pausedUntil = ctx.pausedUntil ?? null;
  } else {
    delete doc.paused_from;
  }
  const at = ctx.now.toISOString();
  db.run(
    'UPDATE orders SET status = ?, paused_until = ?, doc = ?, updated_at = ? WHERE id = ?',
    to,
    pausedUntil,
    JSON.stringify(doc),
    at,
    orderId,
  );
  appendHistory(db, orderId, to, ctx.userId, at);
  // Verified is the fill: each of the order's prescriptions has one fill fewer remaining.
  if (to === 'verified') countFill(db, orderId, at);
  // A delivered order's packages arrived: shipments without a delivery time get this one.
  if (to === 'delivered') {
    db.run(
      "UPDATE shipments SET status = 'delivered', delivered_at = COALESCE(delivered_at, ?) WHERE order_id = ?",
      at,
      orderId,
    );
  }
  if (to === 'shipped' || to === 'delivered') emitOrderEvent(db, `order.${to}`, orderId, ctx.now);
}

interface HistoryRow {
  status: string;
  updated_by: string | null;
  updated_at: string;
  first_name: string | null;
  last_name: string | null;
}

/**
 * The order's status history, oldest first. Decision: `duration` is the whole number of seconds the order spent in that
 * status: until the next change, or until now for the current status; null for a final status (delivered, cancelled),
 * where time does not run any more.
 */
export function statusHistoryView(db: Db, orderId: string, now: Date) {
  const rows = db.all<HistoryRow>(
    `SELECT h.status, h.updated_by, h.updated_at, u.first_name, u.last_name
       FROM order_status_history h LEFT JOIN users u ON u.id = h.updated_by
      WHERE h.order_id = ? ORDER BY h.seq`,
    orderId,
  );
  return rows.map((row, i) => {
    const next = rows[i + 1];
    const final = !next && finalStatuses.includes(row.status as OrderStatus);
    const until = next ? Date.parse(next.updated_at) : now.getTime();
    const { status_code, status_name } = statusFields(row.status);
    return {
      status: row.status,
      status_code,
      status_name,
      updated_at: row.updated_at,
      updated_by: row.updated_by,
      updated_by_first_name: row.first_name,
      updated_by_last_name: row.last_name,
      duration: final ? null : Math.max(0, Math.round((until - Date.parse(row.updated_at)) / 1000)),
    };
  });
}
