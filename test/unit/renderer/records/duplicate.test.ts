// A duplicate answer names the record that already exists, so the person can open it instead of typing it again.
import { describe, expect, it } from 'vitest';
import {
  existingPatientIdOf,
  existingPrescriberIdOf,
  isDuplicatePatient,
} from '../../../../renderer/records/duplicate.ts';

const id = 'eb33de3b-f4f6-45c6-86a9-5c3bbbb983f1';

describe('a duplicate patient', () => {
  it('is read from details when the service puts the existing id there', () => {
    expect(
      existingPatientIdOf({ code: 'bad_request', status: 400, message: 'x', details: { existing_patient_id: id } }),
    ).toBe(id);
  });

  it('is read from the training service’s message when the bridge carried no details', () => {
    const message = `An active patient with this name and date of birth already exists (${id.toUpperCase()}).`;
    expect(existingPatientIdOf({ code: 'duplicate_patient', status: 400, message })).toBe(id);
  });

  it('is recognised even when no id can be read from it', () => {
    const refusal = { code: 'duplicate_patient', status: 400, message: 'Already exists.' };
    expect(existingPatientIdOf(refusal)).toBeNull();
    expect(isDuplicatePatient(refusal)).toBe(true);
  });

  it('is not seen in an unrelated refusal that happens to quote an id', () => {
    const refusal = { code: 'not_found', status: 404, message: `No patient ${id}.` };
    expect(existingPatientIdOf(refusal)).toBeNull();
    expect(isDuplicatePatient(refusal)).toBe(false);
  });

  it('is seen in the 409 an edit gets when it would make the patient a copy of another', () => {
    const message = `This change would make the patient a duplicate of active patient ${id}.`;
    expect(existingPatientIdOf({ code: 'conflict', status: 409, message })).toBe(id);
  });
});

describe('a duplicate prescriber', () => {
  it('names the prescriber who already has the NPI', () => {
    expect(existingPrescriberIdOf({ message: 'x', details: { existing_prescriber_id: id } })).toBe(id);
    expect(existingPrescriberIdOf({ message: 'x' })).toBeNull();
  });
});
