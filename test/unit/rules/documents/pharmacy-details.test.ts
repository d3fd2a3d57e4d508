// "Pharmacy details missing": a label or a slip without the pharmacy's name, address and phone is refused for that,
// in those words, naming exactly what is missing and where it is set; never "not verified".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentKinds } from '../../../../contract/documents.ts';
import {
  missingPharmacyDetails,
  PHARMACY_MISSING,
  pharmacyMissingReason,
} from '../../../../rules/documents/pharmacy-details.ts';

const detail = fc.option(fc.oneof(fc.constant(''), fc.constant('   '), fc.string({ minLength: 1, maxLength: 20 })));

describe('pharmacy details missing', () => {
  it('names exactly what is missing, says where to set it, and never speaks of verification', () => {
    fc.assert(
      fc.property(detail, detail, detail, fc.constantFrom(...documentKinds), (name, address, phone, kind) => {
        const details = { pharmacyName: name, pharmacyAddress: address, pharmacyPhone: phone };
        const missing = missingPharmacyDetails(details);
        const reason = pharmacyMissingReason(kind, details);
        const printsPharmacy = kind === 'prescription_label' || kind === 'packing_slip';
        if (!printsPharmacy || missing.length === 0) {
          expect(reason).toBeNull();
          return;
        }
        expect(reason?.startsWith(`${PHARMACY_MISSING}: `)).toBe(true);
        const listed = (reason ?? '').split(' are not set')[0]?.split(' is not set')[0] ?? '';
        for (const each of ['name', 'address', 'phone'] as const) {
          const blank = ({ name, address, phone }[each] ?? '').trim() === '';
          expect(missing.includes(each)).toBe(blank);
          expect(listed.includes(each)).toBe(blank);
        }
        expect(reason).toContain('Settings → Pharmacy and printing');
        expect(reason).not.toMatch(/verif/i);
      }),
    );
  });

  it('says it plainly for a fresh install', () => {
    const none = { pharmacyName: null, pharmacyAddress: null, pharmacyPhone: null };
    expect(pharmacyMissingReason('prescription_label', none)).toBe(
      "Pharmacy details missing: the pharmacy's name, address and phone are not set on this station, and every prescription label prints them. An admin enters them in Settings → Pharmacy and printing (Alt+Shift+S); nothing else lets it print.",
    );
    expect(pharmacyMissingReason('packing_slip', { ...none, pharmacyName: 'Maple', pharmacyAddress: '1 Elm' })).toBe(
      "Pharmacy details missing: the pharmacy's phone is not set on this station, and every packing slip prints them. An admin enters them in Settings → Pharmacy and printing (Alt+Shift+S); nothing else lets it print.",
    );
    expect(pharmacyMissingReason('lot_label', none)).toBeNull();
  });
});
