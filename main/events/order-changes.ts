// What the poller concludes from an order it read: the events its change since the last look stands for.
import type { Order } from '../../contract/service/orders.ts';
import { toStationEvent } from './keys.ts';
import type { StationEvent } from './types.ts';

/**
 * The events between what the poller saw last (`previous`: a status, or null for an order it has not seen) and the
 * order's status now. A skipped step is filled in (verified → delivered also announces order.shipped), because the
 * webhook would have announced each step; the keys make a step the webhook did announce a duplicate.
 */
export function changeEvents(previous: string | null, current: string | null): string[] {
  const codes: string[] = [];
  if (previous === null) codes.push('order.created');
  if (current === 'shipped' && previous !== 'shipped') codes.push('order.shipped');
  if (current === 'delivered' && previous !== 'delivered') {
    if (previous !== 'shipped') codes.push('order.shipped');
    codes.push('order.delivered');
  }
  return codes;
}

/** The event as the webhook would have delivered it, so both sources compute the same key. No patient name. */
export function orderEvent(order: Order, eventCode: string, receivedAt: Date): StationEvent {
  return toStationEvent(
    {
      event_code: eventCode,
      data: {
        id: order.id,
        url: '',
        order_number: order.order_number ?? null,
        status_code: order.status_code ?? null,
        status_name: order.status_name ?? null,
      },
    },
    'poller',
    receivedAt,
  );
}
