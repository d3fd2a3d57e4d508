// What the poller concludes from an order it read: the events its change since the last look stands for.
import type { Order } from '../../contract/service/orders.ts';
import {
  ORDER_CANCELLED,
  ORDER_ITEMS_CHANGED,
  ORDER_PAUSED,
  orderChangeDelivery,
} from '../kit/event-keys/order-change.ts';
import { toStationEvent } from './keys.ts';
import type { StationEvent } from './types.ts';

/** What the poller remembers of an order to tell a change: its status and what it holds. */
export interface OrderLook {
  status: string | null;
  /** `itemsFingerprint` of the order, or null when the answer did not list its items. */
  items: string | null;
}

export {
  itemsFingerprint,
  ORDER_CANCELLED,
  ORDER_ITEMS_CHANGED,
  ORDER_PAUSED,
} from '../kit/event-keys/order-change.ts';

/**
 * The events between what the poller saw last (`previous`: null for an order it has not seen) and the order now. A
 * skipped step is filled in (verified → delivered also announces order.shipped), because the webhook would have
 * announced each step; the keys make a step the webhook did announce a duplicate. A cancellation, a hold and a change
 * of items are raised too: nothing else tells a station that the order a technician holds changed under them.
 */
export function changeEvents(previous: OrderLook | null, current: OrderLook): string[] {
  const codes: string[] = [];
  const before = previous?.status ?? null;
  const now = current.status;
  if (previous === null) codes.push('order.created');
  if (now === 'shipped' && before !== 'shipped') codes.push('order.shipped');
  if (now === 'delivered' && before !== 'delivered') {
    if (before !== 'shipped') codes.push('order.shipped');
    codes.push('order.delivered');
  }
  if (previous !== null && now === 'cancelled' && before !== 'cancelled') codes.push(ORDER_CANCELLED);
  if (previous !== null && now === 'paused' && before !== 'paused') codes.push(ORDER_PAUSED);
  if (previous?.items && current.items && previous.items !== current.items) codes.push(ORDER_ITEMS_CHANGED);
  return codes;
}

/** The event as the webhook would have delivered it, so both sources compute the same key. No patient name. */
export function orderEvent(
  order: Order,
  eventCode: string,
  receivedAt: Date,
  items: string | null = null,
): StationEvent {
  return toStationEvent(orderChangeDelivery(order, eventCode, items), 'poller', receivedAt);
}
