// The audit log's channels that need more than the log: review decisions by a pharmacist and the admin's export.
// (A verification and its stops are written by main's own run: main/verify-runs/verification.ts.)
import type { z } from 'zod';
import type { auditExportInput, reviewDecisionInput } from '../../contract/ipc/audit-review.ts';
import { AuditError } from '../audit/index.ts';
import { requireCapability } from './capability-gate.ts';
import { StationError } from './errors.ts';
import type { StationParts } from './parts.ts';

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
  recordReview: (input: z.output<typeof reviewDecisionInput>, parts: StationParts) => {
    requireCapability(parts.session, 'review_decision', 'record a review decision (sign in as a pharmacist)');
    return audited(() => parts.audit.recordReview(input, parts.session.state().user));
  },
  exportRange: (input: z.output<typeof auditExportInput>, parts: StationParts) => {
    requireCapability(parts.session, 'export_audit', 'export the audit log');
    return audited(() => parts.audit.exportRange(input));
  },
};
