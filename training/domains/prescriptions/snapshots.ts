// What a prescription keeps of its patient and prescriber as they were when it was written (the spec's snapshot
// fields), so a later change to either record does not rewrite the prescription.
import type { Db } from '../../database/db.ts';
import { type PatientRow, patientView } from '../patients/patients-repository.ts';
import { addressesOf, type PrescriberRow } from '../prescribers/prescribers-repository.ts';
import type { Snapshot } from './views.ts';

/** The patient's name, contact and home address fields. */
export function patientSnapshot(db: Db, row: PatientRow | undefined, now: Date): Snapshot {
  if (!row) return {};
  const patient = patientView(db, row, now);
  return {
    patient_first_name: row.first_name,
    patient_middle_name: row.middle_name,
    patient_last_name: row.last_name,
    patient_gender: row.gender,
    patient_dob: row.date_of_birth,
    patient_email: row.email,
    patient_primary_telephone: row.phone,
    patient_identifier: row.external_id,
    patient_address_line_1: patient.address?.address_1 ?? null,
    patient_address_line_2: patient.address?.address_2 ?? null,
    patient_city: patient.address?.city ?? null,
    patient_state_province: patient.address?.state ?? null,
  };
}

/** The prescriber's name, contact, NPI and practice address fields. */
export function prescriberSnapshot(db: Db, row: PrescriberRow | undefined): Snapshot {
  if (!row) return {};
  const practice = addressesOf(db, row.id)[0];
  return {
    prescriber_first_name: row.first_name,
    prescriber_middle_name: row.middle_name,
    prescriber_last_name: row.last_name,
    prescriber_email: row.email,
    prescriber_primary_telephone: row.phone,
    prescriber_npi: row.npi,
    prescriber_address_line_1: practice?.address_1 ?? null,
    prescriber_address_line_2: practice?.address_2 ?? null,
    prescriber_city: practice?.city ?? null,
    prescriber_state_province: practice?.state ?? null,
    prescriber_postal_code: practice?.zip_code ?? null,
  };
}
