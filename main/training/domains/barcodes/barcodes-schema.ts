// Migration 4: barcodes, the sample plant interface's plants, and the queue index of freeform risk factor text.
import type { Migration } from '../../database/db.ts';

const sql = `
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

-- The sample plant interface (spec §4, last table): ids are the caller's int64.
CREATE TABLE plants (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  tag TEXT,
  created_at TEXT NOT NULL
);

-- The risk factor text worker looks for texts still 'processing' on every pass.
CREATE INDEX risk_factor_texts_status ON risk_factor_texts (status, created_at);
`;

export const barcodesPlantsMigration: Migration = {
  version: 4,
  name: 'barcodes, sample plants, risk factor text queue',
  sql,
};
