// Dates, names and phone numbers as people read them on the records screens (patients, prescribers).
import { ageOn as ageOnDay, daysBetween, localDay as localDayOf } from '../../rules/days.ts';
import { isoDay, writtenDay, writtenMoment } from '../../rules/words/dates.ts';
import { personName as joinedName } from '../../rules/words/person-name.ts';

/** The calendar day a date or timestamp names (`2027-03-22`, `2027-03-22T00:00:00Z`), or null. */
export const dayPart = isoDay;

/** "May 17, 1980" (calendar days are shown as written, never shifted by a zone); a dash when there is no day; the text
 * as sent when it is not a day at all. */
export function formatDay(value: string | null | undefined): string {
  return value ? (writtenDay(value) ?? value) : '—';
}

/** "Nov 22, 2026, 1:41 AM" in the station's own zone. */
export function formatMoment(value: string | null | undefined): string {
  return value ? (writtenMoment(value) ?? value) : '—';
}

/** Today as the station's calendar shows it, YYYY-MM-DD. */
export function localDay(now: Date = new Date()): string {
  return localDayOf(now);
}

/** Whole years from `birthDay` to `today` (both YYYY-MM-DD), or null when either is not a day or birth is later. */
export function ageOn(birthDay: string | null | undefined, today: string): number | null {
  const now = dayPart(today);
  return now ? ageOnDay(dayPart(birthDay), now) : null;
}

/** Days from `today` to `day` (negative once past), or null. */
export function daysUntil(day: string | null | undefined, today: string): number | null {
  const target = dayPart(day);
  const now = dayPart(today);
  if (!target || !now) return null;
  return daysBetween(now, target);
}

/** The 10 digits the service stores from whatever was typed ("(555) 123-4567", "+1 555 123 4567"). */
export function phoneDigitsOf(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** "(555) 123-4567" for 10 digits; anything else as sent. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '—';
  const digits = phoneDigitsOf(value);
  if (digits.length !== 10) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export interface NameParts {
  first_name?: string | null | undefined;
  middle_name?: string | null | undefined;
  last_name?: string | null | undefined;
}

/** "Hayden J Demoulin-Fakeham", or "Unnamed" when the record has no name at all. */
export function personName(person: NameParts): string {
  return joinedName(person.first_name, person.middle_name, person.last_name) ?? 'Unnamed';
}

/** "Demoulin-Fakeham, Hayden J": the order lists are sorted in. */
export function listName(person: NameParts): string {
  const last = person.last_name?.trim();
  const given = [person.first_name, person.middle_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  if (last && given) return `${last}, ${given}`;
  return last || given || 'Unnamed';
}

/** "12,500": a count as people read it, grouped by thousands. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** "1 order", "3 orders". */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
