// Patients in the training store: the row/doc layout, the contract view (with is_minor), lookups, duplicates, create and update.
import type { z } from 'zod';
import type { Patient, patientCreateBody, patientUpdateBody } from '../../../contract/service/patients.ts';
import type { Db } from '../../database/db.ts';
import { docOf, isUuid, newId } from '../../database/records.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { DuplicatePatientError, findDuplicatePatient } from './duplicate-patients.ts';
import type { PatientRow } from './patient-row.ts';
import { storeRiskFactorTexts } from './risk-factor-texts.ts';

export type PatientCreate = z.output<typeof patientCreateBody>;
export type PatientUpdate = z.output<typeof patientUpdateBody>;

export type { PatientRow } from './patient-row.ts';

// ---- The layout, in one place: which fields are columns and which live in the `doc` JSON. ----

/** Fields with their own column: lookups, sorting and the duplicate check use them. */
const COLUMN_FIELDS = [
  'external_id',
  'first_name',
  'middle_name',
  'last_name',
  'date_of_birth',
  'gender',
  'email',
  'phone',
] as const;

/** Fields kept in `doc`: nothing filters on them. `risk_factors` text is never here (risk_factor_texts holds it). */
const DOC_FIELDS = [
  'address',
  'driver_license_number',
  'driver_license_state',
  'ssn',
  'primary_language',
  'guardian_name',
  'guardian_phone',
  'guardian_email',
  'guardian_relationship',
  'height_inches',
  'weight_pounds',
  'is_smoker',
  'is_diabetic',
  'is_pregnant',
  'receive_sms',
  'receive_email',
] as const;

type ColumnField = (typeof COLUMN_FIELDS)[number];
type DocField = (typeof DOC_FIELDS)[number];
export type PatientDoc = Pick<PatientUpdate, DocField>;

/** Splits request fields into column values and doc values; fields not sent are left out of both. */
function splitFields(fields: PatientUpdate): { columns: Partial<Pick<PatientUpdate, ColumnField>>; doc: PatientDoc } {
  const columns: Record<string, unknown> = {};
  const doc: Record<string, unknown> = {};
  for (const key of COLUMN_FIELDS) if (fields[key] !== undefined) columns[key] = fields[key];
  for (const key of DOC_FIELDS) if (fields[key] !== undefined) doc[key] = fields[key];
  return { columns, doc };
}

// ---- Reading ----

/** True when someone born on `dateOfBirth` (YYYY-MM-DD) is under 18 on the service clock's (UTC) day. */
export function isMinor(dateOfBirth: string, now: Date): boolean {
  const year = Number(dateOfBirth.slice(0, 4));
  if (!Number.isInteger(year)) return false;
  const eighteenth = `${String(year + 18).padStart(4, '0')}${dateOfBirth.slice(4, 10)}`;
  return now.toISOString().slice(0, 10) < eighteenth;
}

/**
 * A patient as the contract shows it: every field (null when unset), the address object and is_minor.
 * Pass the service clock (`ctx.now`) as `now`; without it is_minor is judged on the wall clock.
 */
export function patientView(_db: Db, row: PatientRow, now: Date = new Date()): Patient {
  const doc = docOf<PatientDoc>(row);
  const view: Record<string, unknown> = {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  for (const key of COLUMN_FIELDS) view[key] = row[key] ?? null;
  for (const key of DOC_FIELDS) view[key] = doc[key] ?? null;
  view.is_minor = isMinor(row.date_of_birth, now);
  return view as Patient;
}

export function patientById(db: Db, id: string): PatientRow | undefined {
  return db.get<PatientRow>('SELECT * FROM patients WHERE id = ?', id);
}

/** The patient a path names: its UUID, else the client's external id (an active patient first, then the newest). */
export function resolvePatient(db: Db, key: string): PatientRow {
  const byId = isUuid(key) ? patientById(db, key.toLowerCase()) : undefined;
  const row =
    byId ??
    db.get<PatientRow>(
      'SELECT * FROM patients WHERE external_id = ? ORDER BY is_active DESC, created_at DESC LIMIT 1',
      key,
    );
  if (!row) throw notFound('patient', key);
  return row;
}

/** One page of patients, by last name, then first name (case-insensitive), then date of birth. */
export function listPatients(
  db: Db,
  page: { pageSize: number; offset: number },
): { rows: PatientRow[]; total: number } {
  const rows = db.all<PatientRow>(
    'SELECT * FROM patients ORDER BY last_name COLLATE NOCASE, first_name COLLATE NOCASE, date_of_birth, rowid LIMIT ? OFFSET ?',
    page.pageSize,
    page.offset,
  );
  const total = (db.get<{ n: number }>('SELECT COUNT(*) AS n FROM patients') as { n: number }).n;
  return { rows, total };
}

// ---- Writing ----

/**
 * Creates a patient (and stores any freeform risk factor text for later parsing); answers its id.
 * Throws DuplicatePatientError (400) when an active patient already matches. Call inside a write transaction.
 */
export function createPatient(db: Db, body: PatientCreate, now: Date): string {
  const existing = findDuplicatePatient(db, body);
  if (existing) throw new DuplicatePatientError(existing);
  const { risk_factors: riskFactorText, ...fields } = body;
  const { doc } = splitFields(fields);
  const id = newId();
  const at = now.toISOString();
  db.run(
    `INSERT INTO patients (id, external_id, first_name, middle_name, last_name, date_of_birth, gender, email, phone,
       is_active, doc, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
    id,
    fields.external_id ?? null,
    fields.first_name,
    fields.middle_name ?? null,
    fields.last_name,
    fields.date_of_birth,
    fields.gender ?? null,
    fields.email ?? null,
    fields.phone ?? null,
    JSON.stringify(doc),
    at,
    at,
  );
  if (riskFactorText) storeRiskFactorTexts(db, id, riskFactorText, now);
  return id;
}

/**
 * Applies a partial update; answers the updated row. Refuses (409) a change that would make this patient a duplicate
 * of another active patient, so an external id keeps naming one patient.
 */
export function updatePatient(db: Db, row: PatientRow, body: PatientUpdate, now: Date): PatientRow {
  const { columns, doc } = splitFields(body);
  const merged = { ...row, ...columns };
  if (row.is_active === 1) {
    const other = findDuplicatePatient(db, merged, row.id);
    if (other) {
      throw new HttpError(
        409,
        'conflict',
        `This change would make the patient a duplicate of active patient ${other.id}.`,
        { existing_patient_id: other.id, existing_patient_external_id: other.external_id },
      );
    }
  }
  const nextDoc = { ...docOf<PatientDoc>(row), ...doc };
  db.run(
    `UPDATE patients SET external_id = ?, first_name = ?, middle_name = ?, last_name = ?, date_of_birth = ?, gender = ?,
       email = ?, phone = ?, doc = ?, updated_at = ? WHERE id = ?`,
    merged.external_id,
    merged.first_name,
    merged.middle_name,
    merged.last_name,
    merged.date_of_birth,
    merged.gender,
    merged.email,
    merged.phone,
    JSON.stringify(nextDoc),
    now.toISOString(),
    row.id,
  );
  return patientById(db, row.id) as PatientRow;
}
