// The audit log's channels that need more than the log: review decisions by a pharmacist (with main's own checks) and
// the admin's export.
// (A verification and its stops are written by main's own run: main/work/verify-runs/verification.ts.)
import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import type { ChannelName } from '../../../contract/ipc.ts';
import { AuditError, type AuditLog } from '../../audit/index.ts';
import { type SharingParts, shareAfterRecord } from '../../events/pharmacy-channels.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { ServiceCallParts } from '../../service/calls/service-calls.ts';
import { requireCapability } from '../../service/session/capability-gate.ts';
import type { Session } from '../../service/session/index.ts';
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

/** What the audit log's channels receive of the station: the log, the session, service reads, what stations share. */
export interface AuditChannelParts extends ServiceCallParts, SharingParts {
  audit: AuditLog;
  session: Pick<Session, 'state' | 'caller'>;
  events: ServiceCallParts['events'] & SharingParts['events'];
}

export const auditHandlers: ChannelGroup<Extract<ChannelName, `audit:${string}`>, AuditChannelParts> = {
  'audit:list': (input, { audit }) => audited(() => audit.list(input ?? {})),
  // Main runs the checks itself and records its own findings; the screen's say only the pharmacist's acknowledgements.
  'audit:recordReview': async (input, parts) => {
    requireCapability(parts.session, 'review_decision', 'record a review decision (sign in as a pharmacist)');
    const findings = findingsOf(await checksOf(input.prescriptionId, parts, new Date()), input);
    const review = audited(() => parts.audit.recordReview({ ...input, findings }, parts.session.state().user));
    shareAfterRecord(parts, 'reviewed', review.prescriptionId, null, review.decision);
    return review;
  },
  'audit:reviews': (input, { audit }) => audited(() => audit.reviews(input)),
  'audit:export': (input, parts) => {
    requireCapability(parts.session, 'export_audit', 'export the audit log');
    return audited(() => parts.audit.exportRange(input));
  },
  'audit:stops': (input, { audit }) => audited(() => audit.stops(input)),
  // Recorded by main after the service confirmed the adjustment (main/service/calls/); the renderer only reads them.
  'audit:adjustments': (input, { audit }) => audited(() => audit.adjustments(input)),
};
