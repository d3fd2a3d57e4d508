// What a change of an order stands for (changeEvents), and the delivery a station's poller or the events relay's
// order watch raises for a change the service announces no event for (a cancellation or its request, a hold, a change
// of items):
// built the same way in both, so its key is the same from either.
import { createHash } from 'node:crypto';
import type { WebhookDelivery } from '../../contract/service/notifications.ts';
import type { Order } from '../../contract/service/orders.ts';

export const ORDER_CANCELLED = 'order.cancelled';
export const ORDER_PAUSED = 'order.paused';
export const ORDER_ITEMS_CHANGED = 'order.items_changed';
/** A cancellation was requested (the service announces none, and moves it on later; the pharmacy stops at once). */
export const ORDER_CANCELLATION_REQUESTED = 'order.cancellation_requested';

/** The order's items as one short value: each prescription and non-prescription product with its quantity. */
export function itemsFingerprint(order: Pick<Order, 'products'>): string | null {
  const products = order.products;
  if (!products) return null;
  const lines = [
    ...(products.prescription ?? []).map((p) => `rx:${p.id}x${p.quantity ?? 1}`),
    ...(products.non_prescription ?? []).map((p) => `otc:${p.id}x${p.quantity ?? 1}`),
  ].sort();
  return createHash('sha256').update(lines.join('|')).digest('hex').slice(0, 24);
}

/** The delivery as the webhook would have carried it: no patient name, the key hashing what identifies the change. */
export function orderChangeDelivery(order: Order, eventCode: string, items: string | null = null): WebhookDelivery {
  return {
    event_code: eventCode,
    data: {
      id: order.id,
      url: '',
      order_number: order.order_number ?? null,
      status_code: order.status_code ?? null,
      status_name: order.status_name ?? null,
      // A change of items is one event per new content; a hold one per time the order was held.
      ...(eventCode === ORDER_ITEMS_CHANGED ? { items } : {}),
      ...(eventCode === ORDER_PAUSED ? { updated_at: order.updated_at ?? null } : {}),
    },
  };
}

/** What the poller remembers of an order to tell a change: its status and what it holds. */
export interface OrderLook {
  status: string | null;
  /** `itemsFingerprint` of the order, or null when the answer did not list its items. */
  items: string | null;
  /** The order's `cancellation_requested` flag (absent: not known, read as not requested). */
  cancellationRequested?: boolean;
}

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
  // One request per order (the service refuses a second), so the flag turning on is the one event.
  const requested = current.cancellationRequested === true && previous?.cancellationRequested !== true;
  if (previous !== null && requested && now !== 'cancelled') codes.push(ORDER_CANCELLATION_REQUESTED);
  return codes;
}
