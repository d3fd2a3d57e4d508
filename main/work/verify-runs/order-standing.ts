// An order that can no longer be completed stops main's run (rules/verification/order-standing.ts): cancelled,
// held, or a cancellation requested. Asked of the order main read at the start, and of the order main reads again just
// before it records a run verified (the service announces no event for a requested cancellation, so the inbox alone
// cannot tell); offline, of what this station read last.

import { operations } from '../../../contract/service/operations.ts';
import type { Order } from '../../../contract/service/orders.ts';
import { whyNotCompletable } from '../../../rules/verification/order-standing.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { RunParts } from './run-parts.ts';

/** Refuses, saying why, when this order as read cannot be completed in a verification. */
export function refuseStoppedOrder(order: Order): void {
  const why = whyNotCompletable(order);
  if (why) throw new StationError('conflict', why);
}

/** Reads the order again (offline: the read cache) and refuses when it can no longer be completed. */
export async function refuseIfStoppedNow(parts: RunParts, orderId: string): Promise<void> {
  const read = await parts.read(operations.orders.get, { params: { order_id: orderId } });
  refuseStoppedOrder(read.value);
}
