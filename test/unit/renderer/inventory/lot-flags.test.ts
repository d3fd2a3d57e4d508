// Which lots are expired or expiring, which lot of a product to use first, and which materials are low on stock.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InventoryLot } from '../../../../contract/service/inventory.ts';
import type { OrderMaterial } from '../../../../contract/service/products.ts';
import {
  expiryOf,
  expiryWords,
  firstExpiringUsable,
  isUsable,
  stockLevel,
  suggestedLots,
} from '../../../../renderer/screens/inventory/lot-flags.ts';

const TODAY = '2026-06-15';

const lot = (over: Partial<InventoryLot> & { id: string }): InventoryLot => ({
  product_id: 'p1',
  current_quantity: 100,
  is_active: true,
  ...over,
});

describe('expiry bands', () => {
  it('a lot whose expiry day was yesterday is expired', () => {
    expect(expiryOf('2026-06-14T00:00:00Z', TODAY)).toEqual({ band: 'expired', days: -1 });
  });

  it('a lot expiring today can still be used today', () => {
    expect(expiryOf('2026-06-15', TODAY)).toEqual({ band: 'within30', days: 0 });
    expect(expiryWords(expiryOf('2026-06-15', TODAY))).toBe('Expires today');
  });

  it('falls in the first band that holds: 30, then 60, then 90 days', () => {
    expect(expiryOf('2026-07-15', TODAY).band).toBe('within30');
    expect(expiryOf('2026-07-16', TODAY).band).toBe('within60');
    expect(expiryOf('2026-08-14', TODAY).band).toBe('within60');
    expect(expiryOf('2026-08-15', TODAY).band).toBe('within90');
    expect(expiryOf('2026-09-13', TODAY).band).toBe('within90');
    expect(expiryOf('2026-09-14', TODAY).band).toBe(null);
  });

  it('a lot without an expiry (a box, a cold pack) has no band', () => {
    expect(expiryOf(null, TODAY)).toEqual({ band: null, days: null });
    expect(expiryOf('not a date', TODAY)).toEqual({ band: null, days: null });
  });

  it('reads a timestamp as its calendar day, whatever the time of day', () => {
    expect(expiryOf('2026-06-14T23:59:59Z', TODAY).band).toBe('expired');
    expect(expiryOf('2026-06-15T00:00:01Z', TODAY).band).toBe('within30');
  });

  it('says how long ago or how soon, in words', () => {
    expect(expiryWords(expiryOf('2026-06-03', TODAY))).toBe('Expired 12 days ago');
    expect(expiryWords(expiryOf('2026-06-16', TODAY))).toBe('Expires tomorrow');
    expect(expiryWords(expiryOf('2026-07-30', TODAY))).toBe('Expires in 45 days');
    expect(expiryWords(expiryOf('2027-06-15', TODAY))).toBe(null);
  });

  it('every day falls in exactly the band its distance says', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (offset) => {
        const day = new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
        const { band, days } = expiryOf(day, TODAY);
        expect(days).toBe(offset);
        const expected =
          offset < 0
            ? 'expired'
            : offset <= 30
              ? 'within30'
              : offset <= 60
                ? 'within60'
                : offset <= 90
                  ? 'within90'
                  : null;
        expect(band).toBe(expected);
      }),
    );
  });
});

describe('which lot to use first', () => {
  it('is the usable lot that expires first', () => {
    const lots = [
      lot({ id: 'late', expiration_date: '2027-01-01' }),
      lot({ id: 'soon', expiration_date: '2026-08-01' }),
      lot({ id: 'middle', expiration_date: '2026-10-01' }),
    ];
    expect(firstExpiringUsable(lots, TODAY)?.id).toBe('soon');
  });

  it('never suggests an expired, empty or inactive lot', () => {
    const lots = [
      lot({ id: 'expired', expiration_date: '2026-06-01' }),
      lot({ id: 'empty', expiration_date: '2026-07-01', current_quantity: 0 }),
      lot({ id: 'inactive', expiration_date: '2026-07-02', is_active: false }),
      lot({ id: 'good', expiration_date: '2026-12-01' }),
    ];
    expect(lots.filter((each) => isUsable(each, TODAY)).map((each) => each.id)).toEqual(['good']);
    expect(firstExpiringUsable(lots, TODAY)?.id).toBe('good');
  });

  it('suggests nothing when no lot can be used', () => {
    expect(firstExpiringUsable([lot({ id: 'x', expiration_date: '2026-01-01' })], TODAY)).toBe(null);
  });

  it('among lots without expiry, takes the one received first', () => {
    const lots = [
      lot({ id: 'b', received_date: '2026-05-01' }),
      lot({ id: 'a', received_date: '2026-03-01' }),
      lot({ id: 'dated', expiration_date: '2030-01-01', received_date: '2026-06-01' }),
    ];
    expect(firstExpiringUsable(lots, TODAY)?.id).toBe('dated');
    expect(firstExpiringUsable(lots.slice(0, 2), TODAY)?.id).toBe('a');
  });

  it('suggests one lot per product', () => {
    const lots = [
      lot({ id: 'a1', product_id: 'a', expiration_date: '2026-09-01' }),
      lot({ id: 'a2', product_id: 'a', expiration_date: '2026-08-01' }),
      lot({ id: 'b1', product_id: 'b', expiration_date: '2026-05-01' }),
      lot({ id: 'c1', product_id: 'c', expiration_date: '2027-05-01' }),
    ];
    expect(Object.fromEntries(suggestedLots(lots, TODAY))).toEqual({ a: 'a2', c: 'c1' });
  });

  it('does not depend on the order the service listed the lots in', () => {
    const dated = fc.record({
      id: fc.uuid(),
      expiration_date: fc.option(
        fc
          .integer({ min: -100, max: 800 })
          .map((d) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + d * 86_400_000).toISOString()),
        { nil: null },
      ),
      current_quantity: fc.integer({ min: 0, max: 5 }),
      is_active: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(dated, { maxLength: 12 }), (raw) => {
        const lots = raw.map((each) => lot(each));
        const forward = firstExpiringUsable(lots, TODAY)?.id ?? null;
        const backward = firstExpiringUsable([...lots].reverse(), TODAY)?.id ?? null;
        expect(backward).toBe(forward);
        if (forward !== null) {
          const chosen = lots.find((each) => each.id === forward) as InventoryLot;
          expect(isUsable(chosen, TODAY)).toBe(true);
        }
      }),
    );
  });
});

describe('low stock', () => {
  const material = (over: Partial<OrderMaterial>): OrderMaterial => ({ id: 'm1', name: 'Cold pack', ...over });

  it('a material at its reorder threshold is low', () => {
    expect(stockLevel(material({ current_stock: 25, reorder_threshold: 25 }), [])).toEqual({
      stock: 25,
      threshold: 25,
      low: true,
    });
  });

  it('a material above its threshold is not', () => {
    expect(stockLevel(material({ current_stock: 26, reorder_threshold: 25 }), [])?.low).toBe(false);
  });

  it('counts the active lots when the service gives no stock figure', () => {
    const lots = [
      lot({ id: 'l1', product_id: 'm1', current_quantity: 10 }),
      lot({ id: 'l2', product_id: 'm1', current_quantity: 10, is_active: false }),
      lot({ id: 'l3', product_id: 'other', current_quantity: 500 }),
    ];
    expect(stockLevel(material({ reorder_threshold: 12 }), lots)).toEqual({ stock: 10, threshold: 12, low: true });
  });

  it('says nothing without a threshold', () => {
    expect(stockLevel(material({ current_stock: 0 }), [])).toBe(null);
  });
});
