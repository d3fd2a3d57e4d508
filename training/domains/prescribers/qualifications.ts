// State licenses of a prescriber: adding and updating them, and retiring the old license when a new number arrives (spec §3).
import type { z } from 'zod';
import type { qualificationBody, qualificationUpdateBody } from '../../../contract/service/prescribers.ts';
import type { Db } from '../../database/db.ts';
import { bool, flag, isUuid, newId } from '../../database/records.ts';
import { notFound } from '../../http/errors.ts';

export type QualificationCreate = z.output<typeof qualificationBody>;
export type QualificationUpdate = z.output<typeof qualificationUpdateBody>;

export interface QualificationRow {
  id: string;
  prescriber_id: string;
  state: string;
  license_number: string;
  description: string | null;
  expiration_date: string | null;
  is_active: number;
  created_at: string;
  updated_at: string;
}

const STATE = /^[A-Z]{2}$/;

export function qualificationView(row: QualificationRow) {
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    prescriber_id: row.prescriber_id,
    state: row.state,
    license_number: row.license_number,
    description: row.description,
    expiration_date: row.expiration_date,
    is_active: bool(row.is_active),
  };
}

export function qualificationsOf(db: Db, prescriberId: string) {
  return db
    .all<QualificationRow>(
      'SELECT * FROM qualifications WHERE prescriber_id = ? ORDER BY state, created_at, rowid',
      prescriberId,
    )
    .map(qualificationView);
}

function qualificationById(db: Db, id: string): QualificationRow | undefined {
  return db.get<QualificationRow>('SELECT * FROM qualifications WHERE id = ?', id);
}

/** Deactivates the prescriber's other licenses for the state: one license per state is current. */
function retireOthers(db: Db, keep: QualificationRow, at: string): void {
  db.run(
    'UPDATE qualifications SET is_active = 0, updated_at = ? WHERE prescriber_id = ? AND state = ? AND id <> ? AND is_active = 1',
    at,
    keep.prescriber_id,
    keep.state,
    keep.id,
  );
}

function insertQualification(db: Db, prescriberId: string, fields: QualificationCreate, at: string): QualificationRow {
  const id = newId();
  db.run(
    `INSERT INTO qualifications (id, prescriber_id, state, license_number, description, expiration_date, is_active, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    prescriberId,
    fields.state,
    fields.license_number,
    fields.description ?? null,
    fields.expiration_date,
    flag(fields.is_active ?? true),
    at,
    at,
  );
  return qualificationById(db, id) as QualificationRow;
}

function updateInPlace(db: Db, row: QualificationRow, changes: QualificationUpdate, at: string): QualificationRow {
  db.run(
    `UPDATE qualifications SET state = ?, description = ?, expiration_date = ?, is_active = ?, updated_at = ? WHERE id = ?`,
    changes.state ?? row.state,
    changes.description ?? row.description,
    changes.expiration_date ?? row.expiration_date,
    changes.is_active === undefined ? row.is_active : flag(changes.is_active),
    at,
    row.id,
  );
  const updated = qualificationById(db, row.id) as QualificationRow;
  // Re-activating or moving a license makes it the state's current one.
  if (updated.is_active === 1) retireOthers(db, updated, at);
  return updated;
}

/**
 * Adds a license. The same number for the same state updates that license in place (created: false); a new number is
 * a new license, active as submitted, and the state's older license is deactivated automatically.
 */
export function addQualification(
  db: Db,
  prescriberId: string,
  body: QualificationCreate,
  now: Date,
): { row: QualificationRow; created: boolean } {
  const at = now.toISOString();
  const same = db.get<QualificationRow>(
    'SELECT * FROM qualifications WHERE prescriber_id = ? AND state = ? AND license_number = ? ORDER BY is_active DESC, created_at DESC, rowid DESC',
    prescriberId,
    body.state,
    body.license_number,
  );
  if (same) return { row: updateInPlace(db, same, body, at), created: false };
  const row = insertQualification(db, prescriberId, body, at);
  retireOthers(db, row, at);
  return { row, created: true };
}

/** A license of the prescriber by its UUID, or by state: the state's current license (else its latest). */
export function resolveQualification(db: Db, prescriberId: string, key: string): QualificationRow {
  let row: QualificationRow | undefined;
  if (isUuid(key)) {
    row = db.get<QualificationRow>(
      'SELECT * FROM qualifications WHERE id = ? AND prescriber_id = ?',
      key.toLowerCase(),
      prescriberId,
    );
  } else if (STATE.test(key.toUpperCase())) {
    row = db.get<QualificationRow>(
      'SELECT * FROM qualifications WHERE prescriber_id = ? AND state = ? ORDER BY is_active DESC, created_at DESC, rowid DESC',
      prescriberId,
      key.toUpperCase(),
    );
  }
  if (!row) throw notFound('qualification of this prescriber', key);
  return row;
}

/** Updates a license; a new license number replaces it with a new license and deactivates the old (spec §3). */
export function updateQualification(db: Db, row: QualificationRow, changes: QualificationUpdate, now: Date) {
  const at = now.toISOString();
  if (changes.license_number === undefined || changes.license_number === row.license_number) {
    return updateInPlace(db, row, changes, at);
  }
  // Unchanged fields carry over to the new license, as they would on a form that edits only the number.
  const { row: replacement } = addQualification(
    db,
    row.prescriber_id,
    {
      state: changes.state ?? row.state,
      license_number: changes.license_number,
      description: changes.description ?? row.description ?? undefined,
      expiration_date: changes.expiration_date ?? (row.expiration_date as string),
      is_active: changes.is_active ?? true,
    },
    now,
  );
  db.run('UPDATE qualifications SET is_active = 0, updated_at = ? WHERE id = ? AND is_active = 1', at, row.id);
  return replacement;
}
