// What the poller raises for an order's change between two looks.
import { describe, expect, it } from 'vitest';
import { changeEvents, itemsFingerprint } from '../../../main/events/order-changes.ts';

const look = (status: string, items: string | null = null) => ({ status, items });

describe('the events of an order’s change', () => {
  it('a new order is order.created', () => {
    expect(changeEvents(null, look('received'))).toEqual(['order.created']);
  });
  it('an order that became shipped is order.shipped, and delivered is order.delivered', () => {
    expect(changeEvents(look('verified'), look('shipped'))).toEqual(['order.shipped']);
    expect(changeEvents(look('shipped'), look('delivered'))).toEqual(['order.delivered']);
  });
  it('a skipped step is announced too, as the webhook would have', () => {
    expect(changeEvents(look('verified'), look('delivered'))).toEqual(['order.shipped', 'order.delivered']);
    expect(changeEvents(null, look('delivered'))).toEqual(['order.created', 'order.shipped', 'order.delivered']);
  });
  it('a cancellation, a hold and a change of items are raised (an order open at the station must stop)', () => {
    expect(changeEvents(look('picked'), look('cancelled'))).toEqual(['order.cancelled']);
    expect(changeEvents(look('picked'), look('paused'))).toEqual(['order.paused']);
    expect(changeEvents(look('picked', 'a'), look('picked', 'b'))).toEqual(['order.items_changed']);
  });
  it('a cancellation requested is raised once, when the flag turns on, and not for an order already cancelled', () => {
    const requested = (status: string) => ({ ...look(status), cancellationRequested: true });
    expect(changeEvents(look('picked'), requested('picked'))).toEqual(['order.cancellation_requested']);
    expect(changeEvents(requested('picked'), requested('picked'))).toEqual([]);
    expect(changeEvents(requested('picked'), requested('cancelled'))).toEqual(['order.cancelled']);
    expect(changeEvents(look('picked'), requested('cancelled'))).toEqual(['order.cancelled']);
    expect(changeEvents(null, requested('picked'))).toEqual(['order.created']);
  });
  it('changes that stop nobody raise nothing; unknown items are no change', () => {
    expect(changeEvents(look('received'), look('data_entry'))).toEqual([]);
    expect(changeEvents(look('shipped'), look('shipped'))).toEqual([]);
    expect(changeEvents(look('cancelled'), look('cancelled'))).toEqual([]);
    expect(changeEvents(look('picked', 'a'), look('picked', null))).toEqual([]);
    expect(changeEvents(look('picked', null), look('picked', 'b'))).toEqual([]);
  });
  it('the items fingerprint is the products and quantities, in any order', () => {
    const a = { prescription: [{ id: 'p1', quantity: 2 }], non_prescription: [{ id: 'o1', quantity: 1 }] };
    const b = { non_prescription: [{ id: 'o1', quantity: 1 }], prescription: [{ id: 'p1', quantity: 2 }] };
    expect(itemsFingerprint({ products: a })).toBe(itemsFingerprint({ products: b }));
    expect(itemsFingerprint({ products: { prescription: [{ id: 'p1', quantity: 3 }] } })).not.toBe(
      itemsFingerprint({ products: { prescription: [{ id: 'p1', quantity: 2 }] } }),
    );
    expect(itemsFingerprint({})).toBeNull();
  });
});
