// The alarms the pharmacy's record raises at this station, followed from start to close: an order the service ships or
// delivers without the pharmacy (orders-leaving.ts), and a verification made during a hold elsewhere, found on return
// (holds-on-return.ts).
import type { StationEvent } from '../events/index.ts';
import type { NotificationPort } from '../events/notify/port.ts';
import { followHoldsOnReturn } from './holds-on-return.ts';
import { followOrdersLeaving, type OrdersLeavingParts } from './orders-leaving.ts';

/** Starts both; answers the stop. `parts` is read at each event (the session changes with a service switch). */
export function followRecordAlarms(
  events: { onEvent(listener: (event: StationEvent) => void): () => void },
  stationParts: () => Omit<OrdersLeavingParts, 'notifications'>,
  notifications: NotificationPort,
): () => Promise<void> {
  const parts = () => ({ ...stationParts(), notifications });
  const stopLeaving = followOrdersLeaving(events, parts);
  const stopHolds = followHoldsOnReturn(parts());
  return async () => {
    stopLeaving();
    stopHolds();
  };
}
