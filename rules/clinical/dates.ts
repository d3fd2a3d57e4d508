// Dates for people and for the checks, in words: a day written the same everywhere, how far a day is from today.

// The day itself (a day, today, days between, age, minor) is the rules' one day module; this file adds the words.
import { type Day, dayOf, daysBetween } from '../days.ts';

export { ageOn, type Day, dayOf, daysBetween, isMinor, localDay } from '../days.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "3 Mar 2026": the same on every workstation, whatever its locale, so a date reads the same to everyone. */
export function formatDay(value: string | null | undefined): string | null {
  const day = dayOf(value);
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** "in 12 days", "today", "3 days ago": how far a day is from today, in words. */
export function relativeDays(day: Day, today: Day): string {
  const days = daysBetween(today, day);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}
