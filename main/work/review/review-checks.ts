// The clinical checks of a prescription review, run by main with the rules' room over what it read itself (review-reads.ts:
// the prescription, its patient, prescriber, risk factors and other prescriptions, the order it ships on): a review
// decision is recorded with main's findings, and only the pharmacist's acknowledgements are taken from the screen.

import type { z } from 'zod';
import type { ReviewFinding, reviewDecisionInput } from '../../../contract/ipc/audit-review.ts';
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
import type { ReviewReads } from './review-reads.ts';

const classes = readDrugClasses(table);

/** Every check of the prescription, over what main read of it (review-reads.ts). */
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
