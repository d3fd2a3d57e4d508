// The clinical checks of a prescription review, run by main from what it reads itself (the prescription, its patient,
// prescriber, risk factors and other prescriptions, the order it ships on), with the rules' room: a review decision is
// recorded with main's findings, and only the pharmacist's acknowledgements are taken from the screen.

import type { z } from 'zod';
import type { ReviewFinding, reviewDecisionInput } from '../../../contract/ipc/audit-review.ts';
import type { AnyOperation } from '../../../contract/service/operation.ts';
import { operations } from '../../../contract/service/operations.ts';
import type { PrescriptionDetail } from '../../../contract/service/prescriptions.ts';
import limits from '../../../resources/vocabulary/clinical-limits.json' with { type: 'json' };
import schedules from '../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import table from '../../../resources/vocabulary/drug-classes.json' with { type: 'json' };
import {
  type Check,
  type CheckId,
  markUnavailable,
  runChecks,
  shippingStateOf,
} from '../../../rules/clinical/checks.ts';
import { localDay } from '../../../rules/clinical/dates.ts';
import { readDrugClasses } from '../../../rules/clinical/drug-classes.ts';
import { findingOf } from '../../../rules/clinical/findings.ts';
import type { ClinicalLimit } from '../../../rules/clinical/limits.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import { type Answer, readThrough, type ServiceCallParts } from '../../service/calls/service-calls.ts';
import type { CallInput } from '../../service/client/types.ts';

const classes = readDrugClasses(table);

/** A read that may fail without holding the review back: its checks then say they could not run, never pass. */
async function optional<O extends AnyOperation>(
  operation: O,
  input: CallInput<O>,
  parts: ServiceCallParts,
): Promise<Answer<O> | undefined> {
  try {
    return (await readThrough(operation, input, parts)).value;
  } catch {
    return undefined;
  }
}

/** Every check of the prescription as main reads it now. */
export async function checksOf(
  prescriptionId: string,
  parts: ServiceCallParts,
  now: Date,
  unread = 'The review was not recorded',
): Promise<Check[]> {
  let prescription: PrescriptionDetail;
  try {
    const read = await readThrough(
      operations.prescriptions.get,
      { params: { prescription_id: prescriptionId }, query: { include_all: true } },
      parts,
    );
    prescription = read.value;
  } catch (error) {
    const why = error instanceof Error ? error.message : 'it could not be read';
    throw new StationError('not_found', `${unread}: the prescription could not be read (${why}).`);
  }
  const patientId = prescription.patient_id ?? prescription.patient?.id ?? null;
  const prescriberId = prescription.prescriber_id ?? prescription.prescriber?.id ?? null;
  const orderId = (prescription.electronic_prescription as { order_id?: unknown } | null | undefined)?.order_id;
  const [prescriber, riskFactors, others, order] = await Promise.all([
    prescriberId ? optional(operations.prescribers.get, { params: { prescriber_id: prescriberId } }, parts) : undefined,
    patientId ? optional(operations.patients.riskFactors, { params: { patient_id: patientId } }, parts) : [],
    patientId
      ? optional(operations.prescriptions.list, { query: { patient_id: patientId, page_size: 200 } }, parts)
      : [],
    typeof orderId === 'string' ? optional(operations.orders.get, { params: { order_id: orderId } }, parts) : undefined,
  ]);
  const unavailable: Partial<Record<CheckId, string>> = {};
  if (!Array.isArray(riskFactors)) {
    unavailable.allergy = "the patient's allergies and medications could not be read.";
    unavailable.medications = unavailable.allergy;
  } else if (!Array.isArray(others)) unavailable.medications = "the patient's other prescriptions could not be read.";
  if (typeof orderId === 'string' && !order) unavailable.order = 'the order it ships on could not be read.';
  const prescriberRead = prescriber ?? prescription.prescriber ?? null;
  if (!prescriberRead && prescriberId) {
    unavailable.license = 'the prescriber could not be read.';
    unavailable.dea = unavailable.license;
  }
  const patient = prescription.patient ?? null;
  const checks = runChecks({
    prescription,
    product: prescription.product ?? null,
    patient,
    prescriber: prescriberRead,
    riskFactors: Array.isArray(riskFactors) ? riskFactors : [],
    patientPrescriptions: Array.isArray(others) ? others : [],
    shippingState: shippingStateOf(order, patient),
    orderLines: order ? (order.products?.prescription ?? []) : null,
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
