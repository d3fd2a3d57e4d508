// Migration 11 of audit.db and its record kind: every change of a setting at this station, with who changed it and the
// value before and after (JSON), so a setting changed to waive a check is never silent. Chained like the rest.
import type { Migration } from '../../kits/sqlite/db.ts';
import type { Stamp } from './schema.ts';

export const settingChangeMigration: Migration = {
  version: 11,
  name: 'setting changes',
  sql: `
CREATE TABLE setting_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  service_id TEXT NOT NULL,
  field TEXT NOT NULL,
  value_before TEXT NOT NULL,
  value_after TEXT NOT NULL,
  user_id TEXT,
  user_email TEXT NOT NULL,
  user_name TEXT,
  recorded_at INTEGER NOT NULL
);
CREATE INDEX setting_changes_field ON setting_changes (field, seq);
CREATE TRIGGER setting_changes_no_update BEFORE UPDATE ON setting_changes
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER setting_changes_no_delete BEFORE DELETE ON setting_changes
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
`,
};

/** One field changed: its name and its value before and after, as main saved it (never what the page said). */
export interface SettingChangeFacts {
  field: string;
  before: unknown;
  after: unknown;
}

export interface SettingChangeRow extends Stamp {
  seq: number;
  field: string;
  /** JSON of the value before and after. */
  value_before: string;
  value_after: string;
}

export const SETTING_CHANGE_COLUMNS = [
  'id',
  'service_id',
  'field',
  'value_before',
  'value_after',
  'user_id',
  'user_email',
  'user_name',
  'recorded_at',
] as const satisfies readonly (keyof Omit<SettingChangeRow, 'seq'>)[];
