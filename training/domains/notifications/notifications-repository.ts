// Stored notification records and their views: webhook and email subscriptions, the delivery log, the mailbox.
import { z } from 'zod';
import type { notificationsOperations } from '../../../contract/service/notifications.ts';
import { parseStoredJson } from '../../../kits/json/stored-json.ts';
import type { Db } from '../../database/db.ts';
import { bool, newId, storedDoc } from '../../database/records.ts';
import { eventsCovered } from '../../delivery/catalogue.ts';
import { emailBody } from '../../delivery/mail-text.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { PageRequest } from '../../http/handler.ts';

export interface WebhookRow {
  id: string;
  url: string;
  event_codes: string;
  is_active: number;
  /** Who subscribed it: only they (or an admin) may change it. */
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

const codesOf = (row: { event_codes: string }): string[] =>
  parseStoredJson(z.array(z.string()), row.event_codes, "a webhook's event codes");

export function webhookView(row: WebhookRow) {
  return {
    id: row.id,
    url: row.url,
    event_codes: codesOf(row),
    is_active: bool(row.is_active),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function requireWebhook(db: Db, id: string): WebhookRow {
  const row = db.get<WebhookRow>('SELECT * FROM webhook_subscriptions WHERE id = ?', id.toLowerCase());
  if (!row) throw notFound('webhook subscription', id);
  return row;
}

export function listWebhooks(db: Db, page: PageRequest): { rows: WebhookRow[]; total: number } {
  const rows = db.all<WebhookRow>(
    'SELECT * FROM webhook_subscriptions ORDER BY created_at, rowid LIMIT ? OFFSET ?',
    page.pageSize,
    page.offset,
  );
  const total = (db.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhook_subscriptions') as { n: number }).n;
  return { rows, total };
}

/** A URL names one subscription: subscribing it again is a 409 that names the one to update instead. */
function assertUrlFree(db: Db, url: string, exceptId: string | null): void {
  const holder = db.get<{ id: string }>('SELECT id FROM webhook_subscriptions WHERE url = ?', url);
  if (holder && holder.id !== exceptId) {
    throw conflict(`The URL is already subscribed (webhook ${holder.id}); update that subscription instead.`, {
      existing_webhook_id: holder.id,
    });
  }
}

export function createWebhook(db: Db, input: { url: string; event_codes: string[] }, userId: string | null, now: Date) {
  assertUrlFree(db, input.url, null);
  const id = newId();
  const at = now.toISOString();
  db.run(
    `INSERT INTO webhook_subscriptions (id, url, event_codes, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    id,
    input.url,
    JSON.stringify(input.event_codes),
    userId,
    at,
    at,
  );
  return id;
}

export function updateWebhook(db: Db, row: WebhookRow, input: { url?: string; event_codes?: string[] }, now: Date) {
  if (input.url !== undefined) assertUrlFree(db, input.url, row.id);
  db.run(
    'UPDATE webhook_subscriptions SET url = ?, event_codes = ?, updated_at = ? WHERE id = ?',
    input.url ?? row.url,
    input.event_codes ? JSON.stringify(input.event_codes) : row.event_codes,
    now.toISOString(),
    row.id,
  );
}

interface EmailSubscriptionRow {
  id: string;
  event_codes: string;
  is_active: number;
  email: string;
  created_at: string;
  updated_at: string;
}

export function emailSubscriptionOf(db: Db, userId: string): EmailSubscriptionRow | undefined {
  return db.get<EmailSubscriptionRow>(
    `SELECT s.id, s.event_codes, s.is_active, u.email, s.created_at, s.updated_at
       FROM email_subscriptions s JOIN users u ON u.id = s.user_id WHERE s.user_id = ?`,
    userId,
  );
}

/** Replaces the user's email subscription with these codes (made on first use). */
export function setEmailSubscription(db: Db, userId: string, codes: string[], now: Date): void {
  const at = now.toISOString();
  db.run(
    `INSERT INTO email_subscriptions (id, user_id, event_codes, is_active, created_at, updated_at)
     VALUES (?, ?, ?, 1, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET event_codes = excluded.event_codes, is_active = 1, updated_at = excluded.updated_at`,
    newId(),
    userId,
    JSON.stringify(codes),
    at,
    at,
  );
}

/** The email subscription state (spec: is_active, subscriptions as events) plus the codes as given and the address. */
export function emailStateView(row: EmailSubscriptionRow) {
  const codes = codesOf(row);
  return { is_active: bool(row.is_active), subscriptions: eventsCovered(codes), event_codes: codes, email: row.email };
}

/** The deprecated listing: every webhook subscription, then the signed-in user's email subscription. */
export function allSubscriptions(db: Db, userId: string) {
  const hooks = db
    .all<WebhookRow>('SELECT * FROM webhook_subscriptions ORDER BY created_at, rowid')
    .map((row) => ({ ...webhookView(row), type: 'webhook', subscriptions: eventsCovered(codesOf(row)) }));
  const email = emailSubscriptionOf(db, userId);
  const mine = email ? [{ id: email.id, type: 'email', ...emailStateView(email) }] : [];
  return [...hooks, ...mine];
}

type DeliveryQuery = z.output<typeof notificationsOperations.deliveries.query>;

interface DeliveryRow {
  id: string;
  kind: string;
  event_id: string | null;
  subscription_id: string | null;
  event_code: string | null;
  url: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  history: string;
  created_at: string;
  updated_at: string;
}

function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    kind: row.kind,
    event_code: row.event_code,
    event_id: row.event_id,
    webhook_id: row.subscription_id,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    history: parseStoredJson(z.array(z.unknown()), row.history, "a webhook delivery's history"),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The delivery log, newest first, optionally of one event code and one status. */
export function listDeliveries(db: Db, query: DeliveryQuery, page: PageRequest) {
  const where = '(? IS NULL OR event_code = ?) AND (? IS NULL OR status = ?)';
  const filters = [query.event_code ?? null, query.event_code ?? null, query.status ?? null, query.status ?? null];
  const rows = db.all<DeliveryRow>(
    `SELECT * FROM webhook_deliveries WHERE ${where} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    ...filters,
    page.pageSize,
    page.offset,
  );
  const total = (
    db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE ${where}`, ...filters) as {
      n: number;
    }
  ).n;
  return { items: rows.map(deliveryView), total };
}

interface MailRow {
  id: string;
  event_id: string;
  event_code: string;
  to_address: string;
  subject: string;
  transport: string | null;
  file_name: string | null;
  file_path: string | null;
  sent_at: string | null;
  created_at: string;
}

/** The emails written or handed to SMTP, newest first. */
export function listMailbox(db: Db, page: PageRequest) {
  const rows = db.all<MailRow & { event_data: string | null }>(
    `SELECT m.*, e.data AS event_data FROM email_notifications m LEFT JOIN notification_events e ON e.id = m.event_id
      WHERE m.status = 'sent' ORDER BY m.created_at DESC, m.rowid DESC LIMIT ? OFFSET ?`,
    page.pageSize,
    page.offset,
  );
  const total = (
    db.get<{ n: number }>("SELECT COUNT(*) AS n FROM email_notifications WHERE status = 'sent'") as { n: number }
  ).n;
  const items = rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    event_code: row.event_code,
    event_id: row.event_id,
    transport: row.transport,
    file_name: row.file_name,
    path: row.file_path,
    sent_at: row.sent_at,
    created_at: row.created_at,
    // The message text as it was written to the mailbox, so a trainer can read it without opening the file.
    body:
      row.event_data && row.event_id
        ? emailBody(
            row.event_code,
            parseStoredJson(storedDoc, row.event_data, "a notification event's data"),
            row.event_id,
          )
        : null,
  }));
  return { items, total };
}
