// Dates for people and for the checks: a service date or timestamp as a calendar day, days between days, ages.

/** A calendar day as `YYYY-MM-DD`. Date-only values are taken as written; timestamps become the local day. */
export type Day = string;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The local calendar day of a moment. */
export function localDay(moment: Date): Day {
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** The calendar day a service value names, or null when it is missing or not a date. */
export function dayOf(value: string | null | undefined): Day | null {
  if (!value) return null;
  const text = value.trim();
  // A day that does not exist (30 February) is refused, not rolled over into the next month.
  if (DATE_ONLY.test(text)) {
    const time = Date.parse(`${text}T00:00:00Z`);
    return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text ? text : null;
  }
  const time = Date.parse(text);
  return Number.isFinite(time) ? localDay(new Date(time)) : null;
}

function dayNumber(day: Day): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** Age in whole years on `today`, or null without a birth date. */
export function ageOn(dateOfBirth: string | null | undefined, today: Day): number | null {
  const born = dayOf(dateOfBirth);
  if (!born) return null;
  const [by, bm, bd] = born.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

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
