// The pharmacy floor: orders move forward (received, data entry, picked, verified, shipped, delivered), each move at the simulated time it falls due.
import type { OrderStatus } from '../../contract/service/orders.ts';
import { docOf } from '../database/records.ts';
import { addShipment } from '../domains/orders/changes.ts';
import { transitionOrder } from '../domains/orders/lifecycle.ts';
import type { OrderDoc, OrderRow } from '../domains/orders/rows.ts';
import { type Dwell, floorDwell, MIN_TRANSIT, transitDwell, waitFor } from './dwell.ts';
import { getsStuck, markStuck } from './stuck.ts';
import { shipmentFor } from './tracking.ts';
import type { RunContext } from './work.ts';

type Movable = 'received' | 'data_entry' | 'picked' | 'verified' | 'shipped';

const nextOf: Record<Movable, OrderStatus> = {
  received: 'data_entry',
  data_entry: 'picked',
  picked: 'verified',
  verified: 'shipped',
  shipped: 'delivered',
};

/** Later statuses first, so deliveries are not starved by a flood of new orders when a tick runs out of moves. */
const movable: Movable[] = ['shipped', 'verified', 'picked', 'data_entry', 'received'];

const isMovable = (status: string): status is Movable => status in nextOf;

function dwellOf(status: Movable, doc: OrderDoc): Dwell {
  return status === 'shipped' ? transitDwell(doc.shipping?.service_level) : floorDwell[status];
}

const minDwellOf = (status: Movable): number => (status === 'shipped' ? MIN_TRANSIT : floorDwell[status].min);

/**
 * Moves every order that is due, oldest first, within the run's limits. Decisions: an order's wait in a status
 * counts from its last change (`updated_at`: an update restarts it), and never from before the simulation started or
 * the data was reset, so a fresh demo data set comes to life gradually instead of all at once. Orders with a
 * cancellation request are held for the pharmacist; stuck orders are held until settled; an order a station has open
 * in a run (training.openRun) is not moved under the person verifying it.
 */
export function moveFloor(ctx: RunContext): void {
  const nowMs = ctx.now.getTime();
  const startedMs = Date.parse(ctx.startedAt);
  for (const status of movable) {
    if (!ctx.work.canMove()) return;
    const minDwell = minDwellOf(status);
    if (startedMs + minDwell > nowMs) continue;
    const rows = ctx.db.all<OrderRow>(
      `SELECT o.* FROM orders o
        WHERE o.status = ? AND o.updated_at <= ? AND o.cancellation_requested = 0
          AND NOT EXISTS (SELECT 1 FROM simulation_stuck_orders s WHERE s.order_id = o.id AND s.resolved_at IS NULL)
          AND NOT EXISTS (SELECT 1 FROM simulation_open_runs r WHERE r.order_id = o.id AND r.open_until > ?)
        ORDER BY o.updated_at LIMIT ?`,
      status,
      new Date(nowMs - minDwell).toISOString(),
      ctx.realNow.toISOString(),
      ctx.work.batch,
    );
    for (const row of rows) {
      if (!ctx.work.canMove()) return;
      advanceOrder(ctx, row, startedMs);
    }
  }
}

/** Moves one order as far as it is due, each step stamped at its own due time. */
function advanceOrder(ctx: RunContext, row: OrderRow, startedMs: number): void {
  const doc = docOf<OrderDoc>(row);
  let status = row.status;
  let entered = Math.max(Date.parse(row.updated_at), startedMs);
  while (isMovable(status)) {
    const due = entered + waitFor(dwellOf(status, doc), ctx.seed, row.id, status);
    if (due > ctx.now.getTime() || !ctx.work.canMove()) return;
    const at = new Date(due);
    if (status === 'data_entry' && getsStuck(ctx, row)) {
      markStuck(ctx, ctx.db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', row.id) as OrderRow, at);
      ctx.work.spend(row.id);
      return;
    }
    const next = nextOf[status];
    if (next === 'shipped') {
      addShipment(ctx.db, row.id, shipmentFor(doc, ctx.seed, row.id), at);
      ctx.work.summary.shipments_created++;
    }
    transitionOrder(ctx.db, row.id, next, { now: at, userId: null });
    ctx.work.spend(row.id, next);
    status = next;
    entered = due;
  }
}
