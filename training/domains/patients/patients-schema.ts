// The patients domain's tables: patients, the risk factor catalogue (table `risk_factor_catalog`, a stored name kept so
// existing databases open), freeform risk factor texts and patients' risk factors.
import type { SchemaPart } from '../../database/migrations.ts';
export const patientsTables: SchemaPart = {
  version: 1,
  name: 'patients and risk factors',
  sql: `
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
`,
};

/** Migration 4: the queue index the text worker reads. */
export const riskFactorTextQueue: SchemaPart = {
  version: 4,
  name: 'risk factor text queue',
  sql: `
-- The risk factor text worker looks for texts still 'processing' on every pass.
CREATE INDEX risk_factor_texts_status ON risk_factor_texts (status, created_at);
`,
};
