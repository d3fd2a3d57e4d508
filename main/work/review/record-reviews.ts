// The pharmacist's review decisions in the pharmacy's record: each decision recorded here goes there too, with the
// digest of what was reviewed as main read it; the gate reads the newest decision of any station, and an "OK to fill"
// counts only while that digest still matches what main reads from the service now.
import { createHash } from 'node:crypto';
import type { ReviewDecision } from '../../../contract/ipc/audit-review.ts';
import { operations } from '../../../contract/service/operations.ts';
import type { PrescriptionDetail } from '../../../contract/service/prescriptions.ts';
import { type ReviewedRiskFactor, reviewedContent } from '../../../rules/clinical/reviewed-content.ts';
import type { ReviewOfPrescription } from '../../../rules/verification/fill-gate.ts';
import type { AuditLog } from '../../audit/index.ts';
import type { Person, PharmacyRecord } from '../../events/record/record.ts';
import type { ServiceCaller } from '../../service/calls/service-calls.ts';

/** How many of this station's own review decisions are read for a prescription the record has none of. */
const REVIEWS_READ = 5;

/**
 * The digest of what a review covers, read from the service now: the prescription (or the one main just read with
 * `include_all`, as the review read it) and the patient's risk factors. null when either cannot be read (an OK is then
 * not confirmed).
 */
export async function reviewedDigest(
  prescriptionId: string,
  read: ServiceCaller,
  known?: PrescriptionDetail,
): Promise<string | null> {
  try {
    const prescription =
      known ??
      (await read(operations.prescriptions.get, {
        params: { prescription_id: prescriptionId },
        query: { include_all: true },
      }));
    const patientId = prescription.patient_id ?? prescription.patient?.id ?? null;
    const factors = patientId
      ? await read(operations.patients.riskFactors, { params: { patient_id: patientId }, query: {} })
      : [];
    const content = reviewedContent(prescription, factors as readonly ReviewedRiskFactor[]);
    return createHash('sha256').update(content).digest('hex');
  } catch {
    return null;
  }
}

/**
 * Puts a decision this station recorded into the pharmacy's record, with the digest of what was reviewed (`known`: the
 * prescription as the review read it).
 */
export async function reviewToRecord(
  review: ReviewDecision,
  person: Person,
  parts: { record: Pick<PharmacyRecord, 'append'>; read: ServiceCaller },
  known?: PrescriptionDetail,
): Promise<void> {
  const digest = (await reviewedDigest(review.prescriptionId, parts.read, known)) ?? '0'.repeat(64);
  await parts.record.append({
    kind: 'prescription_reviewed',
    person,
    prescription_id: review.prescriptionId,
    decision: review.decision,
    findings: review.findings.filter((f) => f.acknowledgement !== null).map((f) => f.check.slice(0, 100)),
    note: review.note.slice(0, 1000),
    task_ref: review.taskRef,
    digest,
  });
}

export interface GateReviewParts {
  record: Pick<PharmacyRecord, 'latestReview' | 'station'>;
  audit: Pick<AuditLog, 'reviews'>;
  /** A service read now (offline: what this station read earlier). */
  read: ServiceCaller;
}

/**
 * The review decisions of a prescription as the record holds them, newest first: the record's newest decision (any
 * station's), or this station's own log for a prescription decided before the record. What it reviewed is not checked
 * here (the work queue shows it; the gates below check it).
 */
export function recordedReviews(prescriptionId: string, parts: Omit<GateReviewParts, 'read'>): ReviewOfPrescription[] {
  const fact = parts.record.latestReview(prescriptionId);
  // Decided here before the record existed: this station's own log.
  if (!fact) return parts.audit.reviews({ prescriptionId, limit: REVIEWS_READ });
  const review: ReviewOfPrescription = {
    decision: fact.decision,
    taskRef: fact.task_ref,
    note: fact.note,
    recordedAt: fact.at,
    user: { name: fact.person.name, email: '', id: fact.person.id },
    station: fact.station.key === parts.record.station.key ? null : fact.station.name,
  };
  return [review];
}

/** The review decisions the gate reads of each prescription, newest first (reviewsOf is what fill-gate.ts takes). */
export async function gateReviews(
  prescriptionIds: readonly string[],
  parts: GateReviewParts,
  known: readonly PrescriptionDetail[] = [],
): Promise<(prescriptionId: string) => ReviewOfPrescription[]> {
  const found = new Map<string, ReviewOfPrescription[]>();
  for (const id of new Set(prescriptionIds)) {
    const fact = parts.record.latestReview(id);
    const reviews = recordedReviews(id, parts);
    const newest = reviews[0];
    // Only an OK of the record needs what it reviewed to be what main reads now; a hold holds whatever changed.
    if (fact?.decision === 'reviewed' && newest) {
      const read = known.find((prescription) => prescription.id === id);
      const changedSince = (await reviewedDigest(id, parts.read, read)) !== fact.digest;
      found.set(id, [{ ...newest, changedSince }]);
    } else found.set(id, reviews);
  }
  return (prescriptionId) => found.get(prescriptionId) ?? [];
}
