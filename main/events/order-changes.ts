// What the poller concludes from an order it read: the events its change since the last look stands for.
import type { Order } from '../../contract/service/orders.ts';
import { orderChangeDelivery } from '../../kits/event-keys/order-change.ts';
import { toStationEvent } from './keys.ts';
import type { StationEvent } from './types.ts';

export {
  changeEvents,
  itemsFingerprint,
  ORDER_CANCELLATION_REQUESTED,
  ORDER_CANCELLED,
  ORDER_ITEMS_CHANGED,
  ORDER_PAUSED,
  type OrderLook,
} from '../../kits/event-keys/order-change.ts';

/** The event as the webhook would have delivered it, so both sources compute the same key. No patient name. */
export function orderEvent(
  order: Order,
  eventCode: string,
  receivedAt: Date,
  items: string | null = null,
): StationEvent {
  return toStationEvent(orderChangeDelivery(order, eventCode, items), 'poller', receivedAt);
}
