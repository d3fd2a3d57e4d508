// Dates, times and durations as people read them (never a raw ISO timestamp on screen), written by the rules' words
// (rules/words/dates.ts) so the screens and the printed documents say a date the same way. A person's name:
// rules/words/person-name.ts.
import { writtenDay, writtenMoment } from '../../rules/words/dates.ts';

/** "Mar 12, 2026, 2:05 PM" for a service timestamp; null when it is missing or unreadable. */
export function formatDateTime(timestamp: string | null | undefined): string | null {
  return writtenMoment(timestamp);
}

/** "Mar 12, 2026" for a calendar day or a timestamp's day as written (never shifted by a zone); null when none. */
export function formatDay(day: string | null | undefined): string | null {
  return writtenDay(day);
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
