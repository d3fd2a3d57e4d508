// A verified run takes from each lot exactly the units counted from it: what was taken back is not taken, a code that
// named no lot takes from none, and the lots' totals always add up to the counts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countsOf } from '../../../../rules/verification/run.ts';
import { type StockScan, stockTakenBy } from '../../../../rules/verification/stock-taken.ts';

const counted = (lotId: string | null, quantity: number, productId = 'p1'): StockScan => ({
  result: 'counted',
  productId,
  lotId,
  lot: lotId ? `B-${lotId}` : null,
  quantity,
});

describe('the stock a verified run takes', () => {
  it('takes sixty tramadol from the lot the DataMatrix named, less the one taken back', () => {
    const taken = stockTakenBy([counted('L1', 30), counted('L1', 30), { ...counted('L1', 1), result: 'undone' }]);
    expect(taken).toEqual({ lots: [{ lotId: 'L1', lot: 'B-L1', productId: 'p1', quantity: 59 }], unlotted: [] });
  });

  it('takes from no lot what was scanned without its lot, and names it', () => {
    const taken = stockTakenBy([counted(null, 2), counted('L2', 1, 'p2'), { ...counted('L3', 5), result: 'stopped' }]);
    expect(taken.lots).toEqual([{ lotId: 'L2', lot: 'B-L2', productId: 'p2', quantity: 1 }]);
    expect(taken.unlotted).toEqual([{ productId: 'p1', quantity: 2 }]);
  });

  it('always takes, lot and no lot together, what the run counted of each product', () => {
    const scan = fc.record({
      result: fc.constantFrom('counted', 'stopped', 'unrecognised') as fc.Arbitrary<StockScan['result']>,
      productId: fc.constantFrom('p1', 'p2'),
      lotId: fc.constantFrom('L1', 'L2', null),
      lot: fc.constant(null),
      quantity: fc.integer({ min: 1, max: 90 }),
    });
    fc.assert(
      fc.property(fc.array(scan, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 5 }), (scans, undos) => {
        const all: StockScan[] = [...scans];
        // As in a run: each counted scan is taken back at most once.
        const undoable = scans.filter((s) => s.result === 'counted');
        for (const pick of undos) {
          const [target] = undoable.splice(pick % Math.max(1, undoable.length), 1);
          if (target) all.push({ ...target, result: 'undone' });
        }
        const taken = stockTakenBy(all);
        const byProduct = new Map<string, number>();
        for (const each of [...taken.lots, ...taken.unlotted]) {
          expect(each.quantity).toBeGreaterThan(0);
          byProduct.set(each.productId, (byProduct.get(each.productId) ?? 0) + each.quantity);
        }
        const counts = countsOf({ scans: all.map((s, seq) => ({ ...s, seq }) as never) });
        for (const [productId, units] of counts)
          expect([productId, byProduct.get(productId) ?? 0]).toEqual([productId, Math.max(0, units)]);
      }),
    );
  });
});
