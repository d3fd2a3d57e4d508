// Prescriber records: creating one with its addresses and licenses, finding one by UUID or NPI, and the answer shape.
import type { z } from 'zod';
import type { prescriberCreateBody } from '../../../contract/service/prescribers.ts';
import type { Db } from '../../database/db.ts';
import { bool, docOf, flag, isUuid, newId } from '../../database/records.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { credentialsOf, restrictionsOf } from './catalogue.ts';
import { addQualification, qualificationsOf } from './qualifications.ts';

export type PrescriberCreate = z.output<typeof prescriberCreateBody>;

export interface PrescriberRow {
  id: string;
  npi: string;
  dea: string | null;
  spi: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string | null;
  phone: string | null;
  is_active: number;
  doc: string;
  created_at: string;
  updated_at: string;
}

/** Attributes no query filters on, kept in the `doc` column. */
interface PrescriberDoc {
  date_of_birth?: string;
  gender?: string;
  driver_license_number?: string;
  driver_license_state?: string;
  credential_npi?: string;
  restricted_product_ids?: string[];
}

const NPI = /^\d{10}$/;

export function prescriberByNpi(db: Db, npi: string): PrescriberRow | undefined {
  return db.get<PrescriberRow>('SELECT * FROM prescribers WHERE npi = ?', npi);
}

/** Creates a prescriber with its practice addresses and licenses; a second prescriber with the same NPI is a 409. */
export function createPrescriber(db: Db, body: PrescriberCreate, now: Date): string {
  const existing = prescriberByNpi(db, body.npi);
  if (existing) {
    throw conflict(`A prescriber with NPI ${body.npi} already exists.`, { existing_prescriber_id: existing.id });
  }
  const id = newId();
  const at = now.toISOString();
  const doc: PrescriberDoc = {
    date_of_birth: body.date_of_birth,
    gender: body.gender,
    driver_license_number: body.driver_license_number,
    driver_license_state: body.driver_license_state,
  };
  db.run(
    `INSERT INTO prescribers (id, npi, dea, spi, first_name, middle_name, last_name, email, phone, is_active, doc, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    body.npi,
    body.dea ?? null,
    body.spi ?? null,
    body.first_name,
    body.middle_name ?? null,
    body.last_name,
    body.email ?? null,
    body.phone ?? null,
    flag(body.is_active ?? true),
    JSON.stringify(doc),
    at,
    at,
  );
  for (const address of body.addresses ?? []) {
    db.run(
      `INSERT INTO prescriber_addresses (id, prescriber_id, address_1, address_2, city, state, zip_code, country, type, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      newId(),
      id,
      address.address_1,
      address.address_2 ?? null,
      address.city,
      address.state,
      address.zip_code,
      address.country ?? null,
      address.type ?? 'practice',
      at,
      at,
    );
  }
  // In order, so a later license for the same state replaces an earlier one exactly as two requests would.
  for (const qualification of body.qualifications ?? []) addQualification(db, id, qualification, now);
  return id;
}

/** A prescriber by UUID or 10-digit NPI (spec §2); anything else, or nobody, is a 404. */
export function resolvePrescriber(db: Db, key: string): PrescriberRow {
  let row: PrescriberRow | undefined;
  if (isUuid(key)) row = db.get<PrescriberRow>('SELECT * FROM prescribers WHERE id = ?', key.toLowerCase());
  else if (NPI.test(key)) row = prescriberByNpi(db, key);
  if (!row) throw notFound('prescriber', key);
  return row;
}

export function listPrescribers(db: Db, limit: number, offset: number): { rows: PrescriberRow[]; total: number } {
  const rows = db.all<PrescriberRow>(
    'SELECT * FROM prescribers ORDER BY last_name COLLATE NOCASE, first_name COLLATE NOCASE, id LIMIT ? OFFSET ?',
    limit,
    offset,
  );
  const total = (db.get<{ n: number }>('SELECT COUNT(*) AS n FROM prescribers') as { n: number }).n;
  return { rows, total };
}

/** A type alias, not an interface: the contract's loose objects need an implicit index signature. */
type AddressRow = {
  id: string;
  created_at: string;
  updated_at: string;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  country: string | null;
  type: string;
};

export function addressesOf(db: Db, prescriberId: string) {
  return db.all<AddressRow>(
    `SELECT id, created_at, updated_at, address_1, address_2, city, state, zip_code, country, type
     FROM prescriber_addresses WHERE prescriber_id = ? ORDER BY created_at, rowid`,
    prescriberId,
  );
}

/** The prescriber as the contract shows it, with addresses, licenses, credentials and restrictions embedded. */
export function prescriberView(db: Db, row: PrescriberRow) {
  const doc = docOf<PrescriberDoc>(row);
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    date_of_birth: doc.date_of_birth ?? null,
    gender: doc.gender ?? null,
    npi: row.npi,
    dea: row.dea,
    spi: row.spi,
    driver_license_number: doc.driver_license_number ?? null,
    driver_license_state: doc.driver_license_state ?? null,
    is_active: bool(row.is_active),
    credential_npi: doc.credential_npi ?? null,
    addresses: addressesOf(db, row.id),
    qualifications: qualificationsOf(db, row.id),
    credentials: credentialsOf(db, row.id),
    restrictions: restrictionsOf(db, doc.restricted_product_ids ?? []),
  };
}
