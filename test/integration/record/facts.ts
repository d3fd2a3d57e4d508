// Drafts of the record's facts the record tests write: a pharmacist's review, a technician's verification.
import type { FactDraft } from '../../../main/events/record/record.ts';

export const pharmacist = { id: 'u-ph', name: 'Parker Pharmacist', role: 'pharmacist' };
export const technician = { id: 'u-tech', name: 'Taylor Technician', role: 'technician' };

export function reviewDraft(
  prescriptionId: string,
  decision: 'reviewed' | 'needs_clarification' | 'exception',
  digest = 'b'.repeat(64),
): Extract<FactDraft, { kind: 'prescription_reviewed' }> {
  return {
    kind: 'prescription_reviewed',
    person: pharmacist,
    prescription_id: prescriptionId,
    decision,
    findings: [],
    note: '',
    task_ref: null,
    digest,
  };
}

export function verifiedDraft(orderId: string, person = technician) {
  return {
    order_id: orderId,
    order_number: `N-${orderId}`,
    person,
    lines: [{ product_id: 'p-1', counted: 30, lots: ['LOT-1'] }],
    final_check: null,
  };
}
