// The checks' shared shapes: a check, its input, and how a prescription names its drug; below, the days in words and
// a controlled prescription's one validity by schedule, which every check and panel states.
import type { Patient } from '../../contract/service/patient-schemas.ts';
import type { Prescriber } from '../../contract/service/prescribers.ts';
import type { PrescriptionItem } from '../../contract/service/prescriptions.ts';
import type { PrescriptionProduct } from '../../contract/service/products.ts';
import type { RiskFactorMatch } from '../../contract/service/risk-factors.ts';
import { type Day, dayOf, daysBetween } from '../days.ts';
import { type ScheduleVocabulary, scheduleOf } from '../verification/schedule.ts';
import type { DrugClasses } from './drug-vocabulary.ts';

export { ageOn, type Day, dayOf, daysBetween, isMinor, localDay } from '../days.ts';

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

/** The prescription's one validity (`validityOf`, below), as every check and panel states it. */
export function validityOfInput(input: Pick<CheckInput, 'prescription' | 'product' | 'schedules'>): Validity {
  return validityOf({
    schedule: scheduleOfInput(input),
    writtenDay: dayOf(input.prescription.written_at),
    expiresDay: dayOf(input.prescription.expires_at),
  });
}

// Dates for people and for the checks, in words: a day written the same everywhere, how far a day is from today.

// The day itself (a day, today, days between, age, minor) is the rules' one day module; these add the words.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "3 Mar 2026": the same on every workstation, whatever its locale, so a date reads the same to everyone. */
export function formatDay(value: string | null | undefined): string | null {
  const day = dayOf(value);
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** "in 12 days", "today", "3 days ago": how far a day is from today, in words. */
export function relativeDays(day: Day, today: Day): string {
  const days = daysBetween(today, day);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

// Controlled-substance rules by DEA schedule (21 CFR 1306.12, 1306.22): a C-II prescription has no refills; a C-III to
// C-V prescription is filled or refilled within 6 months of the day it was written, and at most 5 times refilled.

/** The last day (YYYY-MM-DD) a prescription of this schedule written on `writtenDay` may be filled; null: no federal limit. */
export function validUntil(schedule: string | null, writtenDay: string): string | null {
  if (!schedule || !['III', 'IV', 'V'].includes(schedule)) return null;
  const [y, m, d] = writtenDay.split('-').map(Number) as [number, number, number];
  // Six calendar months on; a day past the end of that month falls back to its last day (Aug 31 → Feb 28/29).
  const last = new Date(Date.UTC(y, m - 1 + 7, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + 6, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The refills a prescription of this schedule may carry; null: no federal limit (not controlled, or C-I). */
export function maxRefills(schedule: string | null): number | null {
  if (schedule === 'II') return 0;
  if (schedule === 'III' || schedule === 'IV' || schedule === 'V') return 5;
  return null;
}

/** A prescription's one validity: the service's expiry, cut to its schedule's federal limit when that comes first. */
export interface Validity {
  /** The last day it may be filled; null when neither the service nor the schedule gives one. */
  until: string | null;
  /** The service's own expiry when the federal limit cut it short (a data error to show, not a failed check). */
  serviceSaid: string | null;
}

/** One rule, one date: every panel and check that says how long a prescription is good for asks this. */
export function validityOf(input: {
  schedule: string | null;
  writtenDay: string | null;
  expiresDay: string | null;
}): Validity {
  const limit = input.writtenDay ? validUntil(input.schedule, input.writtenDay) : null;
  if (limit && (!input.expiresDay || input.expiresDay > limit)) {
    return { until: limit, serviceSaid: input.expiresDay };
  }
  return { until: input.expiresDay, serviceSaid: null };
}

/**
 * What a pharmacist must see of this controlled prescription: too many refills. An expiry the service sent past the
 * schedule's limit is not the prescriber's error and needs no "why acceptable": the station holds the limit
 * (validityOf) and says so where it shows the date.
 */
export function controlledFindings(input: { schedule: string | null; refills: number | null }): string[] {
  const found: string[] = [];
  const allowed = maxRefills(input.schedule);
  if (allowed !== null && (input.refills ?? 0) > allowed) {
    found.push(
      allowed === 0
        ? `A C-II prescription has no refills; this one carries ${input.refills}.`
        : `A C-${input.schedule} prescription is refilled at most ${allowed} times; this one carries ${input.refills}.`,
    );
  }
  return found;
}

/** A drug's age limit and maximum daily dose, as data (resources/vocabulary/clinical-limits.json, each with its source). */
export interface ClinicalLimit {
  drug: string;
  minAgeYears: number;
  maxDailyDose: number | null;
  doseUnit: 'mg' | 'mcg';
  /** Why there is no maximum, when there is none. */
  reason?: string;
  source: string;
}
