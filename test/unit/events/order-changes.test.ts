// What the poller raises for an order's change between two looks.
import { describe, expect, it } from 'vitest';
import { changeEvents } from '../../../main/events/order-changes.ts';

describe('the events of an order’s change', () => {
  it('a new order is order.created', () => {
    expect(changeEvents(null, 'received')).toEqual(['order.created']);
  });
  it('an order that became shipped is order.shipped, and delivered is order.delivered', () => {
    expect(changeEvents('verified', 'shipped')).toEqual(['order.shipped']);
    expect(changeEvents('shipped', 'delivered')).toEqual(['order.delivered']);
  });
  it('a skipped step is announced too, as the webhook would have', () => {
    expect(changeEvents('verified', 'delivered')).toEqual(['order.shipped', 'order.delivered']);
    expect(changeEvents(null, 'delivered')).toEqual(['order.created', 'order.shipped', 'order.delivered']);
  });
  it('changes the service has no event for raise nothing', () => {
    expect(changeEvents('received', 'data_entry')).toEqual([]);
    expect(changeEvents('picked', 'paused')).toEqual([]);
    expect(changeEvents('shipped', 'shipped')).toEqual([]);
  });
});
