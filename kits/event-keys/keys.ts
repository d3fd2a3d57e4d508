// The deduplication key of an event delivery: one scheme for the station's listener, its poller and the events relay.
import { createHash } from 'node:crypto';
import type { WebhookDelivery } from '../../contract/service/notifications.ts';

/**
 * Events that happen at most once in a record's life: an order is created once, ships once, is delivered once; a
 * prescription is cancelled once. Their key is `<event_code>:<data.id>`, which the poller can compute from an order
 * without having seen the delivery — so a webhook and the poller announcing the same change make ONE event, and a
 * retried delivery (same code, same id) is a duplicate however its other fields differ.
 */
export const ONCE_PER_RECORD_EVENTS: ReadonlySet<string> = new Set([
  'order.created',
  'order.shipped',
  'order.delivered',
  'prescription.cancelled',
]);

/** Ids longer than this are hashed so a key stays short; real ids are UUIDs. */
const MAX_ID_IN_KEY = 128;

/**
 * The key scheme (decision):
 * - once-per-record events: `order.shipped:<data.id>`;
 * - any other event (order.stuck may recur, future codes are unknown): `<code>:<data.id>:event:<id>` when the delivery
 *   carries an event id (`event_id`, or a top-level `id`), else `<code>:<data.id>:sha256:<hash of data>` — a retry
 *   resends the same payload, so it hashes the same, while a genuinely new occurrence differs in its content.
 */
export function eventKey(delivery: WebhookDelivery): string {
  const code = delivery.event_code;
  const subject = keyPart(delivery.data.id);
  if (ONCE_PER_RECORD_EVENTS.has(code)) return `${code}:${subject}`;
  const eventId = explicitEventId(delivery);
  if (eventId !== null) return `${code}:${subject}:event:${keyPart(eventId)}`;
  return `${code}:${subject}:sha256:${sha256(canonicalJson(delivery.data)).slice(0, 32)}`;
}

function explicitEventId(delivery: WebhookDelivery): string | null {
  const record = delivery as Record<string, unknown>;
  for (const name of ['event_id', 'id']) {
    const value = record[name];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

function keyPart(text: string): string {
  return text.length <= MAX_ID_IN_KEY ? text : `sha256-${sha256(text).slice(0, 32)}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** JSON with object keys sorted at every depth, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, entry]) => entry !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
