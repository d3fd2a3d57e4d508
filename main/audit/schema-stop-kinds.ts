// Migration 8 of audit.db: a hard stop may be "not the prescribed drug". SQLite cannot widen a CHECK in place, so the
// table of stops is rebuilt with every row and column as it was (same seq, id and values: the hash chain still holds),
// and its index and append-only triggers are made again.
import type { Migration } from '../../kits/sqlite/db.ts';
import { appendOnly, RECORD_KEYS, stopColumns, WHO_AND_WHEN } from './schema-parts.ts';

export const stopKindsMigration: Migration = {
  version: 8,
  name: 'a stop for a product that is not the prescribed drug',
  sql: `
CREATE TABLE verification_stops_widened (
${RECORD_KEYS}
${stopColumns(['not_on_order', 'too_many', 'expired_lot', 'not_prescribed'])}
${WHO_AND_WHEN},
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
${appendOnly('verification_stops')}`,
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
