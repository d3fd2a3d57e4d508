// The inventory domain's tables: lots, their product associations and the adjustments log. Part of migration 1.
import type { SchemaPart } from '../../database/migrations.ts';
export const inventoryTables: SchemaPart = {
  version: 1,
  name: 'inventory',
  sql: `
CREATE TABLE inventory_lots (
  id TEXT PRIMARY KEY,
  product_id TEXT NOT NULL REFERENCES products (id),
  batch_number TEXT,
  current_quantity REAL NOT NULL DEFAULT 0 CHECK (current_quantity >= 0),
  initial_quantity REAL,
  expiration_date TEXT,
  is_active INTEGER NOT NULL DEFAULT 1,
  doc TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX inventory_lots_product ON inventory_lots (product_id, expiration_date);
CREATE TABLE inventory_associations (
  lot_id TEXT NOT NULL REFERENCES inventory_lots (id),
  product_id TEXT NOT NULL REFERENCES products (id),
  units_per_product REAL NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  PRIMARY KEY (lot_id, product_id)
);
CREATE TABLE inventory_adjustments (
  id TEXT PRIMARY KEY,
  lot_id TEXT NOT NULL REFERENCES inventory_lots (id),
  delta REAL NOT NULL,
  quantity_after REAL NOT NULL,
  reason TEXT NOT NULL,
  user_id TEXT REFERENCES users (id),
  created_at TEXT NOT NULL
);
CREATE INDEX inventory_adjustments_lot ON inventory_adjustments (lot_id, created_at);
`,
};
