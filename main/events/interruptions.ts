// An order open at this station changed under its run (main learnt it from its own inbox): kept in the audit log with
// whose run it stopped, then shown to the renderer (the verify screen's banner); and what the other stations shared.

import type { StationParts } from '../station/parts.ts';
import type { EventSystem, OrderInterruption } from './index.ts';

export function recordAndShowInterruption(interruption: OrderInterruption, parts: StationParts): void {
  try {
    parts.audit.recordInterruption(interruption, parts.session.state().user);
  } catch (error) {
    parts.log.error('an order interruption was not recorded in the audit log', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  parts.emitter.emit('order.interrupted', interruption);
}

/** Ties the event system's order changes and shares to the audit log and the renderer (parts read when they happen). */
export function followOrderChanges(events: EventSystem, parts: () => StationParts): void {
  events.onInterruption((interruption) => recordAndShowInterruption(interruption, parts()));
  events.shares.onChange((subjectId, state) => parts().emitter.emit('pharmacy.shared', { subjectId, state }));
}
