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

/** Where the event came from, for people: the service's push, or the station's own regular check. */
export function sourceWords(source: FeedEvent['source']): string {
  return source === 'webhook' ? 'Pushed by the service' : 'Found by the station’s regular check';
}

/** The kind of event, short, for the icon's text and the filter. */
export function kindWords(eventCode: string): string {
  const kind = /^[a-z]+\.([a-z_]+)$/.exec(eventCode)?.[1];
  return kind ? kind.replaceAll('_', ' ') : 'update';
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const twoDigits = (n: number): string => String(n).padStart(2, '0');
const clock = (date: Date): string => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * When, for people: "just now", "5 min ago", "today at 14:32", "yesterday at 09:10", "3 Mar at 14:32" (with the
 * year when it is not this year). Local time. An unreadable timestamp says so rather than showing raw text.
 */
export function formatWhen(iso: string, now: Date): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return 'at an unknown time';
  const date = new Date(ms);
  const ago = now.getTime() - ms;
  // A little in the future counts as now: the screen's clock ticks every 30 s, events arrive in between.
  if (ago > -5 * 60_000 && ago < 60_000) return 'just now';
  if (ago >= 0 && ago < 60 * 60_000) return `${Math.floor(ago / 60_000)} min ago`;
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return `today at ${clock(date)}`;
  if (days === 1) return `yesterday at ${clock(date)}`;
  // The training service's clock can run ahead of this computer's.
  if (days === -1) return `tomorrow at ${clock(date)}`;
  const day = `${date.getDate()} ${months[date.getMonth()]}`;
  const year = date.getFullYear() === now.getFullYear() ? '' : ` ${date.getFullYear()}`;
  return `${day}${year} at ${clock(date)}`;
}

/** The full date and time for a tooltip: "3 Mar 2026, 14:32:05". */
export function formatFullTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return 'unknown time';
  const date = new Date(ms);
  return `${date.getDate()} ${months[date.getMonth()]} ${date.getFullYear()}, ${clock(date)}:${twoDigits(date.getSeconds())}`;
}

/** "1 unread event", "12 unread events". */
export function unreadWords(count: number): string {
  return `${count} unread ${count === 1 ? 'event' : 'events'}`;
}
