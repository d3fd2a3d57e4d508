// The audit log's channels that need more than the log: review decisions by a pharmacist (with main's own checks) and
// the admin's export.
// (A verification and its stops are written by main's own run: main/verify-runs/verification.ts.)
import type { z } from 'zod';
import type { auditExportInput, reviewDecisionInput } from '../../contract/ipc/audit-review.ts';
import { AuditError } from '../audit/index.ts';
import { StationError } from './errors.ts';
import type { StationParts } from './parts.ts';
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

function signedIn({ session }: StationParts) {
  const state = session.state();
  if (!state.user) throw new StationError('not_signed_in', 'Sign in first.');
  return { user: state.user, role: state.role };
}

export const auditChannels = {
  /** Main runs the checks itself and records its own findings; the screen's say only the pharmacist's acknowledgements. */
  recordReview: async (input: z.output<typeof reviewDecisionInput>, parts: StationParts) => {
    const { role } = signedIn(parts);
    if (role !== 'pharmacist') {
      throw new StationError('forbidden', 'A review decision is a pharmacist’s: sign in as a pharmacist to record it.');
    }
    const findings = findingsOf(await checksOf(input.prescriptionId, parts, new Date()), input);
    return audited(() => parts.audit.recordReview({ ...input, findings }, parts.session.state().user));
  },
  exportRange: (input: z.output<typeof auditExportInput>, parts: StationParts) => {
    if (signedIn(parts).role !== 'admin')
      throw new StationError('forbidden', 'Only an admin may export the audit log.');
    return audited(() => parts.audit.exportRange(input));
  },
};
