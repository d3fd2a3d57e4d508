// How the printed documents write days, people and addresses: plain and unambiguous on paper.
import type { Address } from '../../contract/service/shared-fields.ts';

/** "Nov 25, 2026" for an ISO day or timestamp; null when there is none or it cannot be read. */
export function printedDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** "Nov 25, 2026, 4:05 PM" on this workstation's clock. */
export function printedTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

export function personName(first: string | null | undefined, last: string | null | undefined): string | null {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name === '' ? null : name;
}

/** The address as lines: street, second line, "City, ST 12345". */
export function addressLines(address: Address | null | undefined): string[] {
  if (!address) return [];
  const cityLine = [[address.city, address.state].filter(Boolean).join(', '), address.zip_code]
    .filter(Boolean)
    .join(' ');
  return [address.address_1, address.address_2, cityLine].filter((line): line is string => Boolean(line?.trim()));
}

/** The earlier of two ISO days (either may be missing). */
export function earlierDay(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a.slice(0, 10) <= b.slice(0, 10) ? a : b;
}

/** A year after the day filled: the usual "discard after" when nothing sooner applies. */
export function yearAfter(iso: string): string {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}
