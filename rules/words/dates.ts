// How the station writes a day and a moment, on screen and on paper: plain and unambiguous (month in letters).

const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };
const MOMENT: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** The calendar day of an ISO day or timestamp, as written (no time zone shift): "2026-11-25…" → "2026-11-25". */
export function isoDay(value: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const [, y, m, d] = match;
  const day = `${y}-${m}-${d}`;
  // 2026-02-31 is not a day (Date.UTC would roll it into March).
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))).toISOString().slice(0, 10) === day ? day : null;
}

/** "Nov 25, 2026" for an ISO day or timestamp (its calendar day as written); null when there is none or it is unreadable. */
export function writtenDay(value: string | null | undefined): string | null {
  const day = isoDay(value);
  return day ? new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', DAY) : null;
}

/** "Nov 25, 2026, 4:05 PM" in the station's time zone; null when unreadable. */
export function writtenMoment(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleString('en-US', MOMENT);
}

/** The earlier of two ISO days (either may be missing). */
export function earlierDay(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a <= b ? a : b;
}

/** The same calendar day a year later ("2026-02-28" → "2027-02-28"; Feb 29 → Mar 1). */
export function yearAfter(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}
