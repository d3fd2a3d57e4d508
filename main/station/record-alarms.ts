// The alarms the pharmacy's record raises at this station, followed from start to close: an order the service ships or
// delivers without the pharmacy (orders-leaving.ts), and a verification made during a hold elsewhere, found on return
// (holds-on-return.ts).
import type { StationEvent } from '../events/index.ts';
import { followHoldsOnReturn, type HoldsOnReturnParts } from './holds-on-return.ts';
import { followOrdersLeaving, type OrdersLeavingParts } from './orders-leaving.ts';

/**
 * Starts both; answers the stop. `stationParts` is read at each event (the session changes with a service switch);
 * `fixed` (the record, the alarms, the emitter, the log) is the same for the station's life.
 */
export function followRecordAlarms(
  events: { onEvent(listener: (event: StationEvent) => void): () => void },
  stationParts: () => Pick<OrdersLeavingParts, 'session'>,
  fixed: HoldsOnReturnParts,
): () => Promise<void> {
  const stopLeaving = followOrdersLeaving(events, () => ({ ...fixed, session: stationParts().session }));
  const stopHolds = followHoldsOnReturn(fixed);
  return async () => {
    stopLeaving();
    stopHolds();
  };
}
