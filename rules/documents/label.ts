// The prescription label's content from what main read: the prescription (with its patient, prescriber, product and
// electronic prescription), the pharmacy, the stock, the service barcode and the verification that counted its line.

import type { LabelContent } from '../../contract/document-content.ts';
import { drugWithStrength, type LabelStock, refillsAfterThisFill } from '../../contract/documents.ts';
import type { PrescriptionDetail } from '../../contract/service/prescriptions.ts';
import { discardWithinValidity, validUntil } from '../clinical/controlled.ts';
import { type ScheduleVocabulary, scheduleOf } from '../verification/schedule.ts';
import { earlierDay, isoDay, writtenDay, yearAfter } from '../words/dates.ts';
import { serviceName } from '../words/person-name.ts';
import { auxiliaryWarnings, type WarningVocabulary } from './warnings.ts';

export interface LabelFacts {
  pharmacy: { name: string; address: string; phone: string };
  stock: LabelStock;
  prescription: PrescriptionDetail;
  barcode: string;
  /** The verification that counted this line complete (when, the lot expiries it read); null before one did. */
  verification: { recordedAt: string; lotExpiries: readonly string[] } | null;
  /** Main's clock, ISO: the fill day when no verification names one. */
  now: string;
  vocabulary: WarningVocabulary;
  /** DEA schedules by ingredient (resources/vocabulary/controlled-schedules.json): a controlled label's validity. */
  schedules: ScheduleVocabulary;
}

/** The drug as the label names it: the prescription's drug name (else the product's), with its strength once. */
export function labelDrug(rx: PrescriptionDetail): string {
  return drugWithStrength(
    rx.drug_name ?? rx.product?.name ?? rx.name ?? 'Medication',
    rx.strength ?? rx.product?.strength,
  );
}

/** Discard after: the earliest of the prescription's expiry, the lot expiries counted, and a year after the fill. */
export function discardDay(filledDay: string, rxExpires: string | null, lotExpiries: readonly string[]): string {
  const lots = lotExpiries.map(isoDay).filter((day): day is string => day !== null);
  const soonest = [isoDay(rxExpires), ...lots].reduce<string | null>(earlierDay, null);
  return earlierDay(soonest, yearAfter(filledDay)) as string;
}

/** The last day a controlled prescription may be filled (C-III to C-V: 6 months from written); null: no federal limit. */
export function prescriptionValidUntil(rx: PrescriptionDetail, schedules: ScheduleVocabulary): string | null {
  const written = isoDay(rx.written_at);
  if (!written) return null;
  const product = { ...(rx.product ?? {}), name: rx.product?.name ?? rx.drug_name ?? rx.name ?? '' };
  return validUntil(scheduleOf(product, schedules), written);
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
  const discard = discardWithinValidity(
    discardDay(filledDay, rx.expires_at ?? null, facts.verification?.lotExpiries ?? []),
    prescriptionValidUntil(rx, facts.schedules),
  );
  return {
    kind: 'prescription_label',
    stock: facts.stock,
    pharmacy: facts.pharmacy,
    rxNumber: rx.electronic_prescription?.reference_number ?? rx.id.slice(0, 8),
    filledOn: writtenDay(filledDay) as string,
    patient: serviceName(rx.patient) ?? 'Patient',
    drug,
    quantity: [rx.quantity ?? '—', rx.units ?? ''].join(' ').trim(),
    directions: rx.sig ?? rx.directions ?? 'Use as directed by your prescriber.',
    prescriber: serviceName(rx.prescriber) ?? 'not on file',
    refills: refillsWords(rx),
    discardAfter: writtenDay(discard) as string,
    warnings: auxiliaryWarnings(drug, rx.product?.is_controlled_substance === true, facts.vocabulary),
    barcode: facts.barcode,
  };
}
