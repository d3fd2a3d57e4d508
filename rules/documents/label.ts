// The prescription label's content from what main read: the prescription (with its patient, prescriber, product and
// electronic prescription), the pharmacy, the stock, the service barcode, the verification that counted its line (with
// the lots it read) and the pharmacist who said "OK to fill". A label a board would accept: the dosage form, the NDC,
// the manufacturer, a description where known, the pharmacist's initials, a beyond-use date by the pharmacy's rule
// and warnings by drug class.

import type { LabelContent } from '../../contract/document-content.ts';
import { drugWithStrength, type LabelStock, refillsAfterThisFill } from '../../contract/documents.ts';
import type { PrescriptionDetail } from '../../contract/service/prescriptions.ts';
import type { ScheduleVocabulary } from '../verification/schedule.ts';
import { earlierDay, isoDay, writtenDay, yearAfter } from '../words/dates.ts';
import { serviceName } from '../words/person-name.ts';
import { mentionsTerm, wordsOf } from '../words/text-match.ts';
import { auxiliaryWarnings, type WarningVocabulary } from './warnings.ts';

export interface LabelFacts {
  pharmacy: { name: string; address: string; phone: string };
  stock: LabelStock;
  prescription: PrescriptionDetail;
  barcode: string;
  /** The verification that counted this line complete (when, the lot expiries it read); null before one did. */
  verification: { recordedAt: string; lotExpiries: readonly string[] } | null;
  /** The manufacturer of the lot the verification counted, when main read one. */
  manufacturer?: string | null;
  /** The pharmacist whose review said "OK to fill" (their name as the audit log keeps it), when there is one. */
  pharmacist?: string | null;
  /** Printed before the pharmacist's final check (a technician's verification): the label carries the band. */
  awaitingFinalCheck?: boolean;
  /** Main's clock, ISO: the fill day when no verification names one. */
  now: string;
  vocabulary: WarningVocabulary;
  /** DEA schedules by ingredient (resources/vocabulary/controlled-schedules.json). */
  schedules: ScheduleVocabulary;
}

/** Across a label printed before the pharmacist's final check: its live barcode is what the pharmacist scans then. */
export const AWAITING_FINAL_CHECK_BAND = 'AWAITING PHARMACIST FINAL CHECK';

/** The drug as the label names it: the prescription's drug name (else the product's), with its strength once. */
export function labelDrug(rx: PrescriptionDetail): string {
  return drugWithStrength(
    rx.drug_name ?? rx.product?.name ?? rx.name ?? 'Medication',
    rx.strength ?? rx.product?.strength,
  );
}

/**
 * The beyond-use date, by the pharmacy-wide rule: the earlier of the expiry of every lot counted into the vial and one
 * year from the fill. The prescription's own expiry limits its refills, not how long the medication keeps.
 */
export function beyondUseDay(filledDay: string, lotExpiries: readonly string[]): string {
  const lots = lotExpiries.map(isoDay).filter((day): day is string => day !== null);
  return lots.reduce<string>((soonest, lot) => earlierDay(soonest, lot) as string, yearAfter(filledDay));
}

/** Forms counted in units: "60 tablets" rather than "60 each". */
const COUNTED_FORMS = new Set(['tablet', 'capsule', 'softgel', 'patch', 'suppository', 'lozenge', 'troche', 'film']);

/** The quantity with its form when it is counted in units ("60 tablets"), else with the prescription's units. */
export function quantityWords(
  quantity: number | null | undefined,
  units: string | null | undefined,
  form: string | null,
): string {
  if (quantity == null) return '—';
  const unit = units?.trim().toLowerCase() ?? '';
  if (form && COUNTED_FORMS.has(form.toLowerCase()) && (unit === '' || unit === 'each' || unit === 'ea')) {
    return `${quantity} ${form.toLowerCase()}${quantity === 1 ? '' : 's'}`;
  }
  return [quantity, units ?? ''].join(' ').trim();
}

/** The product's description when it says more than the drug, strength and form already on the label. */
export function describedAs(description: string | null | undefined, restated: string): string | null {
  const text = description?.trim();
  if (!text) return null;
  const known = wordsOf(restated);
  const extra = wordsOf(text)
    .trim()
    .split(' ')
    .filter((word) => word && !mentionsTerm(known, word) && !mentionsTerm(known, word.replace(/s$/, '')));
  return extra.length > 0 ? text : null;
}

/** "Parker Pharmacist" → "P.P.": the pharmacist who checked it, as a label carries them. */
export function initialsOf(name: string | null | undefined): string | null {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words.length ? words.map((word) => `${word.charAt(0).toUpperCase()}.`).join('') : null;
}

export function refillsWords(rx: { fills_remaining?: number | null; refills?: number | null }): string {
  const refills = refillsAfterThisFill(rx);
  if (refills === null) return 'Refills: ask the pharmacy';
  return refills === 0 ? 'No refills' : `Refills: ${refills} remaining`;
}

export function prescriptionLabel(facts: LabelFacts): LabelContent {
  const rx = facts.prescription;
  const drug = labelDrug(rx);
  const filledDay = isoDay(facts.verification?.recordedAt) ?? (isoDay(facts.now) as string);
  const discard = beyondUseDay(filledDay, facts.verification?.lotExpiries ?? []);
  const form = rx.product?.form?.trim() || null;
  return {
    kind: 'prescription_label',
    stock: facts.stock,
    pharmacy: facts.pharmacy,
    rxNumber: rx.electronic_prescription?.reference_number ?? rx.id.slice(0, 8),
    filledOn: writtenDay(filledDay) as string,
    patient: serviceName(rx.patient) ?? 'Patient',
    drug,
    quantity: quantityWords(rx.quantity, rx.units, form),
    directions: rx.sig ?? rx.directions ?? 'Use as directed by your prescriber.',
    prescriber: serviceName(rx.prescriber) ?? 'not on file',
    refills: refillsWords(rx),
    discardAfter: writtenDay(discard) as string,
    warnings: auxiliaryWarnings(drug, rx.product?.is_controlled_substance === true, facts.vocabulary),
    barcode: facts.barcode,
    dosageForm: form,
    ndc: rx.product?.product_code?.trim() || null,
    manufacturer: facts.manufacturer?.trim() || null,
    description: describedAs(rx.product?.description, `${drug} ${form ?? ''}`),
    pharmacistInitials: initialsOf(facts.pharmacist),
    ...(facts.awaitingFinalCheck ? { band: AWAITING_FINAL_CHECK_BAND } : {}),
  };
}
