// A label a board would accept, from what main read: the dosage form, the NDC, the lot's manufacturer, a description
// where the product gives one, the pharmacist's initials, and a beyond-use date by the pharmacy's rule (the earlier of
// the lot's expiry and a year from the fill), never the prescription's validity.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrescriptionDetail } from '../../../contract/service/prescriptions.ts';
import schedules from '../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import {
  AWAITING_FINAL_CHECK_BAND,
  beyondUseDay,
  describedAs,
  initialsOf,
  prescriptionLabel,
  quantityWords,
} from '../../../rules/documents/label.ts';
import { yearAfter } from '../../../rules/words/dates.ts';

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const vocabulary = {
  classes: {},
  controlled: 'Federal law prohibits transfer',
  allergyClasses: [],
  therapyClasses: [],
};

/** The label's "May 2, 2027" read back as 2027-05-02. */
const isoOf = (written: string) => new Date(`${written} 12:00 UTC`).toISOString().slice(0, 10);

const tramadol = {
  id: '0a0a0a0a-0000-4000-8000-000000000000',
  drug_name: 'Tramadol',
  strength: '50 mg',
  quantity: 60,
  units: 'each',
  written_at: '2026-11-02',
  expires_at: '2027-11-02',
  product: {
    id: 'p',
    name: 'Tramadol 50 mg tablet',
    form: 'tablet',
    product_code: '50090-0123-01',
    description: 'Tramadol 50 mg, tablets',
    is_controlled_substance: true,
  },
} as PrescriptionDetail;

function labelOf(rx: PrescriptionDetail, filled: string, lots: string[], extra = {}) {
  return prescriptionLabel({
    pharmacy: { name: 'P', address: 'A', phone: 'T' },
    stock: '4x2.5',
    prescription: rx,
    barcode: 'PRESCRIPTION-1',
    verification: { recordedAt: `${filled}T10:00:00Z`, lotExpiries: lots },
    now: '2026-11-27T08:00:00Z',
    vocabulary,
    schedules,
    ...extra,
  });
}

describe('the beyond-use date on a label', () => {
  it('is the earlier of the lots’ expiry and a year from the fill, whatever the prescription’s own dates', () => {
    fc.assert(
      fc.property(day, fc.array(day, { maxLength: 3 }), day, (filled, lots, expires) => {
        const discard = isoOf(labelOf({ ...tramadol, expires_at: expires }, filled, lots).discardAfter);
        expect(discard).toBe(beyondUseDay(filled, lots));
        for (const limit of [yearAfter(filled), ...lots]) expect(discard <= limit).toBe(true);
      }),
    );
  });

  it('the tramadol (C-IV) filled 27 Nov 2026 from a lot expiring 1 Mar 2027: discard after Mar 1, 2027', () => {
    expect(labelOf(tramadol, '2026-11-27', ['2027-03-01']).discardAfter).toBe('Mar 1, 2027');
    expect(labelOf(tramadol, '2026-11-27', []).discardAfter).toBe('Nov 27, 2027');
  });
});

describe('what the label says of the product', () => {
  it('names the dosage form, counts in it, and carries the NDC, the manufacturer and the pharmacist’s initials', () => {
    const label = labelOf(tramadol, '2026-11-27', [], { manufacturer: 'Sample Labs', pharmacist: 'Parker Pharmacist' });
    expect(label).toMatchObject({
      drug: 'Tramadol 50 mg',
      dosageForm: 'tablet',
      quantity: '60 tablets',
      ndc: '50090-0123-01',
      manufacturer: 'Sample Labs',
      pharmacistInitials: 'P.P.',
      // The demo's description only restates the drug: nothing more to print.
      description: null,
    });
  });

  it('says what is not known as nothing, never a guess', () => {
    const bare = { ...tramadol, product: { id: 'p', is_controlled_substance: true } } as PrescriptionDetail;
    expect(labelOf(bare, '2026-11-27', [])).toMatchObject({
      dosageForm: null,
      quantity: '60 each',
      ndc: null,
      manufacturer: null,
      description: null,
      pharmacistInitials: null,
    });
  });

  it('counts only forms counted in units, and keeps the prescription’s units otherwise', () => {
    expect(quantityWords(1, 'each', 'capsule')).toBe('1 capsule');
    expect(quantityWords(30, null, 'tablet')).toBe('30 tablets');
    expect(quantityWords(1, 'tube', 'cream')).toBe('1 tube');
    expect(quantityWords(200, 'mL', 'tablet')).toBe('200 mL');
    expect(quantityWords(null, 'each', 'tablet')).toBe('—');
  });

  it('prints a description only when it says more than the drug, strength and form', () => {
    expect(describedAs('Tramadol 50 mg, tablets', 'Tramadol 50 mg tablet')).toBeNull();
    expect(describedAs('White round tablet, imprint AN 627', 'Tramadol 50 mg tablet')).toBe(
      'White round tablet, imprint AN 627',
    );
    expect(describedAs('  ', 'Tramadol 50 mg tablet')).toBeNull();
  });

  it('writes a pharmacist’s initials from their name, one letter a word', () => {
    expect(initialsOf('Parker Pharmacist')).toBe('P.P.');
    expect(initialsOf('avery de la cruz')).toBe('A.D.L.C.');
    expect(initialsOf(null)).toBeNull();
    expect(initialsOf('  ')).toBeNull();
  });
});

describe('a label printed before the pharmacist’s final check', () => {
  it('carries the band "AWAITING PHARMACIST FINAL CHECK" and its live barcode; a final label carries no band', () => {
    const awaiting = labelOf(tramadol, '2026-11-27', [], { awaitingFinalCheck: true });
    expect(awaiting).toMatchObject({ band: AWAITING_FINAL_CHECK_BAND, barcode: 'PRESCRIPTION-1' });
    expect(AWAITING_FINAL_CHECK_BAND).toBe('AWAITING PHARMACIST FINAL CHECK');
    expect(labelOf(tramadol, '2026-11-27', [])).not.toHaveProperty('band');
    expect(labelOf(tramadol, '2026-11-27', [], { awaitingFinalCheck: false })).not.toHaveProperty('band');
  });
});
