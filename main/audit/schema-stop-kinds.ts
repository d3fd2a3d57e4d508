// Migration 8 of audit.db: a hard stop may be "not the prescribed drug". SQLite cannot widen a CHECK in place, so the
// table of stops is rebuilt with every row and column as it was (same seq, id and values: the hash chain still holds),
// and its index and append-only triggers are made again.
import type { Migration } from '../../kits/sqlite/db.ts';

export const stopKindsMigration: Migration = {
  version: 8,
  name: 'a stop for a product that is not the prescribed drug',
  sql: `
CREATE TABLE verification_stops_widened (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  service_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  order_number TEXT,
  code TEXT NOT NULL,
  entry TEXT NOT NULL CHECK (entry IN ('scanner', 'typed')),
  quantity INTEGER NOT NULL,
  matched_by TEXT,
  product_id TEXT,
  lot_id TEXT,
  lot TEXT,
  expiry TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('not_on_order', 'too_many', 'expired_lot', 'not_prescribed')),
  reason TEXT NOT NULL,
  note TEXT NOT NULL,
  task_ref TEXT,
  user_id TEXT,
  user_email TEXT NOT NULL,
  user_name TEXT,
  recorded_at INTEGER NOT NULL,
  approved_by_id TEXT,
  approved_by_email TEXT,
  approved_by_name TEXT
);
INSERT INTO verification_stops_widened (seq, id, service_id, order_id, order_number, code, entry, quantity, matched_by,
  product_id, lot_id, lot, expiry, kind, reason, note, task_ref, user_id, user_email, user_name, recorded_at,
  approved_by_id, approved_by_email, approved_by_name)
SELECT seq, id, service_id, order_id, order_number, code, entry, quantity, matched_by, product_id, lot_id, lot, expiry,
  kind, reason, note, task_ref, user_id, user_email, user_name, recorded_at, approved_by_id, approved_by_email,
  approved_by_name FROM verification_stops;
DROP TABLE verification_stops;
ALTER TABLE verification_stops_widened RENAME TO verification_stops;
CREATE INDEX verification_stops_order ON verification_stops (service_id, order_id, seq);
CREATE TRIGGER verification_stops_no_update BEFORE UPDATE ON verification_stops
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER verification_stops_no_delete BEFORE DELETE ON verification_stops
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
`,
};

/**
 * Migration 15: a hard stop may be a recalled lot (the pharmacy's recall list). The same rebuild as migration 8, with
 * the kind widened: every row kept as it was, so the chain still holds.
 */
export const recalledStopMigration: Migration = {
  version: 15,
  name: 'a stop for a recalled lot',
  sql: stopKindsMigration.sql.replace(
    "'expired_lot', 'not_prescribed')",
    "'expired_lot', 'not_prescribed', 'recalled_lot')",
  ),
};
