// The audit log's channels that need more than the log: review decisions by a pharmacist (with main's own checks) and
// the admin's export.
// (A verification and its stops are written by main's own run: main/work/verify-runs/verification.ts.)
import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import type { ChannelName } from '../../../contract/ipc.ts';
import { type AuditLog, audited } from '../../audit/index.ts';
import { type SharingParts, shareAfterRecord, sharedPersonName } from '../../events/index.ts';
import type { PharmacyRecord } from '../../events/record/record.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import {
  readRecent,
  readThrough,
  type ServiceCaller,
  type ServiceCallParts,
} from '../../service/calls/service-calls.ts';
import { requireCapability } from '../../service/session/capability-gate.ts';
import type { Session } from '../../service/session/index.ts';
import { reviewToRecord } from './record-reviews.ts';
import { checksOf, findingsOf, REVIEW_READS_REUSED_MS, type ReviewReader, readReview } from './review-reads.ts';

/** What the audit log's channels receive of the station: the log, the session, service reads, what stations share. */
export interface AuditChannelParts extends ServiceCallParts, SharingParts {
  audit: AuditLog;
  record: Pick<PharmacyRecord, 'append'>;
  session: Pick<Session, 'state' | 'caller'>;
  events: ServiceCallParts['events'] & SharingParts['events'];
}

export const auditHandlers: ChannelGroup<Extract<ChannelName, `audit:${string}`> | 'review:open', AuditChannelParts> = {
  // What the review screen shows is main's reads, once, and the checks main runs over them: the ones recorded below.
  'review:open': async (input, parts) => {
    const reads = await readReview(
      input.prescriptionId,
      input.orderId,
      (operation, call) => readThrough(operation, call, parts),
      'The review could not be opened',
    );
    const { prescription, electronic, shownOrder: order, shipsOnId: orderId, prescriber, riskFactors, asOf } = reads;
    const checks = checksOf(reads, new Date());
    return { prescription, electronic, orderId, order, prescriber, riskFactors, checks, asOf };
  },
  'audit:list': (input, { audit }) => audited(() => audit.list(input ?? {})),
  // Main runs the checks itself and records its own findings; the screen's say only the pharmacist's acknowledgements.
  'audit:recordReview': async (input, parts) => {
    requireCapability(parts.session, 'review_decision', 'record a review decision (sign in as a pharmacist)');
    // The reads the review was opened with (this sign-in, the last few minutes) are the ones the pharmacist saw: the
    // decision is recorded over them, and a change at the service since is what the gates find (record-reviews.ts).
    const recent: ReviewReader = (operation, call) => readRecent(operation, call, parts, REVIEW_READS_REUSED_MS);
    const reads = await readReview(input.prescriptionId, undefined, recent, 'The review was not recorded');
    if (reads.prescription.id !== input.prescriptionId)
      throw new StationError('not_found', 'The review was not recorded: that is not a prescription the service has.');
    const findings = findingsOf(checksOf(reads, new Date()), input);
    const { user, role } = parts.session.state();
    const review = audited(() => parts.audit.recordReview({ ...input, findings }, user));
    // Every station obeys the newest decision in the pharmacy's record; this station's log keeps its own copy.
    const person = { id: user?.id ?? null, name: sharedPersonName(parts), role: role ?? null };
    const read: ServiceCaller = async (operation, call) => (await recent(operation, call)).value;
    await reviewToRecord(review, person, { record: parts.record, read }, reads.prescription);
    shareAfterRecord(parts, 'reviewed', review.prescriptionId, null, review.decision);
    return review;
  },
  'audit:reviews': (input, { audit }) => audited(() => audit.reviews(input)),
  'audit:export': (input, parts) => {
    requireCapability(parts.session, 'export_audit', 'export the audit log');
    return audited(() => parts.audit.exportRange(input));
  },
  // Who acknowledges is the session's admin, confirmed by the service in this run; the page says only "acknowledge".
  'audit:acknowledgeUnkeyed': (_input, parts) => {
    requireCapability(
      parts.session,
      'acknowledge_unkeyed_record',
      "acknowledge that this station's record is not keyed",
    );
    const { user } = parts.session.state();
    if (!user) throw new StationError('not_signed_in', 'Sign in first.');
    return audited(() => parts.audit.acknowledgeUnkeyed(user));
  },
  'audit:stops': (input, { audit }) => audited(() => audit.stops(input)),
  // Recorded by main after the service confirmed the adjustment (main/service/calls/); the renderer only reads them.
  'audit:adjustments': (input, { audit }) => audited(() => audit.adjustments(input)),
};
