// The pharmacist's controlled count: a plain number ("60") is read as typed, and main signs a line off only when that
// number equals the technician's count of it; a mismatch is refused in words naming both counts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { controlledCountRefusal, countNote, readTypedCount } from '../../../../rules/verification/controlled-count.ts';
import type { VerifyLine } from '../../../../rules/verification/lines.ts';

const line = (productId: string, expected: number): VerifyLine => ({
  productId,
  kind: 'prescription',
  name: 'Tramadol 50 mg tablet',
  sku: 'RX-0003',
  productCode: null,
  expected,
  controlled: true,
  schedule: 'IV',
});

describe('a count as the pharmacist types it', () => {
  it('a plain number, with spaces or a unit word after it, is that number; anything else is not a count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.constantFrom('', ' ', ' tablets', '  caps'), (n, tail) => {
        expect(readTypedCount(`${n}`)).toBe(n);
        expect(readTypedCount(` ${n}${tail} `)).toBe(n);
      }),
    );
    for (const text of ['', ' ', 'sixty', '6O', '60tabs', '-1', '1.5', '60 60', '1e3'])
      expect(readTypedCount(text)).toBeNull();
    expect(readTypedCount('60')).toBe(60);
  });
});

describe('the pharmacist’s count against the technician’s', () => {
  it('signs off only when every waiting line has one count equal to the scans', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 500 }), (scanned, counted) => {
        const refusal = controlledCountRefusal([line('a', scanned)], new Map([['a', scanned]]), [
          { productId: 'a', counted },
        ]);
        expect(refusal === null).toBe(counted === scanned);
        if (refusal) {
          expect(refusal).toContain(`The pharmacist counted ${counted} of Tramadol 50 mg tablet (RX-0003)`);
          expect(refusal).toContain(`the technician’s count is ${scanned}`);
        }
      }),
    );
  });

  it('a missing, doubled or stray count is refused', () => {
    const waiting = [line('a', 60)];
    const scans = new Map([['a', 60]]);
    expect(controlledCountRefusal(waiting, scans, [])).toMatch(/Give the pharmacist’s count/);
    const twice = [
      { productId: 'a', counted: 60 },
      { productId: 'a', counted: 60 },
    ];
    expect(controlledCountRefusal(waiting, scans, twice)).toMatch(/once/);
    const stray = [
      { productId: 'a', counted: 60 },
      { productId: 'b', counted: 1 },
    ];
    expect(controlledCountRefusal(waiting, scans, stray)).toMatch(/does not wait/);
  });

  it('the sign-off says the count, then what the pharmacist added', () => {
    expect(countNote(60, '')).toBe('Counted 60');
    expect(countNote(60, ' with the tech ')).toBe('Counted 60: with the tech');
  });
});
