// The barcodes table: one row per issued value, the newest active one per record being its valid label. Part of migration 4.
import type { SchemaPart } from '../../database/migrations.ts';

export const barcodesTable: SchemaPart = {
  version: 4,
  name: 'barcodes',
  sql: `
CREATE TABLE barcodes (
  id TEXT PRIMARY KEY,
  value TEXT NOT NULL UNIQUE COLLATE NOCASE,
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  expires_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX barcodes_entity ON barcodes (entity_type, entity_id, is_active, created_at);
`,
};
