// The checks' shared shapes: a check, its input, and how a prescription names its drug.
import type { Patient } from '../../contract/service/patient-schemas.ts';
import type { Prescriber } from '../../contract/service/prescribers.ts';
import type { PrescriptionItem } from '../../contract/service/prescriptions.ts';
import type { PrescriptionProduct } from '../../contract/service/products.ts';
import type { RiskFactorMatch } from '../../contract/service/risk-factors.ts';
import { type ScheduleVocabulary, scheduleOf } from '../verification/schedule.ts';
import { type Validity, validityOf } from './controlled.ts';
import { type Day, dayOf } from './dates.ts';
import type { DrugClasses } from './drug-vocabulary.ts';
import type { ClinicalLimit } from './limits.ts';

export type CheckStatus = 'pass' | 'warn' | 'fail';

/** Every check, in the order the panel shows them: the patient's safety first, then the prescriber, then the paper. */
export const CHECK_IDS = [
  'allergy',
  'medications',
  'interactions',
  'limits',
  'controlled',
  'pdmp',
  'supply',
  'license',
  'dea',
  'product',
  'order',
  'fills',
  'current',
  'guardian',
] as const;

export type CheckId = (typeof CHECK_IDS)[number];

export interface Check {
  id: CheckId;
  /** What is checked, as a statement that holds when it passes ("No allergy conflict"). */
  title: string;
  status: CheckStatus;
  /** Why, in plain words a pharmacist can act on. */
  reason: string;
}

/** Where the medication is going: the order's shipping state, or the patient's own address when there is no order. */
export interface ShippingState {
  state: string;
  from: 'order' | 'patient';
}

/** One prescription line of an order, as the service lists it (the product, its quantity). */
export interface OrderLine {
  id: string;
  name?: string | null;
  quantity?: number | null;
}

export interface CheckInput {
  prescription: PrescriptionItem;
  product: PrescriptionProduct | null;
  patient: Patient | null;
  prescriber: Prescriber | null;
  /** The patient's risk factors (allergies, conditions, medications) as the service lists them. */
  riskFactors: readonly RiskFactorMatch[];
  /** The patient's prescriptions, this one included or not; the checks pick the other open ones. */
  patientPrescriptions: readonly PrescriptionItem[];
  shippingState: ShippingState | null;
  /** The prescription lines of the order it ships on; null or absent: no order read. */
  orderLines?: readonly OrderLine[] | null;
  today: Day;
  /** The drug-class table (resources/vocabulary/drug-classes.json, passed in by the side that runs the checks). */
  classes: DrugClasses;
  /** Age limits and maximum daily doses (resources/vocabulary/clinical-limits.json, passed in); none: not checked. */
  limits?: readonly ClinicalLimit[];
  /** DEA schedules by ingredient (resources/vocabulary/controlled-schedules.json, passed in). */
  schedules?: ScheduleVocabulary;
}

/** What the prescription names: the drug as written, else the matched product. */
export function drugLabel(prescription: PrescriptionItem, product: PrescriptionProduct | null): string {
  return prescription.drug_name || prescription.name || product?.name || 'This drug';
}

/** Everything that says which drug this is, for matching against the class table. */
export function drugText(prescription: PrescriptionItem, product: PrescriptionProduct | null): string {
  return [prescription.drug_name, prescription.name, prescription.description, product?.name, product?.description]
    .filter(Boolean)
    .join(' ');
}

/** Where the medication goes: the order's shipping address, else the patient's own address, else unknown. */
export function shippingStateOf(
  order: { address?: { state?: string | null } | null } | null | undefined,
  patient: Patient | null | undefined,
): ShippingState | null {
  const fromOrder = order?.address?.state?.trim();
  if (fromOrder) return { state: fromOrder.toUpperCase(), from: 'order' };
  const fromPatient = patient?.address?.state?.trim();
  return fromPatient ? { state: fromPatient.toUpperCase(), from: 'patient' } : null;
}

/** "1 refill", "3 refills". */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The prescription's DEA schedule: the service's word on its product, else the vocabulary by name; null: none. */
export function scheduleOfInput(input: Pick<CheckInput, 'prescription' | 'product' | 'schedules'>): string | null {
  const product = (input.product ?? { name: drugLabel(input.prescription, null) }) as Record<string, unknown>;
  const named = { ...product, name: (product.name as string | undefined) ?? drugLabel(input.prescription, null) };
  return input.schedules ? scheduleOf(named, input.schedules) : null;
}

/** The prescription's one validity (controlled.ts validityOf), as every check and panel states it. */
export function validityOfInput(input: Pick<CheckInput, 'prescription' | 'product' | 'schedules'>): Validity {
  return validityOf({
    schedule: scheduleOfInput(input),
    writtenDay: dayOf(input.prescription.written_at),
    expiresDay: dayOf(input.prescription.expires_at),
  });
}
