// Migration 3: notifications — webhook and email subscriptions, the webhook secret, and the outbox of events, deliveries and emails.
import type { SchemaPart } from '../database/migrations.ts';

/**
 * `event_codes` columns hold a JSON array (`["all"]` or concrete codes), matched with json_each.
 * `due_ms` is when the worker may try a pending row next, in real (wall-clock) epoch milliseconds: retry waits are
 * real waits divided by the time scale, so they cannot be measured on the service clock (tests and the simulation
 * move that clock). `next_attempt_at` is the same moment on the service clock, for people reading the log.
 * `history` is a delivery's attempts as JSON ({attempt, at, status_code, error, ms}), at most MAX_ATTEMPTS of them.
 */
const sql = `
CREATE TABLE webhook_subscriptions (
  id TEXT PRIMARY KEY,
  url TEXT NOT NULL UNIQUE,
  event_codes TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  created_by TEXT REFERENCES users (id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE webhook_secrets (
  seq INTEGER PRIMARY KEY,
  secret TEXT NOT NULL,
  created_by TEXT REFERENCES users (id),
  created_at TEXT NOT NULL,
  retired_at TEXT
);

CREATE TABLE email_subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL UNIQUE REFERENCES users (id),
  event_codes TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE notification_events (
  id TEXT PRIMARY KEY,
  event_code TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('event', 'sample', 'direct')),
  event_id TEXT REFERENCES notification_events (id),
  subscription_id TEXT REFERENCES webhook_subscriptions (id),
  event_code TEXT,
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  signed INTEGER NOT NULL DEFAULT 1,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_status_code INTEGER,
  last_error TEXT,
  next_attempt_at TEXT,
  due_ms INTEGER,
  delivered_at TEXT,
  history TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (due_ms) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_newest ON webhook_deliveries (created_at DESC);

CREATE TABLE email_notifications (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES notification_events (id),
  event_code TEXT NOT NULL,
  user_id TEXT REFERENCES users (id),
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  due_ms INTEGER,
  transport TEXT,
  file_name TEXT,
  file_path TEXT,
  sent_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX email_notifications_due ON email_notifications (due_ms) WHERE status = 'pending';
CREATE INDEX email_notifications_sent ON email_notifications (status, created_at);
`;

export const notificationsTables: SchemaPart = { version: 3, name: 'notifications and webhook delivery', sql };
