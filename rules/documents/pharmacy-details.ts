// The pharmacy a document names: a prescription label and a packing slip print the pharmacy's name, address and phone
// (the slip's returns note gives the number to call), so neither prints while any of them is missing. The refusal
// says so plainly ("Pharmacy details missing"), never "not verified": no count and no pharmacist's override fixes it,
// only an admin entering them in Settings. Main decides by it (main/work/print/print-gate.ts); the screens show it.
import type { DocumentKind } from '../../contract/documents.ts';

export interface PharmacyDetails {
  pharmacyName: string | null;
  pharmacyAddress: string | null;
  pharmacyPhone: string | null;
}

export type PharmacyDetail = 'name' | 'address' | 'phone';

/** The words that start every refusal for this cause, whatever else it says. */
export const PHARMACY_MISSING = 'Pharmacy details missing';

/** The documents that print the pharmacy's details. */
export function needsPharmacyDetails(kind: DocumentKind): boolean {
  return kind === 'prescription_label' || kind === 'packing_slip';
}

/** Which of the pharmacy's details are not set (blank counts as not set). */
export function missingPharmacyDetails(details: PharmacyDetails): PharmacyDetail[] {
  const set = (value: string | null) => value !== null && value.trim() !== '';
  return [
    set(details.pharmacyName) ? null : 'name',
    set(details.pharmacyAddress) ? null : 'address',
    set(details.pharmacyPhone) ? null : 'phone',
  ].filter((detail): detail is PharmacyDetail => detail !== null);
}

const DOCUMENT_WORDS: Partial<Record<DocumentKind, string>> = {
  prescription_label: 'every prescription label',
  packing_slip: 'every packing slip',
};

/** Why the document does not print, or null when it needs nothing more of the pharmacy. */
export function pharmacyMissingReason(kind: DocumentKind, details: PharmacyDetails): string | null {
  if (!needsPharmacyDetails(kind)) return null;
  const missing = missingPharmacyDetails(details);
  if (missing.length === 0) return null;
  const listed =
    missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  return `${PHARMACY_MISSING}: the pharmacy's ${listed} ${missing.length === 1 ? 'is' : 'are'} not set on this station, and ${DOCUMENT_WORDS[kind]} prints them. An admin enters them in Settings → Pharmacy and printing (Alt+Shift+S); nothing else lets it print.`;
}
