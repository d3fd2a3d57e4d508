// The sample plant interface's table (spec §4, last table): ids are the caller's int64. Part of migration 4.
import type { SchemaPart } from '../../database/migrations.ts';

export const plantsTable: SchemaPart = {
  version: 4,
  name: 'sample plants',
  sql: `
CREATE TABLE plants (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  tag TEXT,
  created_at TEXT NOT NULL
);
`,
};
