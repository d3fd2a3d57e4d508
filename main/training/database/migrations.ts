// The training service's tables, as versioned migrations. Relations are real foreign keys; rarely-queried attributes of
// a record live in a `doc` JSON column beside the columns that lookups, filters and reports use.

import { notificationsMigration } from '../delivery/delivery-schema.ts';
import { barcodesPlantsMigration } from '../domains/barcodes/barcodes-schema.ts';
import { searchMigration } from '../domains/search/search-schema.ts';
import { idempotencySchema } from '../http/idempotency.ts';
import { simulationMigration } from '../simulation/simulation-schema.ts';
import type { Migration } from './db.ts';

const core = `
CREATE TABLE service_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'pharmacist', 'technician')),
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
${idempotencySchema}
`;

const people = `
CREATE TABLE patients (
  id TEXT PRIMARY KEY,
  external_id TEXT,
  first_name TEXT NOT NULL,
  middle_name TEXT,
  last_name TEXT NOT NULL,
  date_of_birth TEXT NOT NULL,
  gender TEXT,
  email TEXT,
  phone TEXT,
  is_active INTEGER NOT NULL DEFAULT 1,
  doc TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX patients_external_id ON patients (external_id);
CREATE INDEX patients_name_dob ON patients (last_name COLLATE NOCASE, first_name COLLATE NOCASE, date_of_birth);

CREATE TABLE risk_factor_catalog (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('allergy', 'condition', 'medication')),
  name TEXT NOT NULL,
  normalization_key TEXT NOT NULL,
  doc TEXT NOT NULL DEFAULT '{}',
  UNIQUE (type, normalization_key)
);

CREATE TABLE risk_factor_texts (
  id TEXT PRIMARY KEY,
  patient_id TEXT NOT NULL REFERENCES patients (id),
  type TEXT NOT NULL CHECK (type IN ('allergy', 'condition', 'medication')),
  text TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'processing',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE patient_risk_factors (
  id TEXT PRIMARY KEY,
  patient_id TEXT NOT NULL REFERENCES patients (id),
  risk_factor_id TEXT REFERENCES risk_factor_catalog (id),
  type TEXT NOT NULL CHECK (type IN ('allergy', 'condition', 'medication')),
  name TEXT NOT NULL,
  original_name TEXT,
  confidence REAL,
  is_active INTEGER NOT NULL DEFAULT 1,
  match_source TEXT NOT NULL DEFAULT 'manual',
  match_type TEXT,
  matched INTEGER NOT NULL DEFAULT 0,
  matched_via_synonym INTEGER NOT NULL DEFAULT 0,
  risk_factor_text_id TEXT REFERENCES risk_factor_texts (id),
  text_chunk TEXT,
  medication_detail TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX patient_risk_factors_patient ON patient_risk_factors (patient_id, type);

CREATE TABLE prescribers (
  id TEXT PRIMARY KEY,
  npi TEXT NOT NULL UNIQUE,
  dea TEXT,
  spi TEXT,
  first_name TEXT NOT NULL,
  middle_name TEXT,
  last_name TEXT NOT NULL,
  email TEXT,
  phone TEXT,
  is_active INTEGER NOT NULL DEFAULT 1,
  doc TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE prescriber_addresses (
  id TEXT PRIMARY KEY,
  prescriber_id TEXT NOT NULL REFERENCES prescribers (id),
  address_1 TEXT, address_2 TEXT, city TEXT, state TEXT, zip_code TEXT, country TEXT,
  type TEXT NOT NULL DEFAULT 'practice',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX prescriber_addresses_prescriber ON prescriber_addresses (prescriber_id);
CREATE TABLE qualifications (
  id TEXT PRIMARY KEY,
  prescriber_id TEXT NOT NULL REFERENCES prescribers (id),
  state TEXT NOT NULL,
  license_number TEXT NOT NULL,
  description TEXT,
  expiration_date TEXT,
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX qualifications_prescriber ON qualifications (prescriber_id, state);
CREATE TABLE credentials (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE prescriber_credentials (
  prescriber_id TEXT NOT NULL REFERENCES prescribers (id),
  credential_code TEXT NOT NULL REFERENCES credentials (code),
  PRIMARY KEY (prescriber_id, credential_code)
);
CREATE TABLE supervisions (
  id TEXT PRIMARY KEY,
  supervisor_id TEXT NOT NULL REFERENCES prescribers (id),
  supervisee_id TEXT NOT NULL REFERENCES prescribers (id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (supervisor_id, supervisee_id)
);
`;

const goods = `
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
`;

const fulfillment = `
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

CREATE TABLE electronic_prescriptions (
  id TEXT PRIMARY KEY,
  patient_id TEXT REFERENCES patients (id),
  prescriber_id TEXT REFERENCES prescribers (id),
  order_id TEXT REFERENCES orders (id),
  source TEXT,
  type TEXT,
  reference_number TEXT,
  doc TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX electronic_prescriptions_order ON electronic_prescriptions (order_id);
CREATE INDEX electronic_prescriptions_patient ON electronic_prescriptions (patient_id);
CREATE TABLE prescriptions (
  id TEXT PRIMARY KEY,
  electronic_prescription_id TEXT NOT NULL REFERENCES electronic_prescriptions (id),
  patient_id TEXT REFERENCES patients (id),
  prescriber_id TEXT REFERENCES prescribers (id),
  prescription_product_id TEXT REFERENCES products (id),
  status TEXT NOT NULL DEFAULT 'new',
  drug_name TEXT,
  doc TEXT NOT NULL DEFAULT '{}',
  written_at TEXT,
  expires_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX prescriptions_erx ON prescriptions (electronic_prescription_id);
CREATE INDEX prescriptions_patient ON prescriptions (patient_id, status);
CREATE INDEX prescriptions_product ON prescriptions (prescription_product_id);

CREATE TABLE task_categories (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE task_statuses (code TEXT PRIMARY KEY, name TEXT NOT NULL, is_final INTEGER NOT NULL DEFAULT 0);
CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT,
  category_code TEXT NOT NULL REFERENCES task_categories (code),
  status_code TEXT NOT NULL REFERENCES task_statuses (code),
  assignee_id TEXT REFERENCES users (id),
  created_by_id TEXT REFERENCES users (id),
  order_id TEXT REFERENCES orders (id),
  patient_id TEXT REFERENCES patients (id),
  prescription_id TEXT REFERENCES prescriptions (id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX tasks_status ON tasks (status_code, created_at);
CREATE INDEX tasks_assignee ON tasks (assignee_id, status_code);
CREATE TABLE task_watchers (
  task_id TEXT NOT NULL REFERENCES tasks (id),
  user_id TEXT NOT NULL REFERENCES users (id),
  PRIMARY KEY (task_id, user_id)
);
`;

/** Migrations in order. A new version appends; a released version is never edited. */
export const migrations: Migration[] = [
  { version: 1, name: 'the fulfillment API of part 1', sql: core + people + goods + fulfillment },
  searchMigration,
  barcodesPlantsMigration,
  notificationsMigration,
  simulationMigration,
];
