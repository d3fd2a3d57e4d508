// An order that changes under a technician stops them: which events interrupt a run, what the banner says, and the
// question the verification path asks main before it records — "has this order changed under the run since then?",
// answered from the inbox main filled itself (webhook, relay or poller), never from the renderer's word.
import { type OrderChange, type OrderInterruptionView, stationEvent } from '../../contract/ipc/events.ts';
import { parseStoredJson } from '../../kits/json/stored-json.ts';
import type { Db } from '../../kits/sqlite/db.ts';
import { ORDER_CANCELLATION_REQUESTED } from './order-changes.ts';
import type { StationEvent } from './types.ts';

/** The station's event codes that interrupt a run, and the change each stands for. */
export const INTERRUPTING_EVENTS: Readonly<Record<string, OrderChange>> = {
  'order.cancelled': 'cancelled',
  'order.paused': 'paused',
  'order.items_changed': 'items_changed',
  // The order is being cancelled: the run stops as for a cancellation (kept as one), with its own words.
  [ORDER_CANCELLATION_REQUESTED]: 'cancelled',
};

export type OrderInterruption = OrderInterruptionView;

const WHAT: Record<OrderChange, string> = {
  cancelled: 'was cancelled at the service',
  paused: 'was put on hold at the service',
  items_changed: 'had its items changed at the service',
};

/** The banner's words: what changed, and that the run stops. */
export function interruptionWords(change: OrderChange, orderNumber: string | null): string {
  const order = orderNumber ? `Order ${orderNumber}` : 'This order';
  const next =
    change === 'items_changed'
      ? 'Stop: this verification is of the old order. Open the order again to verify what it holds now.'
      : 'Stop: this verification cannot be completed. Put the items aside and follow the pharmacy’s procedure.';
  return `${order} ${WHAT[change]}. ${next}`;
}

/** The banner's words for a requested cancellation: the same stop as a cancellation. */
export function requestedWords(orderNumber: string | null): string {
  const order = orderNumber ? `Order ${orderNumber}` : 'This order';
  return `${order} has a cancellation requested at the service. Stop: this verification cannot be completed. Put the items aside and follow the pharmacy’s procedure.`;
}

/** The interruption an event stands for, or null when it interrupts nothing. */
export function interruptionOf(event: StationEvent): OrderInterruption | null {
  const change = INTERRUPTING_EVENTS[event.eventCode];
  if (!change) return null;
  return {
    orderId: event.subjectId,
    orderNumber: event.orderNumber,
    change,
    eventKey: event.key,
    learntFrom: event.source,
    at: event.receivedAt,
    message:
      event.eventCode === ORDER_CANCELLATION_REQUESTED
        ? requestedWords(event.orderNumber)
        : interruptionWords(change, event.orderNumber),
  };
}

/**
 * The newest interruption of `orderId` the inbox recorded at or after `sinceMs`, or null: the verification path asks
 * this before it records, and refuses a run whose order changed under it.
 */
export function changedSince(db: Db, orderId: string, sinceMs: number): OrderInterruption | null {
  const codes = Object.keys(INTERRUPTING_EVENTS);
  const row = db.get<{ payload: string }>(
    `SELECT payload FROM inbox WHERE subject_id = ? AND received_at >= ?
        AND event_code IN (${codes.map(() => '?').join(', ')})
      ORDER BY received_at DESC, key LIMIT 1`,
    orderId,
    sinceMs,
    ...codes,
  );
  return row ? interruptionOf(parseStoredJson(stationEvent, row.payload, 'an inbox event')) : null;
}
