// The feed's words: what an event means in plain language, where it came from, and when, written for people.
import type { FeedEvent } from '../../queries/events.ts';

export interface EventWords {
  /** "Order 1000042 shipped". */
  headline: string;
  /** One short sentence on what it means at the bench. */
  meaning: string;
}

const subject = (event: FeedEvent): string => (event.orderNumber ? `Order ${event.orderNumber}` : 'An order');

/** What each known event code means; an unknown (future) code still reads as an update of its order. */
export function describeEvent(event: FeedEvent): EventWords {
  const order = subject(event);
  switch (event.eventCode) {
    case 'order.created':
      return { headline: `${order} received`, meaning: 'A new order came in.' };
    case 'order.shipped':
      return { headline: `${order} shipped`, meaning: 'It left the pharmacy with the carrier.' };
    case 'order.delivered':
      return { headline: `${order} delivered`, meaning: 'The carrier delivered it.' };
    case 'order.stuck':
      return { headline: `${order} is stuck`, meaning: 'It cannot move on until the problem is settled.' };
    case 'prescription.cancelled':
      return {
        headline: event.orderNumber
          ? `A prescription of order ${event.orderNumber} was cancelled`
          : 'A prescription was cancelled',
        meaning: 'It can no longer be filled.',
      };
    default:
      return {
        headline: `${order} updated`,
        meaning: `The service reported “${event.eventCode}”.`,
      };
  }
}

/** Where the event came from, for people: the service's push, the pharmacy's relay, or the station's own check. */
export function sourceWords(source: FeedEvent['source']): string {
  if (source === 'relay') return 'Pushed by the service through the pharmacy’s relay';
  return source === 'webhook' ? 'Pushed by the service' : 'Found by the station’s regular check';
}

/** The kind of event, short, for the icon's text and the filter. */
export function kindWords(eventCode: string): string {
  const kind = /^[a-z]+\.([a-z_]+)$/.exec(eventCode)?.[1];
  return kind ? kind.replaceAll('_', ' ') : 'update';
}

/** "1 unread event", "12 unread events". */
export function unreadWords(count: number): string {
  return `${count} unread ${count === 1 ? 'event' : 'events'}`;
}
