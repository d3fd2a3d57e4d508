// What the order fills, held against the prescription under review: the zolpidem order opened on a cream prescription
// fails before "OK to fill"; the same product passes, naming the line; a different quantity is a warning.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderCheck } from '../../../../rules/clinical/checks-prescription.ts';
import { input, prescription, product } from './fixtures.ts';

const cream = () =>
  prescription({ drug_name: 'Hydrocortisone cream', strength: '2.5%', quantity: 1, prescription_product_id: null });

describe('the order check', () => {
  it('fails a zolpidem order opened on a cream prescription, naming what the order fills', () => {
    const check = orderCheck(
      input({
        prescription: cream(),
        product: null,
        orderLines: [{ id: 'z', name: 'Zolpidem 5 mg tablet', quantity: 30 }],
      }),
    );
    expect(check).toMatchObject({ id: 'order', status: 'fail' });
    expect(check.reason).toBe(
      'The order fills Zolpidem 5 mg tablet × 30, not Hydrocortisone cream: correct the order, or review the prescription it fills.',
    );
  });

  it('passes the line of the prescription’s own product, by id, and names it', () => {
    const lisinopril = product();
    const check = orderCheck(
      input({
        prescription: prescription({ prescription_product_id: lisinopril.id, quantity: 30 }),
        product: lisinopril,
        orderLines: [{ id: lisinopril.id, name: 'Lisinopril 10 mg tablet', quantity: 30 }],
      }),
    );
    expect(check).toMatchObject({ status: 'pass', reason: 'The order fills Lisinopril 10 mg tablet × 30.' });
  });

  it('passes another product of the same drug: a generic of another maker is what substitution allows', () => {
    const check = orderCheck(
      input({
        prescription: prescription({
          prescription_product_id: 'catalogue-amoxicillin',
          drug_name: 'Amoxicillin',
          quantity: 21,
        }),
        product: null,
        orderLines: [{ id: 'drill-amoxicillin', name: 'Amoxicillin 500 mg capsule', quantity: 21 }],
      }),
    );
    expect(check.status).toBe('pass');
  });

  it('warns when the order fills another quantity than prescribed', () => {
    const lisinopril = product();
    const check = orderCheck(
      input({
        prescription: prescription({ prescription_product_id: lisinopril.id, quantity: 30 }),
        product: lisinopril,
        orderLines: [{ id: lisinopril.id, name: 'Lisinopril 10 mg tablet', quantity: 90 }],
      }),
    );
    expect(check).toMatchObject({ status: 'warn' });
    expect(check.reason).toContain('the prescription is for 30');
  });

  it('fails exactly when no line of the order is the prescription’s product or its drug', () => {
    const ids = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(ids, fc.array(ids, { minLength: 1, maxLength: 4 }), (own, onOrder) => {
        const check = orderCheck(
          input({
            prescription: prescription({ prescription_product_id: own, quantity: null }),
            product: product({ id: own }),
            // Named apart from the prescription's drug, so only the product tells them apart.
            orderLines: onOrder.map((id) => ({ id, name: `Product ${id}`, quantity: 1 })),
          }),
        );
        expect(check.status === 'fail').toBe(!onOrder.includes(own));
      }),
    );
  });

  it('holds nothing against a prescription opened without its order', () => {
    expect(orderCheck(input({ orderLines: null })).status).toBe('pass');
  });
});
