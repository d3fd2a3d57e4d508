// Whether an order may still be completed in a verification: not once it is cancelled, put on hold, or a cancellation of
// it was requested (the service moves a requested cancellation on later; the pharmacy stops at the request). Main asks
// it of the order it read when a run starts and of the order as it reads it again before recording the run verified.
// And whether an order is already past filling (nothing on it waits for a pharmacist's review). Pure.
import { orderStatusOf } from '../../contract/service/order-status.ts';

export interface OrderStanding {
  order_number?: string | null;
  status?: string | null;
  status_code?: string | null;
  cancellation_requested?: boolean | null;
}

const CANCELLED = { status: 'cancelled', code: 'X01' };
const HELD = { status: 'paused', code: 'H01' };

const isStatus = (order: OrderStanding, wanted: { status: string; code: string }) =>
  (typeof order.status === 'string' && order.status.trim().toLowerCase() === wanted.status) ||
  (typeof order.status_code === 'string' && order.status_code.trim().toUpperCase() === wanted.code);

const PAST_FILLING = new Set(['verified', 'shipped', 'delivered', 'cancelled']);

/** Verified, shipped, delivered or cancelled: a shipped order never shows "Waiting for a pharmacist's review". */
export function pastFilling(order: { status?: unknown; status_code?: unknown; status_name?: unknown }): boolean {
  const status = orderStatusOf(order);
  return status !== null && PAST_FILLING.has(status);
}

/** Why this order cannot be completed in a verification now, in words a technician acts on; null when it can. */
export function whyNotCompletable(order: OrderStanding): string | null {
  const name = order.order_number ? `Order ${order.order_number}` : 'This order';
  const what = isStatus(order, CANCELLED)
    ? 'was cancelled at the service'
    : order.cancellation_requested === true
      ? 'has a cancellation requested at the service'
      : isStatus(order, HELD)
        ? 'is on hold at the service'
        : null;
  if (!what) return null;
  return `${name} ${what}: it cannot be verified. Put the items aside and follow the pharmacy’s procedure.`;
}
