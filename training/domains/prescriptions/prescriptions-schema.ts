// The prescriptions domain's tables: electronic prescriptions and their prescription items. Part of migration 1.
import type { SchemaPart } from '../../database/migrations.ts';
export const prescriptionsTables: SchemaPart = {
  version: 1,
  name: 'prescriptions',
  sql: `
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
`,
};
