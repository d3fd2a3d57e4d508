// Whether a scanned product is the drug its prescription names: the same NDC is; another drug, another strength or
// another form is not (hydrocortisone cream prescribed, metformin tablets on the line), whatever else matches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { notPrescribed, notPrescribedWhy } from '../../../../rules/verification/prescribed-product.ts';

const drug = fc.constantFrom('Metformin', 'Lisinopril', 'Atorvastatin', 'Amoxicillin', 'Tramadol', 'Sertraline');
const amount = fc.integer({ min: 1, max: 1000 });
const unit = fc.constantFrom('mg', 'mcg', 'g');
const form = fc.constantFrom('tablet', 'capsule', 'cream', 'solution');

describe('the prescribed drug', () => {
  it('the product named as written (drug, strength, form) is the prescribed drug', () => {
    fc.assert(
      fc.property(drug, amount, unit, form, (name, n, u, f) => {
        const product = { name: `${name} ${n} ${u} ${f}`, productCode: null };
        expect(notPrescribedWhy(product, { id: 'rx', drug_name: name, strength: `${n}${u.toUpperCase()}` })).toBeNull();
        expect(notPrescribedWhy(product, { id: 'rx', drug_name: `${name} ${f}s` })).toBeNull();
      }),
    );
  });

  it('another drug, another strength or another form is not, and says what was prescribed', () => {
    fc.assert(
      fc.property(drug, drug, amount, amount, unit, form, form, (a, b, n, m, u, f, g) => {
        const product = { name: `${a} ${n} ${u} ${f}`, productCode: null };
        const prescribed = { id: 'rx', drug_name: `${b} ${g}`, strength: `${m} ${u}` };
        const why = notPrescribedWhy(product, prescribed);
        expect(why === null).toBe(a === b && n === m && f === g);
        if (why) expect(why).toContain(`the prescription is for ${b} ${g} ${m} ${u}`);
      }),
    );
  });

  it('the same NDC, with or without dashes, is the prescribed drug whatever the names say', () => {
    const product = { name: 'Glucophage 500 mg tablet', productCode: '00093-1048-01' };
    expect(notPrescribedWhy(product, { id: 'rx', drug_name: 'Metformin', product_code: '00093104801' })).toBeNull();
  });

  it('hydrocortisone cream prescribed, metformin tablets scanned: not the prescribed drug', () => {
    const product = {
      name: 'Metformin 500 mg tablet',
      productCode: '00093-1048-01',
      strength: '500 mg',
      form: 'tablet',
    };
    const rx = { id: 'rx', prescription_product_id: 'p1', drug_name: 'Compounded hydrocortisone cream 2.5%' };
    expect(notPrescribed('p1', product, [rx])).toBe('the prescription is for Compounded hydrocortisone cream 2.5%');
    // A prescription of another line says nothing about this one.
    expect(notPrescribed('p2', product, [rx])).toBeNull();
    // The strength of the catalogue, when it names one, decides; the name's when not.
    const rx500 = { id: 'rx', prescription_product_id: 'p1', drug_name: 'Metformin', strength: '850 mg' };
    expect(notPrescribed('p1', product, [rx500])).toContain('strength 850mg, not 500mg');
  });
});
