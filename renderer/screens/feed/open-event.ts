// Opening an event: it counts as read, and the station goes to what it is about (its order, or its prescription).
import type { FeedEvent } from '../../queries/events.ts';
import { focusScanField } from '../../scan/focus.ts';
import { navigate, type Route } from '../../state/navigation-store.ts';
import { useFeedStore } from './feed-store.ts';

/** Where an event leads: prescription events to the prescription, every other event to its order. */
export function routeOf(event: FeedEvent): Route {
  if (event.eventCode.startsWith('prescription.')) return { screen: 'prescription', prescriptionId: event.subjectId };
  return { screen: 'order', orderId: event.subjectId };
}

export function openEvent(event: FeedEvent): void {
  useFeedStore.getState().markRead([event.key]);
  navigate(routeOf(event));
  // The clicked row is gone with the feed: the hands go back to the scanner.
  setTimeout(() => focusScanField(), 0);
}
