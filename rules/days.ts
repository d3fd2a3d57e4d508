// The rules' one day module: a calendar day, the day of a moment or of a service value, the days between two days, a
// person's age on a day and whether they are a minor; and each window the rules and the screens count in days, named
// once. Pure: "today" is always passed in (main's clock, or the screen's), never read here.

/** A calendar day as `YYYY-MM-DD`. Date-only values are taken as written; timestamps become the local day. */
export type Day = string;

/** Below this age a patient is a minor and needs a guardian on file. */
export const ADULT_AGE = 18;
/** A prescriber's license this close to its expiry is worth a word with the prescriber's office. */
export const LICENSE_EXPIRES_SOON_DAYS = 30;
/** A prescription this close to its expiry is said on its review. */
export const PRESCRIPTION_EXPIRES_SOON_DAYS = 14;
/** The inventory's expiry windows: a lot expiring within each is listed under it, the nearest first. */
export const LOT_EXPIRY_WINDOWS_DAYS = [30, 60, 90] as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a moment: today, given the clock's now. */
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
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/**
 * Age in whole years on `today`, or null without a birth date (or with one after `today`). A 29 February birthday
 * counts from 1 March in other years.
 */
export function ageOn(dateOfBirth: string | null | undefined, today: Day): number | null {
  const born = dayOf(dateOfBirth);
  if (!born || born > today) return null;
  const [by, bm, bd] = born.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** What the service says of a patient that tells a minor. */
export interface MinorFacts {
  date_of_birth?: string | null;
  is_minor?: boolean | null;
}

/**
 * Whether the patient is a minor on `today`: the service's own `is_minor` wins when it gives one (it counts on its
 * clock, which the training simulation may run ahead); otherwise the age decides; null when neither says.
 */
export function isMinor(patient: MinorFacts | null | undefined, today: Day): boolean | null {
  if (typeof patient?.is_minor === 'boolean') return patient.is_minor;
  const age = ageOn(patient?.date_of_birth, today);
  return age === null ? null : age < ADULT_AGE;
}

/** A lot is usable through its expiry day and expired from the day after (no expiry: never expired by date). */
export function lotExpired(expiry: Day | null | undefined, today: Day): boolean {
  return !!expiry && expiry < today;
}
