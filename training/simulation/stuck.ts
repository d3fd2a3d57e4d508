// Stuck orders: an order leaving data entry may get stuck with one of the real service's stuck reasons, shown on the order, announced
// as order.stuck, and settled after a while (an expired prescription with no refills is cancelled, and so, in the end, is its order).

import { docOf } from '../database/records.ts';
import { emitOrderEvent, emitPrescriptionCancelled } from '../delivery/emit.ts';
import { allowedNext, transitionOrder } from '../domains/orders/lifecycle.ts';
import type { OrderDoc, OrderRow } from '../domains/orders/rows.ts';
import { choose, draw, stuckDwell, waitFor } from './dwell.ts';
import type { RunContext } from './work.ts';

/** The stuck reasons of service-facts.md, with a code for clients to key on. */
export const stuckReasons = [
  { code: 'too_early_to_fill', text: 'too early to fill' },
  { code: 'missing_active_prescription', text: 'missing active prescription after 24 h' },
  { code: 'no_refills_prescription_expired', text: 'no refills left and prescription expired' },
] as const;
export type StuckReason = (typeof stuckReasons)[number];

const reasonByCode = new Map<string, StuckReason>(stuckReasons.map((r) => [r.code, r]));

/** The order's prescriptions that could still be filled, with when they expire. */
function activePrescriptions(ctx: RunContext, orderId: string): { id: string; expires_at: string | null }[] {
  return ctx.db.all<{ id: string; expires_at: string | null }>(
    `SELECT p.id, p.expires_at FROM prescriptions p JOIN electronic_prescriptions e ON e.id = p.electronic_prescription_id
      WHERE e.order_id = ? AND p.status <> 'cancelled' ORDER BY p.created_at, p.rowid`,
    orderId,
  );
}

/**
 * The reason an order is stuck: what its prescriptions show when they show it (none active: the missing one; one
 * expired: expired with no refills), otherwise a seeded choice among the three.
 */
function reasonFor(ctx: RunContext, orderId: string, prescriptions: { expires_at: string | null }[], at: Date) {
  const byCode = (code: StuckReason['code']) => reasonByCode.get(code) as StuckReason;
  if (prescriptions.length === 0) return byCode('missing_active_prescription');
  const expired = prescriptions.some((p) => p.expires_at !== null && Date.parse(p.expires_at) <= at.getTime());
  if (expired) return byCode('no_refills_prescription_expired');
  return choose(stuckReasons, ctx.seed, orderId, 'stuck-reason');
}

/**
 * Does this order get stuck as it leaves data entry? Decisions: the check happens once per order, at data entry
 * (where the pharmacist reads the prescriptions), never for a replacement (it re-ships a checked order), and the
 * roll is fixed by the seed and the order, so the same seed sticks the same orders.
 */
export function getsStuck(ctx: RunContext, row: Pick<OrderRow, 'id' | 'is_replacement'>): boolean {
  if (row.is_replacement === 1 || ctx.stuckProbability <= 0) return false;
  if (draw(ctx.seed, row.id, 'stuck') >= ctx.stuckProbability) return false;
  return ctx.db.get('SELECT 1 FROM simulation_stuck_orders WHERE order_id = ?', row.id) === undefined;
}

/**
 * Marks the order stuck at `at`: the reason goes on the order (`stuck_reason`, `stuck_reason_code`, `stuck_at` in its
 * view), the simulation holds it until the problem is settled, and order.stuck goes out. With an expired
 * prescription and no refills, the order's prescriptions are cancelled (prescription.cancelled for each).
 */
export function markStuck(ctx: RunContext, row: OrderRow, at: Date): StuckReason {
  const { db } = ctx;
  const prescriptions = activePrescriptions(ctx, row.id);
  const reason = reasonFor(ctx, row.id, prescriptions, at);
  const atIso = at.toISOString();
  const resolves = new Date(at.getTime() + waitFor(stuckDwell, ctx.seed, row.id, 'stuck-dwell')).toISOString();
  db.run(
    `INSERT INTO simulation_stuck_orders (order_id, status, reason_code, stuck_at, resolves_at) VALUES (?, ?, ?, ?, ?)`,
    row.id,
    row.status,
    reason.code,
    atIso,
    resolves,
  );
  const doc: OrderDoc = {
    ...docOf<OrderDoc>(row),
    stuck_reason: reason.text,
    stuck_reason_code: reason.code,
    stuck_at: atIso,
  };
  db.run('UPDATE orders SET doc = ?, updated_at = ? WHERE id = ?', JSON.stringify(doc), atIso, row.id);
  if (reason.code === 'no_refills_prescription_expired') {
    for (const { id } of prescriptions) {
      db.run(
        `UPDATE prescriptions SET status = 'cancelled', doc = json_set(doc, '$.cancellation_reason', ?), updated_at = ?
          WHERE id = ?`,
        reason.text,
        atIso,
        id,
      );
      ctx.work.summary.prescriptions_cancelled++;
      emitPrescriptionCancelled(db, id, at);
    }
  }
  ctx.work.summary.stuck++;
  emitOrderEvent(db, 'order.stuck', row.id, at, { stuck_reason: reason.text, stuck_reason_code: reason.code });
  return reason;
}

/** Takes the stuck fields off the order's doc (the record of it stays in simulation_stuck_orders). */
export function clearStuck(ctx: RunContext, orderId: string, at: string): void {
  const row = ctx.db.get<{ doc: string }>('SELECT doc FROM orders WHERE id = ?', orderId);
  if (!row) return;
  const doc = docOf<OrderDoc>(row);
  delete doc.stuck_reason;
  delete doc.stuck_reason_code;
  delete doc.stuck_at;
  ctx.db.run('UPDATE orders SET doc = ?, updated_at = ? WHERE id = ?', JSON.stringify(doc), at, orderId);
  ctx.db.run(
    'UPDATE simulation_stuck_orders SET resolved_at = ? WHERE order_id = ? AND resolved_at IS NULL',
    at,
    orderId,
  );
}

interface OpenStuck {
  order_id: string;
  reason_code: string;
  resolves_at: string;
}

/**
 * Settles the stuck orders whose time has come. Decisions: too early to fill — the fill date arrives; missing
 * prescription — it arrives; both continue through the floor from then. An expired prescription with no refills
 * was cancelled, so the order is cancelled (when it still can be).
 */
export function settleStuckOrders(ctx: RunContext): void {
  const due = ctx.db.all<OpenStuck>(
    `SELECT order_id, reason_code, resolves_at FROM simulation_stuck_orders
      WHERE resolved_at IS NULL AND resolves_at <= ? ORDER BY resolves_at LIMIT ?`,
    ctx.now.toISOString(),
    ctx.work.batch,
  );
  for (const stuck of due) {
    if (!ctx.work.canMove()) return;
    const order = ctx.db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', stuck.order_id);
    if (!order) continue;
    const at = stuck.resolves_at > order.updated_at ? stuck.resolves_at : order.updated_at;
    clearStuck(ctx, order.id, at);
    ctx.work.summary.unstuck++;
    if (stuck.reason_code === 'no_refills_prescription_expired' && allowedNext(order).includes('cancelled')) {
      transitionOrder(ctx.db, order.id, 'cancelled', { now: new Date(at), userId: null });
      ctx.work.spend(order.id, 'cancelled');
    } else {
      ctx.work.spend(order.id);
    }
  }
}
