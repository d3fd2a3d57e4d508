// Main → renderer: every event main sends the renderer, keyed by its literal name (`domain.happened`).
import { z } from 'zod';
import { documentContent } from '../document-content.ts';
import { defineEvent, type StationEvent } from './channel.ts';
import { connectivity, orderInterruption, sharedState, stationEvent } from './events.ts';
import { outboxCounts } from './outbox.ts';
import { sessionChangeReason, sessionState } from './session.ts';

export const stationEvents = {
  'session.changed': defineEvent('session.changed', {
    payload: z.strictObject({ state: sessionState, reason: sessionChangeReason }),
    summary: 'Signed in, out, locked, unlocked, or the refresh was refused',
  }),
  'order.event': defineEvent('order.event', { payload: stationEvent, summary: 'An order or prescription event' }),
  'order.interrupted': defineEvent('order.interrupted', {
    payload: orderInterruption,
    summary: 'An order open at this station was cancelled, held or had its items changed: its run stops',
  }),
  'pharmacy.shared': defineEvent('pharmacy.shared', {
    payload: z.strictObject({ subjectId: z.string(), state: sharedState }),
    summary:
      'A station claimed, released, verified an order, raised a stop or reviewed a prescription (over the relay)',
  }),
  'pharmacy.settingsChanged': defineEvent('pharmacy.settingsChanged', {
    payload: z.strictObject({}),
    summary:
      "A pharmacy-wide setting changed in the pharmacy's record, at this station or another: read the settings again",
  }),
  'outbox.changed': defineEvent('outbox.changed', {
    payload: z.strictObject({ counts: outboxCounts, ids: z.array(z.string()) }),
    summary: 'The task outbox changed',
  }),
  'connectivity.changed': defineEvent('connectivity.changed', { payload: connectivity, summary: 'Online or offline' }),
  'print.drawing': defineEvent('print.drawing', {
    payload: z.strictObject({ content: documentContent, contentHash: z.string() }),
    summary:
      'The desktop app is printing a recorded copy: the open preview draws this content (the record’s) on the page first',
  }),
  'notification.clicked': defineEvent('notification.clicked', {
    payload: z.strictObject({ orderId: z.string().nullable() }),
    summary: 'A desktop notification was clicked: open that order (or the list)',
  }),
} as const satisfies Record<string, StationEvent>;

export const eventNames: readonly string[] = Object.keys(stationEvents).sort();

export type StationEvents = typeof stationEvents;
export type StationEventName = keyof StationEvents;
export type StationEventPayload<E extends StationEventName> = z.output<StationEvents[E]['payload']>;
