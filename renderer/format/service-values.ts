// Dates, times and durations as people read them (never a raw ISO timestamp on screen).
import { writtenMoment } from '../../contract/rules/words/dates.ts';

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "Mar 12, 2026, 2:05 PM" for a service timestamp; null when it is missing or unreadable. */
export function formatDateTime(timestamp: string | null | undefined): string | null {
  return writtenMoment(timestamp);
}

/** A YYYY-MM-DD calendar day read as that day wherever the station is (no shift to the day before). */
export function parseDay(day: string | null | undefined): { year: number; month: number; date: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return { year, month, date };
}

/** "Mar 12, 2026" for a calendar day; a timestamp is shown by its local day. */
export function formatDay(day: string | null | undefined): string | null {
  const parts = parseDay(day);
  if (parts) return dateOnly.format(new Date(parts.year, parts.month - 1, parts.date));
  if (!day) return null;
  const ms = Date.parse(day);
  return Number.isNaN(ms) ? null : dateOnly.format(ms);
}

/** "45 s", "12 min", "3 h 20 min", "2 d 4 h": at most two units, the larger ones. */
export function formatSeconds(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/**
 * A duration as the service sends it: seconds (a number or a digit string), or its own text, shown as it is.
 * Null when there is none (the step is final, or the service did not say).
 */
export function formatDuration(duration: string | number | null | undefined): string | null {
  if (duration === null || duration === undefined) return null;
  if (typeof duration === 'number') return Number.isFinite(duration) ? formatSeconds(duration) : null;
  const text = duration.trim();
  if (!text) return null;
  return /^\d+(\.\d+)?$/.test(text) ? formatSeconds(Number(text)) : text;
}

/** A person's name from its parts, or null when none is given. */
export function personName(...parts: (string | null | undefined)[]): string | null {
  const name = parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}
