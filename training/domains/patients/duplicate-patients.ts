// Duplicate patients: which active patient new or changed details would duplicate, and the spec's answer when one does.
import type { Db } from '../../database/db.ts';
import { HttpError } from '../../http/errors.ts';
import type { PatientRow } from './patient-row.ts';

export interface DuplicateKeys {
  external_id?: string | null | undefined;
  first_name: string;
  last_name: string;
  date_of_birth: string;
}

/**
 * An ACTIVE patient the given details would duplicate: the same external id (exact), or the same first name,
 * last name (case-insensitive) and date of birth. Inactive patients never count.
 */
export function findDuplicatePatient(db: Db, keys: DuplicateKeys, exceptId = ''): PatientRow | undefined {
  if (keys.external_id) {
    const same = db.get<PatientRow>(
      'SELECT * FROM patients WHERE external_id = ? AND is_active = 1 AND id <> ? ORDER BY created_at LIMIT 1',
      keys.external_id,
      exceptId,
    );
    if (same) return same;
  }
  return db.get<PatientRow>(
    `SELECT * FROM patients
     WHERE last_name = ? COLLATE NOCASE AND first_name = ? COLLATE NOCASE AND date_of_birth = ?
       AND is_active = 1 AND id <> ?
     ORDER BY created_at LIMIT 1`,
    keys.last_name.trim(),
    keys.first_name.trim(),
    keys.date_of_birth,
    exceptId,
  );
}

/** The spec's duplicate answer (§7.2): a 400 whose body names the existing patient at the top level. */
export class DuplicatePatientError extends HttpError {
  readonly existingPatientId: string;
  readonly existingPatientExternalId: string | null;

  constructor(existing: PatientRow) {
    super(
      400,
      'duplicate_patient',
      existing.external_id
        ? `An active patient with this external id or name and date of birth already exists (${existing.id}, external id ${JSON.stringify(existing.external_id)}).`
        : `An active patient with this name and date of birth already exists (${existing.id}).`,
    );
    this.existingPatientId = existing.id;
    this.existingPatientExternalId = existing.external_id;
  }

  override toBody() {
    return {
      error: this.error,
      message: this.message,
      existing_patient_id: this.existingPatientId,
      ...(this.existingPatientExternalId ? { existing_patient_external_id: this.existingPatientExternalId } : {}),
    };
  }
}
