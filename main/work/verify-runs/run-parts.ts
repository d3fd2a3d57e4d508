// What a verification run needs from the station, and nothing more: the station adapts its parts to this
// (own-channels.ts), so main/work/verify-runs depends on no station file but the errors it throws.
import type { AuditPerson } from '../../../contract/ipc/audit-shapes.ts';
import type { ConfirmationPurpose } from '../../../contract/ipc/sign-off.ts';
import type { QuantityAdjustmentBody } from '../../../contract/service/inventory.ts';
import type { Capability } from '../../../rules/capabilities.ts';
import type { AuditLog, AuditUser } from '../../audit/index.ts';
import type { PharmacyRecord } from '../../events/record/record.ts';
import type { ServiceReader } from '../../service/calls/service-calls.ts';
import type { VerifyRuns } from './runs-repository.ts';

export interface RunParts {
  runs: VerifyRuns;
  audit: AuditLog;
  /** The pharmacy's record: the review decisions the gate obeys, the order's one verification. */
  record: Pick<
    PharmacyRecord,
    'latestReview' | 'station' | 'verified' | 'verificationOf' | 'claimOf' | 'append' | 'status'
  >;
  /** The signed-in person; `roleConfirmed`: the service confirmed the role in this run (not read back from disk). */
  signedIn(): { user: AuditUser & { id: string | null }; role: string | null; roleConfirmed: boolean };
  /** A service read; offline, what this station read earlier (asOf: when), else it throws. */
  read: ServiceReader;
  /** Refuses unless the signed-in person's role, as the service confirmed it in this run, holds the capability. */
  require(capability: Capability, what: string): void;
  /** The pharmacist of a confirmation given at this station for `purpose`, used up; a refusal otherwise. */
  takeConfirmation(confirmationId: string, purpose: ConfirmationPurpose): AuditPerson;
  /**
   * The pharmacy around the run (issue 25): the order watched for changes while the run is open, a refusal when the
   * order changed under it (cancelled, held, items changed) or another station holds it, and what this run recorded
   * told to the other stations.
   */
  pharmacy: {
    watch(orderId: string): void;
    /** The training service is told the order is open in a run here (its simulation leaves it alone); best effort. */
    open(orderId: string): Promise<void>;
    changedUnder(orderId: string): string | null;
    share(
      kind: 'verified' | 'stop_raised' | 'released',
      orderId: string,
      orderNumber: string | null,
      detail?: string,
    ): void;
    release(orderId: string): void;
  };
  /** Whether the station finds the service down now. */
  isOffline(): boolean;
  /** Queues a lot's stock change in the outbox (durable before it resolves; the same key is queued once). */
  takeStock(change: { key: string; lotId: string; body: QuantityAdjustmentBody }): Promise<void>;
  /** The name of a task queued at this station (its outbox reference), null when unknown here. */
  taskName(ref: string): string | null;
  /** Main's clock (ms since epoch). */
  now(): number;
  /** The states the pharmacy is licensed to ship to, from its details (empty: not set). */
  licensedStates(): Promise<readonly string[]>;
}
