// What a review covered is one text: the same prescription and risk factors give it whatever their order, and any
// change a pharmacist would review again (the quantity, days supply, refills, directions, a new allergy) gives another.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ReviewedRiskFactor, reviewedContent } from '../../../../rules/clinical/reviewed-content.ts';

const prescription = {
  id: 'rx-1',
  drug_name: 'Sertraline',
  strength: '50 mg',
  quantity: 30,
  days_supply: 30,
  refills: 2,
  directions: 'Take one tablet daily',
  prescriber_id: 'pr-1',
  prescription_product_id: 'p-1',
};
const factor = fc.record({
  type: fc.constantFrom('allergy', 'condition', 'medication'),
  name: fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== ''),
  is_active: fc.constantFrom(true, null),
});

describe('what a pharmacist reviewed', () => {
  it('the same risk factors in any order at the service are the same review', () => {
    fc.assert(
      fc.property(fc.array(factor, { maxLength: 8 }), fc.infiniteStream(fc.nat()), (factors, seeds) => {
        const shuffled = [...factors].sort(() => (seeds.next().value % 3) - 1);
        expect(reviewedContent(prescription, shuffled)).toBe(reviewedContent(prescription, factors));
      }),
    );
  });

  it('an allergy added after the review is not what was reviewed', () => {
    fc.assert(
      fc.property(fc.array(factor, { maxLength: 8 }), factor, (factors, added) => {
        const allergy: ReviewedRiskFactor = { ...added, type: 'allergy' };
        const known = factors.some(
          (f) =>
            `${f.type}:${f.name.trim().replace(/\s+/g, ' ').toLowerCase()}` ===
            `allergy:${allergy.name?.trim().replace(/\s+/g, ' ').toLowerCase()}`,
        );
        fc.pre(!known);
        expect(reviewedContent(prescription, [...factors, allergy])).not.toBe(reviewedContent(prescription, factors));
      }),
    );
  });

  it('a changed quantity, days supply, refills, strength, directions or prescriber is not what was reviewed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('quantity', 'days_supply', 'refills', 'strength', 'directions', 'prescriber_id'),
        fc.integer({ min: 1, max: 999 }),
        (field, n) => {
          const changed =
            field === 'quantity' || field === 'days_supply' || field === 'refills'
              ? { ...prescription, [field]: prescription[field] + n }
              : { ...prescription, [field]: `${prescription[field]} ${n}` };
          expect(reviewedContent(changed, [])).not.toBe(reviewedContent(prescription, []));
        },
      ),
    );
  });

  it('a fill taken since (one fill fewer remaining) is the same review', () => {
    const before = { ...prescription, fills_remaining: 3 };
    const after = { ...prescription, fills_remaining: 2 };
    expect(reviewedContent(after, [])).toBe(reviewedContent(before, []));
  });

  it('an inactive risk factor and white space the service adds are not a change', () => {
    const factors = [{ type: 'allergy', name: 'Penicillin' }];
    const spaced = [
      { type: 'Allergy', name: '  penicillin ' },
      { type: 'allergy', name: 'Latex', is_active: false },
    ];
    expect(reviewedContent(prescription, spaced)).toBe(reviewedContent(prescription, factors));
  });
});
