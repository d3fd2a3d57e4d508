// An order open at this station changed under its run (main learnt it from its own inbox), or one of its prescriptions
// was cancelled: kept in the audit log with whose run it stopped, then shown to the renderer (the verify screen's
// banner); and what the other stations shared.

import type { AuditLog } from '../audit/index.ts';
import type { EventSystem, OrderInterruption } from '../events/index.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { Session } from '../service/session/index.ts';
import { cancelledUnderRuns } from '../work/verify-runs/prescription-cancelled.ts';
import type { VerifyRuns } from '../work/verify-runs/runs-repository.ts';
import type { StationEmitter } from './emitter.ts';

/** What keeping and showing an interruption uses of the station. */
export interface InterruptionParts {
  audit: Pick<AuditLog, 'recordInterruption'>;
  session: Pick<Session, 'state'>;
  emitter: Pick<StationEmitter, 'emit'>;
  log: Logger;
}

export function recordAndShowInterruption(interruption: OrderInterruption, parts: InterruptionParts): void {
  try {
    parts.audit.recordInterruption(interruption, parts.session.state().user);
  } catch (error) {
    parts.log.error('an order interruption was not recorded in the audit log', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  parts.emitter.emit('order.interrupted', interruption);
}

/**
 * Ties the event system's order changes and shares to the audit log and the renderer (parts read when they happen),
 * and a prescription cancelled under a run open here (main/work/verify-runs/prescription-cancelled.ts).
 */
export function followOrderChanges(
  events: EventSystem,
  parts: () => InterruptionParts & { verifyRuns: VerifyRuns },
): void {
  events.onInterruption((interruption) => recordAndShowInterruption(interruption, parts()));
  events.onEvent((event) => {
    for (const interruption of cancelledUnderRuns(event, parts().verifyRuns)) {
      recordAndShowInterruption(interruption, parts());
    }
  });
  events.shares.onChange((subjectId, state) => parts().emitter.emit('pharmacy.shared', { subjectId, state }));
}
