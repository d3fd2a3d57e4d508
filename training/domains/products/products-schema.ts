// The products table (prescription, non-prescription and order material products). Part of migration 1.
import type { SchemaPart } from '../../database/migrations.ts';
export const productsTable: SchemaPart = {
  version: 1,
  name: 'products',
  sql: `
CREATE TABLE products (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('prescription', 'non_prescription', 'order_material')),
  sku TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  product_code TEXT,
  upc TEXT,
  is_active INTEGER NOT NULL DEFAULT 1,
  current_stock INTEGER,
  reorder_threshold INTEGER,
  doc TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX products_kind ON products (kind, name);
CREATE INDEX products_code ON products (product_code);
`,
};
