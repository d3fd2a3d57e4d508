// The pharmacist's final check by scan: the bottle must be a product the verification counted (and, when its code
// carries a lot and the verification recorded lots, one of those), and the label must be that line's prescription's.
// Anything else is a hard stop naming what did not match; the order is done once every prescription line passed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FinalCheckLine, judgeFinalCheck } from '../../../../rules/verification/final-check-scan.ts';

const lot = fc.stringMatching(/^[A-Z0-9]{1,12}$/);
/** One to four prescription lines with distinct products and prescriptions. */
const lines = fc
  .uniqueArray(
    fc.record({ n: fc.integer({ min: 1, max: 9999 }), lots: fc.array(lot, { maxLength: 3 }), checked: fc.boolean() }),
    {
      minLength: 1,
      maxLength: 4,
      selector: (line) => line.n,
    },
  )
  .map((each) =>
    each.map(
      (line): FinalCheckLine => ({
        prescriptionId: `rx-${line.n}`,
        productId: `product-${line.n}`,
        drug: `Drug ${line.n}`,
        lots: line.lots,
        checked: line.checked,
      }),
    ),
  );
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
const labelOf = (line: FinalCheckLine) => ({ type: 'prescription', id: line.prescriptionId });

describe('a final check by scan', () => {
  it('passes when the bottle is a counted product and the label is that prescription’s, and the order is done only when every other line passed before', () => {
    fc.assert(
      fc.property(lines, fc.nat(), (all, i) => {
        const line = pick(all, i);
        const verdict = judgeFinalCheck(
          all,
          { productIds: [line.productId], lotNumber: line.lots[0] ?? null },
          labelOf(line),
        );
        expect(verdict).toMatchObject({ outcome: 'passed', line });
        const others = all.filter((each) => each !== line);
        expect(verdict.outcome === 'passed' && verdict.orderDone).toBe(others.every((each) => each.checked));
      }),
    );
  });

  it('stops on a wrong product: a bottle naming no product the verification counted, or nothing in the catalogue', () => {
    fc.assert(
      fc.property(lines, fc.nat(), fc.boolean(), (all, i, nothing) => {
        const bottle = nothing ? null : { productIds: ['product-elsewhere'], lotNumber: null };
        const verdict = judgeFinalCheck(all, bottle, labelOf(pick(all, i)));
        expect(verdict).toMatchObject({ outcome: 'stopped', stop: 'product', line: null });
        if (verdict.outcome === 'stopped') expect(verdict.message).toMatch(/^Wrong product: /);
      }),
    );
  });

  it('stops on a wrong label: another prescription’s, one off the order, an unknown code or not a prescription label', () => {
    fc.assert(
      fc.property(lines, fc.nat(), fc.nat(), fc.constantFrom('other', 'off', 'unknown', 'lot'), (all, i, j, kind) => {
        const line = pick(all, i);
        const other = pick(all, j);
        const label =
          kind === 'other'
            ? labelOf(other)
            : kind === 'off'
              ? { type: 'prescription', id: 'rx-off-order' }
              : kind === 'unknown'
                ? null
                : { type: 'inventory', id: line.prescriptionId };
        const verdict = judgeFinalCheck(all, { productIds: [line.productId], lotNumber: null }, label);
        if (kind === 'other' && other === line) {
          expect(verdict.outcome).toBe('passed');
          return;
        }
        expect(verdict).toMatchObject({ outcome: 'stopped', stop: 'label', line });
        if (kind === 'other' && verdict.outcome === 'stopped') expect(verdict.message).toContain(other.drug);
      }),
    );
  });

  it('stops on a lot the verification did not count, and never when it recorded none or the code carries none', () => {
    fc.assert(
      fc.property(lines, fc.nat(), lot, (all, i, scanned) => {
        const line = pick(all, i);
        const verdict = judgeFinalCheck(all, { productIds: [line.productId], lotNumber: scanned }, labelOf(line));
        const counted =
          line.lots.length === 0 || line.lots.some((each) => each.toUpperCase() === scanned.toUpperCase());
        expect(verdict.outcome).toBe(counted ? 'passed' : 'stopped');
        if (!counted) expect(verdict).toMatchObject({ stop: 'lot' });
      }),
    );
  });
});
