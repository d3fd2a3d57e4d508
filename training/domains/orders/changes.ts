// Changing an order after it exists: address and shipping updates, cancellation and replacement requests, shipments.
import type { z } from 'zod';
import type { orderUpdateBody } from '../../../contract/service/orders.ts';
import type { Db } from '../../database/db.ts';
import { docOf, newId } from '../../database/records.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { assertExternalIdFree, withShippingFields } from './create.ts';
import type { OrderDoc, OrderRow } from './rows.ts';

export interface ChangeContext {
  now: Date;
  userId: string | null;
}

/** Once an order has left the building (or was cancelled), where and how it ships is history. */
const closedForShipping = ['shipped', 'delivered', 'cancelled'];

/**
 * Updates the four fields an order update may change. Decisions: shipping and custom_shipping are replaced whole
 * (PUT), the address gets a new id; the address and shipping fields of a shipped, delivered or cancelled order no
 * longer change (409), while the external id may still be set so the client can reconcile.
 */
export function updateOrder(
  db: Db,
  row: OrderRow,
  changes: z.output<typeof orderUpdateBody>,
  ctx: ChangeContext,
): void {
  const touchesShipping =
    changes.address !== undefined || changes.shipping !== undefined || changes.custom_shipping !== undefined;
  if (touchesShipping && closedForShipping.includes(row.status)) {
    throw conflict(`Order ${row.order_number} is ${row.status}; its address and shipping can no longer change.`);
  }
  if (changes.external_id !== undefined) assertExternalIdFree(db, changes.external_id, row.id);
  const doc = withShippingFields(docOf<OrderDoc>(row), changes);
  db.run(
    'UPDATE orders SET external_id = ?, doc = ?, updated_at = ? WHERE id = ?',
    changes.external_id ?? row.external_id,
    JSON.stringify(doc),
    ctx.now.toISOString(),
    row.id,
  );
}

/**
 * Records a request to cancel the order; a pharmacist then decides (the status changes only by a transition).
 * One request per order (409 on the second); an order that shipped, was delivered or was cancelled cannot be.
 */
export function requestCancellation(db: Db, row: OrderRow, comments: string, ctx: ChangeContext): void {
  const doc = docOf<OrderDoc>(row);
  if (row.cancellation_requested === 1) {
    throw conflict(
      `A cancellation of order ${row.order_number} was already requested${doc.cancellation_requested_at ? ` at ${doc.cancellation_requested_at}` : ''}; an order takes one request.`,
    );
  }
  if (closedForShipping.includes(row.status)) {
    throw conflict(`Order ${row.order_number} is ${row.status} and can no longer be cancelled.`);
  }
  const at = ctx.now.toISOString();
  doc.cancellation_comments = comments;
  doc.cancellation_requested_at = at;
  doc.cancellation_requested_by = ctx.userId;
  db.run(
    'UPDATE orders SET cancellation_requested = 1, doc = ?, updated_at = ? WHERE id = ?',
    JSON.stringify(doc),
    at,
    row.id,
  );
}

/** The statuses in which a patient has (or should have) the package, so a replacement makes sense. */
const replaceable = ['shipped', 'delivered'];

/**
 * Records a request to replace the order (lost, damaged...). Decisions: only a shipped or delivered order can be
 * replaced (an order still on the floor is fixed, not replaced); while a request is pending a second one is a 409; a
 * request that was settled (any status but pending) may be followed by a new one.
 */
export function requestReplacement(db: Db, row: OrderRow, reason: string, ctx: ChangeContext): void {
  if (row.replacement_request_status === 'pending') {
    throw conflict(
      `A replacement of order ${row.order_number} was already requested at ${row.replacement_requested_at} and is pending.`,
    );
  }
  if (!replaceable.includes(row.status)) {
    throw conflict(`Order ${row.order_number} is ${row.status}; only a shipped or delivered order can be replaced.`);
  }
  const at = ctx.now.toISOString();
  const doc = docOf<OrderDoc>(row);
  doc.replacement_requested_reason = reason;
  doc.replacement_requested_by = ctx.userId;
  db.run(
    `UPDATE orders SET replacement_requested = 1, replacement_request_status = 'pending', replacement_requested_at = ?,
       doc = ?, updated_at = ? WHERE id = ?`,
    at,
    JSON.stringify(doc),
    at,
    row.id,
  );
}

export interface ShipmentInput {
  carrier?: string | null;
  service_level?: string | null;
  /** Defaults to `shipped`, the one shipment status seen. */
  status?: string;
  tracking_number?: string | null;
  tracking_url?: string | null;
  delivered_at?: string | null;
}

/** Adds a shipment (a package with its tracking) to an order and answers its id. Does not change the order's status. */
export function addShipment(db: Db, orderId: string, shipment: ShipmentInput, now: Date): string {
  const id = newId();
  const at = now.toISOString();
  db.transaction(() => {
    if (!db.get('SELECT 1 FROM orders WHERE id = ?', orderId)) throw notFound('order', orderId);
    db.run(
      `INSERT INTO shipments (id, order_id, carrier, service_level, status, tracking_number, tracking_url, delivered_at,
         created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      orderId,
      shipment.carrier ?? null,
      shipment.service_level ?? null,
      shipment.status ?? 'shipped',
      shipment.tracking_number ?? null,
      shipment.tracking_url ?? null,
      shipment.delivered_at ?? null,
      at,
    );
    db.run('UPDATE orders SET updated_at = ? WHERE id = ?', at, orderId);
  });
  return id;
}
