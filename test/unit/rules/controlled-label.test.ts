// A controlled prescription's label never tells the patient to keep it past the prescription's validity: C-III to C-V
// are valid 6 months from the day written (21 CFR 1306.22), whatever expiry the service sent; C-II has no federal
// limit, so its label keeps the prescription's own expiry.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrescriptionDetail } from '../../../contract/service/prescriptions.ts';
import schedules from '../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import { validUntil } from '../../../rules/clinical/controlled.ts';
import { prescriptionLabel } from '../../../rules/documents/label.ts';

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

/** A prescription whose schedule the service says ('dea_schedule') or the vocabulary knows by its name. */
const prescription = fc.record({
  schedule: fc.constantFrom('II', 'III', 'IV', 'V', null),
  named: fc.constantFrom('Tramadol 50 mg tablet', 'Zolpidem 10 mg tablet', 'Methylphenidate 10 mg tablet'),
  written: day,
  expiresAfterDays: fc.option(fc.integer({ min: -30, max: 800 }), { nil: null }),
  timestamp: fc.boolean(),
});

function labelOf(rx: PrescriptionDetail, filled: string, lots: string[]) {
  return prescriptionLabel({
    pharmacy: { name: 'P', address: 'A', phone: 'T' },
    stock: '4x2.5',
    prescription: rx,
    barcode: 'PRESCRIPTION-1',
    verification: { recordedAt: `${filled}T10:00:00Z`, lotExpiries: lots },
    now: '2026-11-27T08:00:00Z',
    vocabulary,
    schedules,
  });
}

const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('the discard date on a controlled prescription’s label', () => {
  it('is never past the prescription’s validity (C-III to C-V: 6 months from written), nor past its expiry', () => {
    fc.assert(
      fc.property(prescription, day, fc.array(day, { maxLength: 3 }), (made, filled, lots) => {
        const expires = made.expiresAfterDays === null ? null : plusDays(made.written, made.expiresAfterDays);
        const rx = {
          id: '0a0a0a0a-0000-4000-8000-000000000000',
          drug_name: made.named,
          written_at: made.timestamp ? `${made.written}T15:30:00Z` : made.written,
          expires_at: expires,
          product: { id: 'p', name: made.named, is_controlled_substance: true, dea_schedule: made.schedule },
        } as PrescriptionDetail;
        const discard = isoOf(labelOf(rx, filled, lots).discardAfter);
        const schedule = made.schedule ?? schedules.entries.find((e) => made.named.startsWith(e.ingredient))?.schedule;
        const validity = validUntil(schedule ?? null, made.written);
        if (schedule === 'II') expect(validity).toBeNull();
        else expect(discard <= (validity as string)).toBe(true);
        if (expires) expect(discard <= expires).toBe(true);
      }),
    );
  });

  it('the tramadol (C-IV) written 2 Nov 2026 with a year’s expiry: discard by 2 May 2027, not 2 Nov 2027', () => {
    const rx = {
      id: '0a0a0a0a-0000-4000-8000-000000000000',
      drug_name: 'Tramadol',
      strength: '50 mg',
      written_at: '2026-11-02',
      expires_at: '2027-11-02',
      product: { id: 'p', name: 'Tramadol 50 mg tablet', is_controlled_substance: true },
    } as PrescriptionDetail;
    expect(labelOf(rx, '2026-11-27', []).discardAfter).toBe('May 2, 2027');
  });

  it('a drug with no schedule keeps the prescription’s own expiry', () => {
    const rx = {
      id: '0a0a0a0a-0000-4000-8000-000000000000',
      drug_name: 'Amoxicillin',
      written_at: '2026-11-02',
      expires_at: '2027-11-02',
      product: { id: 'p', name: 'Amoxicillin 500 mg capsule', is_controlled_substance: false },
    } as PrescriptionDetail;
    expect(labelOf(rx, '2026-11-27', []).discardAfter).toBe('Nov 2, 2027');
  });
});
