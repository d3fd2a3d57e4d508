// The orders domain's tables: orders, their items, status history and shipments. Part of migration 1.
import type { SchemaPart } from '../../database/migrations.ts';
export const ordersTables: SchemaPart = {
  version: 1,
  name: 'orders',
  sql: `
CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  order_number TEXT NOT NULL UNIQUE,
  external_id TEXT UNIQUE,
  patient_id TEXT REFERENCES patients (id),
  status TEXT NOT NULL,
  paused_until TEXT,
  priority_requested INTEGER NOT NULL DEFAULT 0,
  cancellation_requested INTEGER NOT NULL DEFAULT 0,
  is_replacement INTEGER NOT NULL DEFAULT 0,
  original_order_id TEXT REFERENCES orders (id),
  replacement_requested INTEGER NOT NULL DEFAULT 0,
  replacement_request_status TEXT,
  replacement_requested_at TEXT,
  doc TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX orders_status ON orders (status, created_at);
CREATE INDEX orders_patient ON orders (patient_id, status);
CREATE INDEX orders_created ON orders (created_at);
CREATE INDEX orders_original ON orders (original_order_id);
CREATE TABLE order_items (
  order_id TEXT NOT NULL REFERENCES orders (id),
  product_id TEXT NOT NULL REFERENCES products (id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (order_id, product_id)
);
CREATE INDEX order_items_product ON order_items (product_id);
CREATE TABLE order_status_history (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL REFERENCES orders (id),
  status TEXT NOT NULL,
  updated_by TEXT REFERENCES users (id),
  updated_at TEXT NOT NULL
);
CREATE INDEX order_status_history_order ON order_status_history (order_id, seq);
CREATE TABLE shipments (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id),
  carrier TEXT,
  service_level TEXT,
  status TEXT NOT NULL DEFAULT 'shipped',
  tracking_number TEXT,
  tracking_url TEXT,
  delivered_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX shipments_order ON shipments (order_id);
`,
};
