// The reads of one prescription review, made once: the prescription (with its patient, prescriber, product and
// electronic prescription embedded), the order it ships on, the patient's risk factors and other prescriptions, and the
// prescriber's record only when the prescription does not carry it whole. The review screen's cards and main's checks
// are both answered from these (review:open), and a decision recorded soon after reuses them (readRecent). Main's
// checks over them are below.

import type { z } from 'zod';
import type { ReviewFinding, reviewDecisionInput } from '../../../contract/ipc/audit-review.ts';
import type { AnyOperation } from '../../../contract/service/operation.ts';
import { operations } from '../../../contract/service/operations.ts';
import type { Order } from '../../../contract/service/orders.ts';
import type { Prescriber } from '../../../contract/service/prescribers.ts';
import type {
  ElectronicPrescription,
  PrescriptionDetail,
  PrescriptionItem,
} from '../../../contract/service/prescriptions.ts';
import type { RiskFactorMatch } from '../../../contract/service/risk-factors.ts';
import limits from '../../../resources/vocabulary/clinical-limits.json' with { type: 'json' };
import schedules from '../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import table from '../../../resources/vocabulary/drug-classes.json' with { type: 'json' };
import { type ClinicalLimit, localDay } from '../../../rules/clinical/check-model.ts';
import {
  type Check,
  type CheckId,
  findingOf,
  markUnavailable,
  runChecks,
  shippingStateOf,
} from '../../../rules/clinical/checks.ts';
import { readDrugClasses } from '../../../rules/clinical/drug-vocabulary.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import { type Answer, isOfflineFailure, type ServiceRead } from '../../service/calls/service-calls.ts';
import type { CallInput } from '../../service/client/types.ts';

/** How long a decision recorded over an open review reuses the review's reads instead of reading them again. */
export const REVIEW_READS_REUSED_MS = 10 * 60_000;

/** A read through the station (readThrough, or readRecent when recording). */
export type ReviewReader = <O extends AnyOperation>(
  operation: O,
  input: CallInput<O>,
) => Promise<ServiceRead<Answer<O>>>;

export interface ReviewReads {
  prescription: PrescriptionDetail;
  electronic: ElectronicPrescription | null;
  /** The order the review was opened from, else the one the prescription ships on. */
  shownOrder: Order | null;
  /** The id of the order its electronic prescription ships on, when it names one. */
  shipsOnId: string | null;
  /** That order; null when it names none or it could not be read. */
  shipsOn: Order | null;
  prescriber: Prescriber | null;
  /** The prescription names a prescriber whose record could not be read. */
  prescriberUnread: boolean;
  riskFactors: RiskFactorMatch[] | null;
  others: PrescriptionItem[] | null;
  /** When a read came from what this station read earlier (offline): the oldest such reading, ms since epoch. */
  asOf: number | null;
}

const prescriptionInput = (id: string) => ({ params: { prescription_id: id }, query: { include_all: true } });

/** Reads a review: `id` names a prescription, or an electronic prescription (its first medication is reviewed). */
export async function readReview(
  id: string,
  openedFrom: string | undefined,
  read: ReviewReader,
  unread: string,
): Promise<ReviewReads> {
  const earlier: number[] = [];
  const value = async <O extends AnyOperation>(operation: O, input: CallInput<O>): Promise<Answer<O>> => {
    const answer = await read(operation, input);
    if (answer.asOf !== null) earlier.push(answer.asOf);
    return answer.value;
  };
  /** A read that may fail without holding the review back: its checks then say they could not run, never pass. */
  const optional = async <O extends AnyOperation>(operation: O, input: CallInput<O>) => {
    try {
      return await value(operation, input);
    } catch {
      return undefined;
    }
  };
  // Opened from an order, the order is read first: it tells an electronic prescription's id from a prescription's,
  // so neither costs a read that finds nothing.
  const opened = openedFrom ? await optional(operations.orders.get, { params: { order_id: openedFrom } }) : undefined;
  let electronic: ElectronicPrescription | null = null;
  let prescription: PrescriptionDetail;
  try {
    if ((opened?.electronic_prescription_ids ?? []).includes(id)) {
      electronic = await value(operations.prescriptions.getElectronic, { params: { electronic_prescription_id: id } });
      prescription = await value(operations.prescriptions.get, prescriptionInput(firstOf(electronic)));
    } else {
      try {
        prescription = await value(operations.prescriptions.get, prescriptionInput(id));
      } catch (error) {
        if (isOfflineFailure(error)) throw error;
        // Not a prescription's id: an electronic prescription's, or the prescription's own refusal says what went wrong.
        const asElectronic = await optional(operations.prescriptions.getElectronic, {
          params: { electronic_prescription_id: id },
        });
        if (!asElectronic) throw error;
        electronic = asElectronic;
        prescription = await value(operations.prescriptions.get, prescriptionInput(firstOf(asElectronic)));
      }
    }
  } catch (error) {
    // The station's own refusals (an electronic prescription with no medications) say it already.
    if (error instanceof StationError && error.code !== 'offline') throw error;
    const why = error instanceof Error ? error.message : 'it could not be read';
    throw new StationError(
      isOfflineFailure(error) ? 'offline' : 'not_found',
      `${unread}: the prescription could not be read (${why}).`,
    );
  }
  electronic =
    prescription.electronic_prescription ??
    (electronic && electronic.id === prescription.electronic_prescription_id ? electronic : null) ??
    (prescription.electronic_prescription_id
      ? ((await optional(operations.prescriptions.getElectronic, {
          params: { electronic_prescription_id: prescription.electronic_prescription_id },
        })) ?? null)
      : null);
  const patientId = prescription.patient_id ?? prescription.patient?.id ?? null;
  const prescriberId = prescription.prescriber_id ?? prescription.prescriber?.id ?? null;
  const shipsOnId = orderIdOf(electronic);
  // The prescriber embedded whole (with the state licences the checks read) needs no second read.
  const embedded = prescription.prescriber && Array.isArray(prescription.prescriber.qualifications);
  const [prescriber, riskFactors, others, shipsOn] = await Promise.all([
    prescriberId && !embedded
      ? optional(operations.prescribers.get, { params: { prescriber_id: prescriberId } })
      : undefined,
    patientId ? optional(operations.patients.riskFactors, { params: { patient_id: patientId } }) : [],
    patientId ? optional(operations.prescriptions.list, { query: { patient_id: patientId, page_size: 200 } }) : [],
    shipsOnId && shipsOnId !== opened?.id
      ? optional(operations.orders.get, { params: { order_id: shipsOnId } })
      : shipsOnId
        ? opened
        : undefined,
  ]);
  const prescriberRead = prescriber ?? prescription.prescriber ?? null;
  return {
    prescription,
    electronic,
    shownOrder: opened ?? shipsOn ?? null,
    shipsOnId,
    shipsOn: shipsOn ?? null,
    prescriber: prescriberRead,
    prescriberUnread: !prescriberRead && prescriberId !== null,
    riskFactors: Array.isArray(riskFactors) ? riskFactors : null,
    others: Array.isArray(others) ? others : null,
    asOf: earlier.length ? Math.min(...earlier) : null,
  };
}

function firstOf(electronic: ElectronicPrescription): string {
  const first = electronic.prescriptions?.[0];
  if (!first) throw new StationError('not_found', 'This electronic prescription has no medications.');
  return first.id;
}

/** The order an electronic prescription ships on (a field the service sends beyond the contract's list). */
function orderIdOf(electronic: ElectronicPrescription | null): string | null {
  const value = (electronic as { order_id?: unknown } | null)?.order_id;
  return typeof value === 'string' && value !== '' ? value : null;
}

// The clinical checks of a prescription review, run by main with the rules' room over what it read itself (above:
// the prescription, its patient, prescriber, risk factors and other prescriptions, the order it ships on): a review
// decision is recorded with main's findings, and only the pharmacist's acknowledgements are taken from the screen.

const classes = readDrugClasses(table);

/** Every check of the prescription, over what main read of it (`readReview`). */
export function checksOf(reads: ReviewReads, now: Date): Check[] {
  const { prescription, riskFactors, others, shipsOn, shipsOnId } = reads;
  const unavailable: Partial<Record<CheckId, string>> = {};
  if (!riskFactors) {
    unavailable.allergy = "the patient's allergies and medications could not be read.";
    unavailable.medications = unavailable.allergy;
  } else if (!others) unavailable.medications = "the patient's other prescriptions could not be read.";
  if (shipsOnId && !shipsOn) unavailable.order = 'the order it ships on could not be read.';
  if (reads.prescriberUnread) {
    unavailable.license = 'the prescriber could not be read.';
    unavailable.dea = unavailable.license;
  }
  const patient = prescription.patient ?? null;
  const checks = runChecks({
    prescription,
    product: prescription.product ?? null,
    patient,
    prescriber: reads.prescriber,
    riskFactors: riskFactors ?? [],
    patientPrescriptions: others ?? [],
    shippingState: shippingStateOf(shipsOn ?? undefined, patient),
    orderLines: shipsOn ? (shipsOn.products?.prescription ?? []) : null,
    today: localDay(now),
    classes,
    limits: limits.entries as ClinicalLimit[],
    schedules,
  });
  return markUnavailable(checks, unavailable);
}

/**
 * The findings main records: its own checks, each with the pharmacist's acknowledgement of it when it did not pass.
 * What the screen says a check found, or that it passed, is not taken.
 */
export function findingsOf(checks: readonly Check[], input: z.output<typeof reviewDecisionInput>): ReviewFinding[] {
  const acknowledged = new Map(input.findings.map((finding) => [finding.check, finding.acknowledgement]));
  return checks.map((check) => ({
    check: check.id,
    status: check.status,
    finding: findingOf(check).slice(0, 500),
    acknowledgement: check.status === 'pass' ? null : (acknowledged.get(check.id) ?? null),
  }));
}
