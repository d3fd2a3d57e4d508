// One reading of an order's status, whatever the service sends: the spec's lower-case `status`, the real service's
// title case (`Received`), or only `status_code` / `status_name` (`S01` / `Shipping`). Logic keys on the canonical
// status; people are shown the name the service gives.
import { type OrderStatus, orderStatuses } from './orders.ts';

/** The real service's names that differ from the training service's (S01 is "Shipping" there, "Shipped" here). */
const OTHER_NAMES: Record<string, OrderStatus> = {
  shipping: 'shipped',
  'data entry': 'data_entry',
  canceled: 'cancelled',
};

const byStatus = new Map<string, OrderStatus>(orderStatuses.map((s) => [s.status, s.status]));
const byCode = new Map<string, OrderStatus>(orderStatuses.map((s) => [s.code.toUpperCase(), s.status]));
const byName = new Map<string, OrderStatus>(orderStatuses.map((s) => [s.name.toLowerCase(), s.status]));
const nameOf = new Map<string, string>(orderStatuses.map((s) => [s.status, s.name]));

interface StatusFields {
  status?: unknown;
  status_code?: unknown;
  status_name?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** "Data Entry", "data-entry", "DATA_ENTRY" → "data_entry". */
function slug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/_+/g, '_');
}

/**
 * The canonical status (`received`, `shipped`, …) from `status` in any case, else `status_code`, else `status_name`;
 * a status the station does not know comes back as its lower-case slug, and null when the order says nothing.
 */
export function orderStatusOf(order: StatusFields): string | null {
  const status = text(order.status);
  if (status) {
    const known = byStatus.get(slug(status)) ?? byName.get(status.toLowerCase()) ?? OTHER_NAMES[status.toLowerCase()];
    if (known) return known;
  }
  const code = text(order.status_code);
  const fromCode = code ? byCode.get(code.toUpperCase()) : undefined;
  if (fromCode) return fromCode;
  const name = text(order.status_name);
  if (name) {
    const known = byName.get(name.toLowerCase()) ?? OTHER_NAMES[name.toLowerCase()];
    if (known) return known;
  }
  const any = status ?? name;
  return any ? slug(any) : code;
}

/** What people are shown: the name the service gives, else the name of the status it sends, else its code. */
export function orderStatusName(order: StatusFields): string | null {
  const name = text(order.status_name);
  if (name) return name;
  const status = orderStatusOf(order);
  if (status && nameOf.has(status)) return nameOf.get(status) ?? null;
  const raw = text(order.status);
  if (raw) {
    const words = raw.replace(/[_-]+/g, ' ').toLowerCase();
    return (words[0]?.toUpperCase() ?? '') + words.slice(1);
  }
  return text(order.status_code);
}
