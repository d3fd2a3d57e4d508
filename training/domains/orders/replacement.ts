// Settling a replacement request: approving makes a new order that replaces the original (linked both ways), rejecting records why not.

import type { Db } from '../../database/db.ts';
import { defined, docOf } from '../../database/records.ts';
import { conflict } from '../../http/errors.ts';
import type { ChangeContext } from './changes.ts';
import { createOrder, type OrderInput } from './create.ts';
import type { OrderDoc, OrderRow } from './rows.ts';

/** The request must be pending: a settled request is not settled again (409). */
function assertPending(row: OrderRow): void {
  if (row.replacement_request_status !== 'pending') {
    const state = row.replacement_request_status ? `is ${row.replacement_request_status}` : 'was never made';
    throw conflict(`The replacement request of order ${row.order_number} ${state}; only a pending request is settled.`);
  }
}

interface ItemRow {
  product_id: string;
  kind: 'prescription' | 'non_prescription' | 'order_material';
  quantity: number;
  is_active: number;
  name: string;
}

/** Why the order cannot be replaced as it was (a product no longer sold), or null when it can. */
export function replacementObstacle(db: Db, row: OrderRow): string | null {
  const inactive = db.get<{ name: string }>(
    `SELECT p.name FROM order_items i JOIN products p ON p.id = i.product_id
      WHERE i.order_id = ? AND p.is_active = 0 ORDER BY i.rowid LIMIT 1`,
    row.id,
  );
  return inactive ? `${inactive.name} is no longer stocked` : null;
}

/**
 * Approves a pending replacement request: a new order for the same patient with the same products, address and
 * shipping (not the original's own label), marked `is_replacement` with `original_order_id` and the request's reason
 * as its `replacement_reason`; the original's request becomes `approved` and its `replacement_order_ids` (read from
 * the link) names the new order. Decision: a replacement never merges into an open order. Answers the new order's id.
 * An obstacle (a product no longer stocked) is a 409: reject the request instead.
 */
export function approveReplacement(db: Db, row: OrderRow, ctx: ChangeContext): string {
  assertPending(row);
  const obstacle = replacementObstacle(db, row);
  if (obstacle) throw conflict(`Order ${row.order_number} cannot be replaced as it was: ${obstacle}.`);
  const doc = docOf<OrderDoc>(row);
  const products: NonNullable<OrderInput['products']> = {};
  const items = db.all<ItemRow>(
    `SELECT i.product_id, p.kind, i.quantity, p.is_active, p.name FROM order_items i
       JOIN products p ON p.id = i.product_id WHERE i.order_id = ? ORDER BY i.rowid`,
    row.id,
  );
  for (const item of items) {
    const lines = products[item.kind] ?? [];
    lines.push({ id: item.product_id, quantity: item.quantity });
    products[item.kind] = lines;
  }
  const { id: _addressId, type: _type, ...address } = doc.address ?? { id: '', type: 'shipping' };
  const input: OrderInput = {
    patient_id: row.patient_id,
    products,
    ...(doc.address ? { address: defined(address) as NonNullable<OrderInput['address']> } : {}),
    ...(doc.shipping && Object.keys(doc.shipping).length > 0
      ? { shipping: doc.shipping as NonNullable<OrderInput['shipping']> }
      : {}),
  };
  return db.transaction(() => {
    const { id } = createOrder(db, input, { now: ctx.now, userId: ctx.userId, forceNew: true });
    const created = db.get<{ doc: string }>('SELECT doc FROM orders WHERE id = ?', id) as { doc: string };
    const replacementDoc = docOf<OrderDoc>(created);
    replacementDoc.replacement_reason = doc.replacement_requested_reason ?? 'Replacement of a shipped order';
    db.run(
      'UPDATE orders SET is_replacement = 1, original_order_id = ?, doc = ? WHERE id = ?',
      row.id,
      JSON.stringify(replacementDoc),
      id,
    );
    settle(db, row, 'approved', ctx, {});
    return id;
  });
}

/** Rejects a pending replacement request, recording why (kept in the order's doc). */
export function rejectReplacement(db: Db, row: OrderRow, reason: string, ctx: ChangeContext): void {
  assertPending(row);
  settle(db, row, 'rejected', ctx, { replacement_rejected_reason: reason });
}

function settle(
  db: Db,
  row: OrderRow,
  status: 'approved' | 'rejected',
  ctx: ChangeContext,
  extra: Partial<OrderDoc>,
): void {
  const at = ctx.now.toISOString();
  const doc: OrderDoc = {
    ...docOf<OrderDoc>(row),
    ...extra,
    replacement_decided_at: at,
    replacement_decided_by: ctx.userId,
  };
  db.run(
    'UPDATE orders SET replacement_request_status = ?, doc = ?, updated_at = ? WHERE id = ?',
    status,
    JSON.stringify(doc),
    at,
    row.id,
  );
}
