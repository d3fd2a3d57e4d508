// Reading a search result's fields: results are loose records (each kind keeps its own shape), so values are read by
// name and shown only when they are text or numbers.

import type { SearchResult } from '../../../contract/service/search.ts';
import { writtenDay } from '../../../rules/words/dates.ts';

/** A field's value as text, or null when it is missing, empty or not a plain value. */
export function textOf(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** "First Middle Last" from whichever parts there are. */
export function fullNameOf(record: Record<string, unknown>): string | null {
  const name = ['first_name', 'middle_name', 'last_name']
    .map((key) => textOf(record, key))
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/** A YYYY-MM-DD date (or the date part of a timestamp) for people: "Feb 29, 1980". */
export function formatDay(value: string | null): string | null {
  return value ? (writtenDay(value) ?? value) : value;
}

/** The first eight characters of an id, enough to tell records apart on screen. */
export const shortId = (result: SearchResult) => result.id.slice(0, 8);

/** A ten-digit US phone for people, "(555) 010-4477"; anything else as stored. */
export function formatPhone(value: string): string {
  const digits = /^\+?1?(\d{3})(\d{3})(\d{4})$/.exec(value.replace(/[\s().-]/g, ''));
  return digits ? `(${digits[1]}) ${digits[2]}-${digits[3]}` : value;
}
