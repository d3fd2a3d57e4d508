// An order cancelled, held or with a cancellation requested is never completable, whatever else it says; any other
// status without a request is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderStatusValues } from '../../../../contract/service/orders.ts';
import { pastFilling, whyNotCompletable } from '../../../../rules/verification/order-standing.ts';

const casing = (word: string) => fc.constantFrom(word, word.toUpperCase(), word[0]?.toUpperCase() + word.slice(1));
const order = fc.record({
  order_number: fc.option(fc.string({ maxLength: 12 }), { nil: null }),
  status: fc.option(fc.oneof(fc.constantFrom(...orderStatusValues).chain(casing), fc.string({ maxLength: 12 })), {
    nil: null,
  }),
  status_code: fc.option(fc.constantFrom('N01', 'P01', 'PK01', 'V01', 'S01', 'D01', 'H01', 'X01'), { nil: null }),
  cancellation_requested: fc.option(fc.boolean(), { nil: null }),
});

describe('an order that can no longer be completed', () => {
  it('refuses exactly a cancellation (done or requested) and a hold, by status or by status code', () => {
    fc.assert(
      fc.property(order, (o) => {
        const status = o.status?.trim().toLowerCase();
        const stopped =
          o.cancellation_requested === true ||
          status === 'cancelled' ||
          status === 'paused' ||
          o.status_code === 'X01' ||
          o.status_code === 'H01';
        const why = whyNotCompletable(o);
        expect(why !== null).toBe(stopped);
        if (why && o.order_number) expect(why).toContain(`Order ${o.order_number}`);
      }),
    );
  });

  it('says which: a requested cancellation is named as such, a cancellation done wins over it', () => {
    expect(whyNotCompletable({ order_number: '1001', status: 'picked', cancellation_requested: true })).toContain(
      'has a cancellation requested',
    );
    expect(whyNotCompletable({ status: 'Cancelled', cancellation_requested: true })).toContain('was cancelled');
    expect(whyNotCompletable({ status: 'paused' })).toContain('is on hold');
    expect(whyNotCompletable({ status: 'picked', cancellation_requested: false })).toBeNull();
  });
});

describe('an order past filling', () => {
  it('is verified, shipped, delivered or cancelled, however the service writes it: nothing on it waits for a review', () => {
    fc.assert(
      fc.property(fc.constantFrom(...orderStatusValues), (status) => {
        const past = ['verified', 'shipped', 'delivered', 'cancelled'].includes(status);
        expect(pastFilling({ status })).toBe(past);
        expect(pastFilling({ status: status.toUpperCase() })).toBe(past);
      }),
    );
    expect(pastFilling({ status_code: 'S01' })).toBe(true);
    expect(pastFilling({})).toBe(false);
  });
});
