// The audit log's channels that need more than the log: review decisions by a pharmacist (with main's own checks) and
// the admin's export.
// (A verification and its stops are written by main's own run: main/verify-runs/verification.ts.)
import type { z } from 'zod';
import type { auditExportInput, reviewDecisionInput } from '../../contract/ipc/audit-review.ts';
import { StationError } from '../errors/station-errors.ts';
import { shareAfterRecord } from '../events/pharmacy-channels.ts';
import { requireCapability } from '../session/capability-gate.ts';
import type { StationParts } from '../station/parts.ts';
import { AuditError } from './index.ts';
import { checksOf, findingsOf } from './review-checks.ts';

/** The audit log's refusals as the station's own, keeping their code, message and field details. */
export async function auditedAsync<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AuditError) throw new StationError(error.code, error.message, error.details);
    throw error;
  }
}

export function audited<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof AuditError) throw new StationError(error.code, error.message, error.details);
    throw error;
  }
}

export const auditChannels = {
  /** Main runs the checks itself and records its own findings; the screen's say only the pharmacist's acknowledgements. */
  recordReview: async (input: z.output<typeof reviewDecisionInput>, parts: StationParts) => {
    requireCapability(parts.session, 'review_decision', 'record a review decision (sign in as a pharmacist)');
    const findings = findingsOf(await checksOf(input.prescriptionId, parts, new Date()), input);
    const review = audited(() => parts.audit.recordReview({ ...input, findings }, parts.session.state().user));
    shareAfterRecord(parts, 'reviewed', review.prescriptionId, null, review.decision);
    return review;
  },
  exportRange: (input: z.output<typeof auditExportInput>, parts: StationParts) => {
    requireCapability(parts.session, 'export_audit', 'export the audit log');
    return audited(() => parts.audit.exportRange(input));
  },
};
