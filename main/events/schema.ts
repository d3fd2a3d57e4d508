// The tables of events.db, the workstation's event file in the data folder: the durable inbox and the poller's view.
import { join } from 'node:path';
import { Db, type Migration } from '../../kits/sqlite/db.ts';

/** The events file is its own SQLite file, so its user_version numbers are its own (not shared with station.db). */
export const EVENTS_DB_FILE = 'events.db';

export const eventsMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'inbox and poller snapshot',
    sql: `
      -- Every event the workstation accepted, by its deduplication key. Rows older than the retention are pruned.
      -- payload is the StationEvent (no patient name); dispatched_at is null until subscribers and the notifier had it.
      CREATE TABLE inbox (
        key TEXT PRIMARY KEY,
        event_code TEXT NOT NULL,
        subject_id TEXT NOT NULL,
        source TEXT NOT NULL,
        payload TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        dispatched_at INTEGER,
        duplicates INTEGER NOT NULL DEFAULT 0
      ) WITHOUT ROWID;
      CREATE INDEX inbox_received_at ON inbox (received_at);
      CREATE INDEX inbox_undispatched ON inbox (received_at) WHERE dispatched_at IS NULL;

      -- The status of each recent order as the poller last saw it, to tell what changed since.
      CREATE TABLE poll_orders (
        order_id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        updated_at TEXT,
        created_ms INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX poll_orders_created ON poll_orders (created_ms);

      -- Small named values: whether the first poll (the baseline) has run, the newest update seen.
      CREATE TABLE poll_state (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    name: 'poller remembers what each order holds; the inbox by order',
    sql: `
      -- The fingerprint of an order's items when the poller last read them (null: the answer did not list them).
      ALTER TABLE poll_orders ADD COLUMN items TEXT;
      -- "Has this order changed under the run since then?" reads the inbox by order.
      CREATE INDEX inbox_subject ON inbox (subject_id, received_at);
    `,
  },
  {
    version: 3,
    name: 'poller remembers whether a cancellation was requested',
    sql: 'ALTER TABLE poll_orders ADD COLUMN cancellation_requested INTEGER NOT NULL DEFAULT 0;',
  },
];

/**
 * Opens (or creates) events.db in the data folder. synchronous FULL: a delivery is acknowledged only once it is on
 * disk, so a power cut after the 2xx cannot lose it (the group commit in inbox.ts keeps that cheap).
 */
export function openEventsDb(dataDir: string): Db {
  const db = new Db(dataDir === ':memory:' ? ':memory:' : join(dataDir, EVENTS_DB_FILE), { synchronous: 'FULL' });
  db.migrate(eventsMigrations);
  return db;
}
