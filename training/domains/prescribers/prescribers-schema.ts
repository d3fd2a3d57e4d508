// The prescribers domain's tables: prescribers, their addresses, licenses (qualifications), credentials and supervisions. Part of migration 1.
import type { SchemaPart } from '../../database/migrations.ts';
export const prescribersTables: SchemaPart = {
  version: 1,
  name: 'prescribers',
  sql: `
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
`,
};
