// The transactional outbox: an event and its deliveries and emails are written in the caller's transaction; the worker sends them.
import { isAllowedWebhookUrl } from '../../contract/service/notifications.ts';
import type { Db } from '../database/db.ts';
import { newId } from '../database/records.ts';
import { badRequest } from '../http/errors.ts';
import type { EventCode } from './catalogue.ts';
import { emailSubject } from './mail-text.ts';
import { type EventData, orderEventData, prescriptionEventData } from './payloads.ts';
import { wakeWorker } from './wake.ts';

export { type EventData, orderEventData, prescriptionEventData } from './payloads.ts';

/** A subscription whose JSON list of codes names the event or `all`. */
const covers = (column: string) => `EXISTS (SELECT 1 FROM json_each(${column}) WHERE value IN (?, 'all'))`;

/**
 * Records an event and queues one webhook delivery per matching active subscription and one email per matching
 * email subscriber, all inside the caller's transaction (a rollback takes the event with it; a commit cannot lose
 * it). `data` may be a function, so callers on hot paths build it only when someone listens. Decision: an event no
 * one subscribes to is not recorded (the demo generator makes 100,000 orders). Answers the event id, or null.
 */
export function emitEvent(db: Db, eventCode: EventCode, data: EventData | (() => EventData), now: Date): string | null {
  return db.transaction(() => {
    const hooks = db.all<{ id: string; url: string }>(
      `SELECT id, url FROM webhook_subscriptions WHERE is_active = 1 AND ${covers('event_codes')} ORDER BY created_at, rowid`,
      eventCode,
    );
    const readers = db.all<{ user_id: string; email: string }>(
      `SELECT s.user_id, u.email FROM email_subscriptions s JOIN users u ON u.id = s.user_id
        WHERE s.is_active = 1 AND u.is_active = 1 AND ${covers('s.event_codes')}`,
      eventCode,
    );
    if (hooks.length === 0 && readers.length === 0) return null;

    const payload = typeof data === 'function' ? data() : data;
    const eventId = newId();
    const at = now.toISOString();
    const body = JSON.stringify({ event_code: eventCode, data: payload });
    db.run(
      'INSERT INTO notification_events (id, event_code, data, created_at) VALUES (?, ?, ?, ?)',
      eventId,
      eventCode,
      JSON.stringify(payload),
      at,
    );
    for (const hook of hooks) {
      insertDelivery(db, { kind: 'event', eventId, subscriptionId: hook.id, eventCode, url: hook.url, body, at });
    }
    const subject = emailSubject(eventCode, payload);
    for (const reader of readers) {
      db.run(
        `INSERT INTO email_notifications (id, event_id, event_code, user_id, to_address, subject, due_ms, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        newId(),
        eventId,
        eventCode,
        reader.user_id,
        reader.email,
        subject,
        Date.now(),
        at,
      );
    }
    wakeWorker(db);
    return eventId;
  });
}

/** Emits an order event with the order's summary as data (plus `extra`, e.g. a stuck reason), built only if needed. */
export function emitOrderEvent(
  db: Db,
  eventCode: Extract<EventCode, `order.${string}`>,
  orderId: string,
  now: Date,
  extra: Record<string, unknown> = {},
): string | null {
  return emitEvent(db, eventCode, () => ({ ...orderEventData(db, orderId), ...extra }), now);
}

/** Emits prescription.cancelled with the prescription's summary as data. */
export function emitPrescriptionCancelled(db: Db, prescriptionId: string, now: Date): string | null {
  return emitEvent(db, 'prescription.cancelled', () => prescriptionEventData(db, prescriptionId), now);
}

export interface DirectDelivery {
  /** https, or http on loopback (the rule of webhook subscriptions); anything else is a 400. */
  url: string;
  /** What the delivery log shows it as (e.g. `plant.added`). */
  eventCode: string;
  /** The JSON body, POSTed as is. */
  body: unknown;
  now: Date;
  /** Send the webhook secret as a bearer token, as every event delivery does (default true). */
  signed?: boolean;
  /** `sample` for the notification samples; `direct` (default) for anything else. */
  kind?: 'direct' | 'sample';
}

/**
 * Queues one POST of `body` to `url`, in the caller's transaction, with the same worker, signing, timeout, retries
 * and log as event deliveries. Answers the delivery id (the log's `id`).
 */
export function enqueueDelivery(db: Db, delivery: DirectDelivery): string {
  if (!isAllowedWebhookUrl(delivery.url)) {
    throw badRequest('A delivery URL is https (http only on 127.0.0.1, localhost or [::1]), with no credentials.');
  }
  return db.transaction(() => {
    const id = insertDelivery(db, {
      kind: delivery.kind ?? 'direct',
      eventId: null,
      subscriptionId: null,
      eventCode: delivery.eventCode,
      url: delivery.url,
      body: JSON.stringify(delivery.body),
      at: delivery.now.toISOString(),
      signed: delivery.signed ?? true,
    });
    wakeWorker(db);
    return id;
  });
}

interface DeliveryRow {
  kind: 'event' | 'sample' | 'direct';
  eventId: string | null;
  subscriptionId: string | null;
  eventCode: string;
  url: string;
  body: string;
  at: string;
  signed?: boolean;
}

function insertDelivery(db: Db, row: DeliveryRow): string {
  const id = newId();
  db.run(
    `INSERT INTO webhook_deliveries
       (id, kind, event_id, subscription_id, event_code, url, body, signed, next_attempt_at, due_ms, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    row.kind,
    row.eventId,
    row.subscriptionId,
    row.eventCode,
    row.url,
    row.body,
    row.signed === false ? 0 : 1,
    row.at,
    Date.now(),
    row.at,
    row.at,
  );
  return id;
}
