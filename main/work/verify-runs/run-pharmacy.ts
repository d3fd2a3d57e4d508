// The pharmacy around main's verification run (RunParts' `pharmacy`), from the event system: the order watched while
// the run is open, a refusal when it changed under the run or another station holds it, what the run recorded told to
// the other stations, and the training service told of the runs open here.
import { operations } from '../../../contract/service/operations.ts';
import {
  claimWords,
  type EventSystem,
  type SharingParts,
  shareAfterRecord,
  sharedPersonName,
} from '../../events/index.ts';
import { claimedWords, type PharmacyRecord } from '../../events/record/record.ts';
import { callService, type ServiceCallParts } from '../../service/calls/service-calls.ts';
import type { Session } from '../../service/session/index.ts';
import type { RunParts } from './run-parts.ts';

/** What the pharmacy around a verification run uses (and the training service, told of the runs open here). */
export interface RunPharmacyParts extends SharingParts, ServiceCallParts {
  record: Pick<PharmacyRecord, 'claimOf' | 'lastClaimOf' | 'station' | 'release'>;
  session: Pick<Session, 'state' | 'caller'>;
  events: Pick<EventSystem, 'shares' | 'watch' | 'changedUnderRun' | 'acknowledge' | 'suppress'>;
  backend: { kind: string };
}

/**
 * Tells the training service an order is open in a run here, or no longer, so its simulation never moves the order
 * under the person verifying it. Only the training service has it; a refusal or an outage changes nothing here.
 */
async function tellTraining(parts: RunPharmacyParts, orderId: string, open: boolean): Promise<void> {
  if (parts.backend.kind !== 'training') return;
  try {
    await callService(operations.training.openRun, { params: { order_id: orderId }, body: { open } }, parts);
  } catch {
    // Best effort: the run goes on; the hold expires on its own (OPEN_RUN_HOLD_MINUTES).
  }
}

/** This station's claim of the order in the pharmacy's record ends (the run was let go or recorded). */
function releaseInRecord(parts: RunPharmacyParts, orderId: string): void {
  const user = parts.session.state().user;
  const person = { id: user?.id ?? null, name: sharedPersonName(parts), role: null };
  parts.record.release(orderId, person).catch((error: unknown) => {
    parts.log.warn('the claim could not be released in the record', { error: String(error) });
  });
}

/**
 * Whether the record's claims decide over a share's claim of the order: the record holds a claim by the share's own
 * station, or one written since the share's. The share's claim holds 2 hours; the record's only while its heartbeat
 * does, so a station that stopped no longer holds the order there 2 minutes on.
 */
function claimedInRecord(parts: RunPharmacyParts, orderId: string, share: { station: string; at: string }): boolean {
  const last = parts.record.lastClaimOf(orderId);
  return !!last && (last.station.name === share.station || Date.parse(last.at) >= Date.parse(share.at));
}

/** The pharmacy around main's verification run (run-parts.ts `pharmacy`), from the event system. */
export function runPharmacy(parts: RunPharmacyParts): RunParts['pharmacy'] {
  return {
    watch: (orderId) => parts.events.watch(orderId),
    open: (orderId) => tellTraining(parts, orderId, true),
    changedUnder: (orderId) => {
      const changed = parts.events.changedUnderRun(orderId);
      if (changed) return changed.message;
      // Another station's claim lives in the pharmacy's record: this station's count of it is not the record.
      const claim = parts.record.claimOf(orderId);
      if (claim && claim.station.key !== parts.record.station.key) return claimedWords(claim);
      // Before the record, the relay's shares (a station not yet on this version still claims there).
      const elsewhere = parts.events.shares.heldElsewhere(orderId);
      return elsewhere && !claimedInRecord(parts, orderId, elsewhere) ? claimWords(elsewhere) : null;
    },
    share: (kind, orderId, orderNumber, detail) => {
      if (kind === 'verified') {
        void tellTraining(parts, orderId, false);
        releaseInRecord(parts, orderId);
      }
      shareAfterRecord(parts, kind, orderId, orderNumber, detail ?? null);
    },
    release: (orderId) => {
      void tellTraining(parts, orderId, false);
      parts.events.acknowledge(orderId);
      shareAfterRecord(parts, 'released', orderId, null);
      releaseInRecord(parts, orderId);
    },
  };
}
