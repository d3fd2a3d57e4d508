// What a document says, from what main read: the discard day is never after any expiry it knows, the label's patient
// is the prescription's, a prescription of another patient is never labelled for an order, and the canonical text
// the print record hashes does not depend on key order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../contract/document-content.ts';
import { beyondUseDay, prescriptionLabel } from '../../../rules/documents/label.ts';
import { labelSubjectRefusal } from '../../../rules/documents/label-gate.ts';
import { auxiliaryWarnings, type WarningVocabulary } from '../../../rules/documents/warnings.ts';
import { yearAfter } from '../../../rules/words/dates.ts';

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const vocabulary: WarningVocabulary = {
  classes: { statin: ['Avoid grapefruit'], opioid: ['May cause drowsiness'] },
  controlled: 'Federal law prohibits transfer',
  allergyClasses: [{ id: 'opioids', drugs: ['oxycodone'] }],
  therapyClasses: [
    { name: 'Statin', drugs: ['atorvastatin'] },
    { name: 'Opioid', drugs: ['oxycodone', 'tramadol'] },
  ],
};

describe('the beyond-use date', () => {
  it('is the earlier of every lot expiry counted and a year after the fill', () => {
    fc.assert(
      fc.property(day, fc.array(day, { maxLength: 4 }), (filled, lots) => {
        const discard = beyondUseDay(filled, lots);
        for (const limit of [yearAfter(filled), ...lots]) expect(discard <= limit).toBe(true);
        expect([yearAfter(filled), ...lots]).toContain(discard);
      }),
    );
  });
});

describe('the prescription label', () => {
  it('names the prescription’s patient and prescriber, the fill day of its verification, and its barcode', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), day, fc.boolean(), (first, filled, controlled) => {
        const label = prescriptionLabel({
          pharmacy: { name: 'P', address: 'A', phone: 'T' },
          stock: '4x2.5',
          prescription: {
            id: '0a0a0a0a-0000-4000-8000-000000000000',
            drug_name: 'Oxycodone',
            strength: '5 mg',
            patient: { id: 'p', first_name: first, last_name: 'Lane' } as never,
            prescriber: null,
            product: { id: 'x', is_controlled_substance: controlled } as never,
          },
          barcode: 'PRESCRIPTION-1',
          verification: { recordedAt: `${filled}T23:59:00Z`, lotExpiries: [] },
          now: '2026-11-27T08:00:00Z',
          vocabulary,
          schedules: { entries: [] },
        });
        expect(label.patient).toBe(first.trim() === '' ? 'Lane' : `${first.trim()} Lane`);
        expect(label.filledOn).toBe(
          new Date(`${filled}T12:00:00Z`).toLocaleDateString('en-US', {
            month: 'short',
            day: 'numeric',
            year: 'numeric',
            timeZone: 'UTC',
          }),
        );
        expect(label.prescriber).toBe('not on file');
        expect(label.barcode).toBe('PRESCRIPTION-1');
        expect(label.warnings.at(-1) === vocabulary.controlled).toBe(controlled);
      }),
    );
  });
  it('warnings come from the drug’s class, each once', () => {
    expect(auxiliaryWarnings('Atorvastatin 20 mg', false, vocabulary)).toEqual(['Avoid grapefruit']);
    expect(auxiliaryWarnings('Oxycodone 5 mg', true, vocabulary)).toEqual([
      'May cause drowsiness',
      vocabulary.controlled,
    ]);
    // Tramadol is in no allergy class, but it is an opioid: its label warns as one.
    expect(auxiliaryWarnings('Tramadol 50 mg', true, vocabulary)).toEqual([
      'May cause drowsiness',
      vocabulary.controlled,
    ]);
  });
});

describe('which prescription may be labelled for an order', () => {
  const id = fc.constantFrom('a', 'b', 'c');
  it('only one of the order’s electronic prescriptions, for the order’s own patient', () => {
    fc.assert(
      fc.property(id, id, id, fc.array(id, { maxLength: 3 }), (orderPatient, rxPatient, erx, onOrder) => {
        const refusal = labelSubjectRefusal(
          { order_number: 'ORD-1', patient: { id: orderPatient }, electronic_prescription_ids: onOrder },
          { patient_id: rxPatient, electronic_prescription_id: erx },
        );
        expect(refusal === null).toBe(onOrder.includes(erx) && orderPatient === rxPatient);
      }),
    );
  });
  it('the same product on another patient’s prescription is refused in words', () => {
    const refusal = labelSubjectRefusal(
      { order_number: 'ORD-7', patient: { id: 'pat-a' }, electronic_prescription_ids: ['erx-1'] },
      { patient_id: 'pat-b', electronic_prescription_id: 'erx-1' },
    );
    expect(refusal).toContain('another patient');
  });
});

describe('the canonical text of a content', () => {
  it('is the same whatever the order of its keys, and reads back to the same value', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.array(fc.string()))), (value) => {
        const reversed = Object.fromEntries(Object.entries(value).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(value);
      }),
    );
  });
});
