// The parts every audit table is written with, one place for each: the record's keys, who made it and when, the
// verification stops' columns (migration 3 wrote them, migration 8 rebuilt the table with them to widen a CHECK), and
// the triggers that make a table append-only. A migration's text is history: these give each the text it always had.

/** Every record's own columns: its place in the file, its id, and the backend it belongs to. */
export const RECORD_KEYS = `  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  service_id TEXT NOT NULL,`;

/** Who made a record (from the session) and when (main's clock), on every record kind. */
export const WHO_AND_WHEN = `  user_id TEXT,
  user_email TEXT NOT NULL,
  user_name TEXT,
  recorded_at INTEGER NOT NULL`;

/** A hard stop's own columns, with the kinds of stop the table's CHECK allows. */
export function stopColumns(kinds: readonly string[]): string {
  return `  order_id TEXT NOT NULL,
  order_number TEXT,
  code TEXT NOT NULL,
  entry TEXT NOT NULL CHECK (entry IN ('scanner', 'typed')),
  quantity INTEGER NOT NULL,
  matched_by TEXT,
  product_id TEXT,
  lot_id TEXT,
  lot TEXT,
  expiry TEXT,
  kind TEXT NOT NULL CHECK (kind IN (${kinds.map((kind) => `'${kind}'`).join(', ')})),
  reason TEXT NOT NULL,
  note TEXT NOT NULL,
  task_ref TEXT,`;
}

/** The triggers that make a table append-only: the database itself refuses an update or a delete. */
export function appendOnly(table: string): string {
  return `CREATE TRIGGER ${table}_no_update BEFORE UPDATE ON ${table}
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER ${table}_no_delete BEFORE DELETE ON ${table}
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
`;
}
