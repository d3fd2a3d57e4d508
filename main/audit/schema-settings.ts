// Migration 11 of audit.db and its record kind: every change of a setting at this station, with who changed it and the
// value before and after (JSON), so a setting changed to waive a check is never silent. Chained like the rest.
import type { Migration } from '../../kits/sqlite/db.ts';
import type { Stamp } from './schema.ts';
import { appendOnly, RECORD_KEYS, WHO_AND_WHEN } from './schema-parts.ts';

export const settingChangeMigration: Migration = {
  version: 11,
  name: 'setting changes',
  sql: `
CREATE TABLE setting_changes (
${RECORD_KEYS}
  field TEXT NOT NULL,
  value_before TEXT NOT NULL,
  value_after TEXT NOT NULL,
${WHO_AND_WHEN}
);
CREATE INDEX setting_changes_field ON setting_changes (field, seq);
${appendOnly('setting_changes')}`,
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
