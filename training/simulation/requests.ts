// What the simulation settles on the pharmacy's behalf: cancellation requests, replacement requests and pauses that have run out.
import type { OrderStatus } from '../../contract/service/orders.ts';
import { docOf } from '../database/records.ts';
import { allowedNext, transitionOrder } from '../domains/orders/lifecycle.ts';
import { approveReplacement, rejectReplacement, replacementObstacle } from '../domains/orders/replacement.ts';
import type { OrderDoc, OrderRow } from '../domains/orders/rows.ts';
import { cancellationDwell, replacementDwell, waitFor } from './dwell.ts';
import { clearStuck } from './stuck.ts';
import type { RunContext } from './work.ts';

const DAY = 86_400_000;
/** Decision: a loss or damage reported more than 30 days after delivery is too late (a carrier's claim window). */
export const REPLACEMENT_WINDOW_DAYS = 30;

/** The later of two ISO instants, as a Date: nothing is stamped before the order's last change. */
const later = (ms: number, iso: string): Date => new Date(Math.max(ms, Date.parse(iso)));

/** When something requested at `requestedAt` is settled: after its wait, counted from the simulation's start at the earliest. */
function dueOf(ctx: RunContext, requestedAt: string, wait: number): number {
  return Math.max(Date.parse(requestedAt), Date.parse(ctx.startedAt)) + wait;
}

/**
 * Honours cancellation requests: a pharmacist cancels the order some minutes after the request (decision: every
 * request is honoured while the order has not shipped; an order that shipped meanwhile keeps its request unanswered).
 * An order with a request waiting is held: the floor does not move it.
 */
export function honourCancellations(ctx: RunContext): void {
  const rows = ctx.db.all<OrderRow>(
    `SELECT * FROM orders WHERE cancellation_requested = 1
        AND status IN ('received', 'data_entry', 'picked', 'verified', 'paused') LIMIT ?`,
    ctx.work.batch,
  );
  for (const row of rows) {
    if (!ctx.work.canMove()) return;
    const requestedAt = docOf<OrderDoc>(row).cancellation_requested_at ?? row.updated_at;
    const due = dueOf(ctx, requestedAt, waitFor(cancellationDwell, ctx.seed, row.id, 'cancel'));
    if (due > ctx.now.getTime() || !allowedNext(row).includes('cancelled')) continue;
    const at = later(due, row.updated_at);
    if (docOf<OrderDoc>(row).stuck_reason !== undefined) clearStuck(ctx, row.id, at.toISOString());
    transitionOrder(ctx.db, row.id, 'cancelled', { now: at, userId: null });
    ctx.work.summary.cancellations_honoured++;
    ctx.work.spend(row.id, 'cancelled');
  }
}

/** Why a replacement request is refused, or null to approve it. */
function refusal(ctx: RunContext, row: OrderRow): string | null {
  const replaced = ctx.db.get<{ order_number: string }>(
    'SELECT order_number FROM orders WHERE original_order_id = ? ORDER BY created_at LIMIT 1',
    row.id,
  );
  if (replaced) return `Order ${row.order_number} was already replaced by order ${replaced.order_number}.`;
  const delivered = ctx.db.get<{ at: string | null }>(
    "SELECT MAX(updated_at) AS at FROM order_status_history WHERE order_id = ? AND status = 'delivered'",
    row.id,
  )?.at;
  const requested = Date.parse(row.replacement_requested_at ?? row.updated_at);
  if (delivered && requested - Date.parse(delivered) > REPLACEMENT_WINDOW_DAYS * DAY) {
    return `The problem was reported more than ${REPLACEMENT_WINDOW_DAYS} days after delivery.`;
  }
  const obstacle = replacementObstacle(ctx.db, row);
  return obstacle ? `The order cannot be sent again: ${obstacle}.` : null;
}

/**
 * Settles replacement requests a few hours after they were made. Decisions: approved unless the order was already
 * replaced once, the problem was reported more than 30 days after delivery, or a product is no longer stocked —
 * rules, not dice, so a trainer can predict the outcome.
 */
export function settleReplacements(ctx: RunContext): void {
  const bound = new Date(ctx.now.getTime() - replacementDwell.min).toISOString();
  const rows = ctx.db.all<OrderRow>(
    `SELECT * FROM orders WHERE replacement_request_status = 'pending' AND replacement_requested_at <= ?
      ORDER BY replacement_requested_at LIMIT ?`,
    bound,
    ctx.work.batch,
  );
  for (const row of rows) {
    if (!ctx.work.canMove()) return;
    const requestedAt = row.replacement_requested_at ?? row.updated_at;
    const due = dueOf(ctx, requestedAt, waitFor(replacementDwell, ctx.seed, row.id, requestedAt, 'replace'));
    if (due > ctx.now.getTime()) continue;
    const change = { now: later(due, row.updated_at), userId: null };
    const why = refusal(ctx, row);
    if (why) {
      rejectReplacement(ctx.db, row, why, change);
      ctx.work.summary.replacements_rejected++;
      ctx.work.spend(row.id);
    } else {
      const id = approveReplacement(ctx.db, row, change);
      ctx.work.summary.replacements_approved++;
      ctx.work.spend(row.id);
      ctx.work.spend(id, 'received');
    }
  }
}

/** Paused orders whose pause has run out go back to where they were paused from, at the end of the pause. */
export function endPauses(ctx: RunContext): void {
  const rows = ctx.db.all<OrderRow>(
    `SELECT * FROM orders INDEXED BY orders_paused_until
      WHERE status = 'paused' AND paused_until IS NOT NULL AND paused_until <= ?
        AND cancellation_requested = 0 ORDER BY paused_until LIMIT ?`,
    ctx.now.toISOString(),
    ctx.work.batch,
  );
  for (const row of rows) {
    if (!ctx.work.canMove()) return;
    const until = Date.parse(row.paused_until ?? '');
    const from = docOf<OrderDoc>(row).paused_from;
    if (!from || Number.isNaN(until) || until > ctx.now.getTime()) continue;
    transitionOrder(ctx.db, row.id, from as OrderStatus, { now: later(until, row.updated_at), userId: null });
    ctx.work.summary.unpaused++;
    ctx.work.spend(row.id, from);
  }
}
