// When something happened, for people: relative ("5 min ago", "yesterday at 09:10") with the full time for a tooltip,
// and the time of day ("10:42 AM"). A moment in full ("Jan 5, 2026, 10:42 AM") is record-values.ts `formatMoment`.
// Local time; an unreadable timestamp says so.
import { daysBetween, localDay } from '../../rules/days.ts';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const twoDigits = (n: number): string => String(n).padStart(2, '0');
const clock = (date: Date): string => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

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
  const days = daysBetween(localDay(date), localDay(now));
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

/** "10:42 AM" (the workstation's clock, hours and minutes; with seconds when asked): data read earlier, a last try. */
export function clockTime(at: Date | number | string, { seconds = false } = {}): string {
  const date = at instanceof Date ? at : new Date(at);
  return seconds ? date.toLocaleTimeString() : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
