// What the pharmacy's record keeps of an order verified: each line's drug, schedule and quantity as main read them,
// the prescription that names its product, and the patient; always within the record's bounds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispensedPart } from '../../../../contract/pharmacy-record.ts';
import { dispensedOf } from '../../../../rules/reports/dispensed-part.ts';
import type { VerifyLine } from '../../../../rules/verification/lines.ts';

const text = fc.option(fc.string({ maxLength: 300 }), { nil: null });
const line = fc.record({
  productId: fc.constantFrom('p-1', 'p-2', 'p-3'),
  kind: fc.constantFrom('prescription', 'non_prescription', 'order_material') as fc.Arbitrary<VerifyLine['kind']>,
  name: text,
  sku: text,
  productCode: text,
  expected: fc.nat(500),
  controlled: fc.boolean(),
  schedule: fc.option(fc.constantFrom('II', 'III', 'IV', 'V'), { nil: null }),
});
const prescription = fc.record({ id: fc.uuid(), prescription_product_id: fc.constantFrom('p-1', 'p-2', 'p-9') });

describe('what a verified order dispensed, as the record keeps it', () => {
  it('names each line’s drug, schedule and quantity, and the first prescription of the order for its product', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 5 }),
        fc.option(fc.array(prescription, { maxLength: 4 }), { nil: null }),
        text,
        fc.option(fc.constantFrom('1980-07-14', 'not a day', '14/07/1980'), { nil: null }),
        (lines, prescriptions, name, birth) => {
          const part = dispensedOf({ patientId: 'pt-1', patient: { name, dateOfBirth: birth } }, lines, prescriptions);
          expect(dispensedPart.safeParse(part).success).toBe(true);
          expect(part.patient.date_of_birth).toBe(birth === '1980-07-14' ? birth : null);
          part.lines.forEach((kept, i) => {
            const read = lines[i] as VerifyLine;
            expect(kept).toMatchObject({
              product_id: read.productId,
              quantity: read.expected,
              schedule: read.schedule,
            });
            const naming = (prescriptions ?? []).find((p) => p.prescription_product_id === read.productId);
            expect(kept.prescription_id).toBe(naming?.id ?? null);
          });
        },
      ),
    );
  });
});
