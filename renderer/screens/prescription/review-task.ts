// The task a "Needs clarification" or an "Exception" queues, linked to the prescription: it names the patient, the
// order and the prescriber, so whoever picks it up knows whom to call about what without opening the review.
import type { ReviewDecisionKind } from '../../../contract/audit-terms.ts';
import type { ReviewFinding } from '../../../contract/ipc/audit-review.ts';
import type { TaskCreateBody } from '../../../contract/service/tasks.ts';

export const DECISION_WORDS: Record<ReviewDecisionKind, string> = {
  reviewed: 'Reviewed — OK to fill',
  needs_clarification: 'Needs clarification',
  exception: 'Exception',
};
/** The service's "Prescription" task category. */
const PRESCRIPTION_CATEGORY = 'T02';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who and what the review is about, as the screen read them. */
export interface ReviewSubject {
  prescriptionId: string;
  title: string;
  patient: string | null;
  orderNumber: string | null;
  prescriber: string | null;
}

export function taskBody(
  kind: ReviewDecisionKind,
  subject: ReviewSubject,
  findings: ReviewFinding[],
  note: string,
): TaskCreateBody {
  const lines = findings
    .filter((f) => f.status !== 'pass')
    .map((f) => `- ${f.finding}${f.acknowledgement ? ` (acknowledged: ${f.acknowledgement})` : ''}`);
  const who = [subject.patient, subject.orderNumber ? `order ${subject.orderNumber}` : null].filter(Boolean).join(', ');
  const description = [
    `${DECISION_WORDS[kind]} on the review of ${subject.title} at the station.`,
    subject.patient ? `Patient: ${subject.patient}` : null,
    subject.orderNumber ? `Order: ${subject.orderNumber}` : null,
    subject.prescriber ? `Prescriber: ${subject.prescriber}` : null,
    note ? `Pharmacist's note: ${note}` : null,
    lines.length ? 'Findings:' : 'Findings: every check passed.',
    ...lines,
  ]
    .filter(Boolean)
    .join('\n')
    .slice(0, 5000);
  return {
    name: `${DECISION_WORDS[kind]}: ${subject.title}${who ? ` — ${who}` : ''}`.slice(0, 200),
    description,
    category_code: PRESCRIPTION_CATEGORY,
    ...(UUID.test(subject.prescriptionId) ? { prescription_id: subject.prescriptionId } : {}),
  };
}
