// What a person types into the patient form becomes a body the contract accepts, or errors beside the right fields.
import { describe, expect, it } from 'vitest';
import type { Patient } from '../../../../contract/service/patients.ts';
import {
  buildCreateBody,
  buildUpdateBody,
  emptyPatientForm,
  formFieldOf,
  formFromPatient,
  type PatientFormValues,
} from '../../../../renderer/records/patient-form.ts';

function form(values: Partial<PatientFormValues>): PatientFormValues {
  return { ...emptyPatientForm(), ...values };
}

const riley = form({ first_name: 'Riley', last_name: 'Sample', date_of_birth: '1974-10-17' });

describe('creating a patient', () => {
  it('needs a first name, a last name and a date of birth, and says so beside each', () => {
    const built = buildCreateBody(emptyPatientForm());
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.errors).toMatchObject({ first_name: 'Required.', last_name: 'Required.', date_of_birth: 'Required.' });
  });

  it('sends only what was filled in, phone numbers as digits and sizes as numbers, consent as a yes or a no', () => {
    const built = buildCreateBody({
      ...riley,
      phone: '(555) 428-2025',
      height_inches: '66',
      email: '  riley@example.com ',
      is_smoker: true,
    });
    expect(built).toEqual({
      ok: true,
      body: {
        first_name: 'Riley',
        last_name: 'Sample',
        date_of_birth: '1974-10-17',
        phone: '5554282025',
        height_inches: 66,
        email: 'riley@example.com',
        is_smoker: true,
        receive_sms: false,
        receive_email: false,
      },
    });
  });

  it('refuses a height that is not a whole number, beside the height', () => {
    const built = buildCreateBody({ ...riley, height_inches: '5 ft 6' });
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.errors.height_inches).toBe('A whole number.');
  });

  it('asks for the rest of an address once any part of it is typed, beside each missing part', () => {
    const built = buildCreateBody({ ...riley, city: 'Salem' });
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.errors.address_1).toBe('Required.');
    expect(built.errors.state).toBe('Required.');
    expect(built.errors.zip_code).toBe('Required.');
    expect(built.errors.city).toBeUndefined();
  });

  it('sends a full address with the state in capitals', () => {
    const built = buildCreateBody({ ...riley, address_1: '1 Elm', city: 'Salem', state: 'or', zip_code: '97301' });
    expect(built.ok && built.body.address).toEqual({
      address_1: '1 Elm',
      city: 'Salem',
      state: 'OR',
      zip_code: '97301',
    });
  });

  it('sends freeform allergies for the service to parse', () => {
    const built = buildCreateBody({ ...riley, allergies: 'penicillin and latex' });
    expect(built.ok && built.body.risk_factors).toEqual({ allergies: 'penicillin and latex' });
  });

  it('refuses a date of birth in the future', () => {
    const built = buildCreateBody({ ...riley, date_of_birth: '2999-01-01' });
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.errors.date_of_birth).toMatch(/not in the future/);
  });

  it('maps the service’s body paths back to the form’s fields', () => {
    expect(formFieldOf('address.zip_code')).toBe('zip_code');
    expect(formFieldOf('risk_factors.allergies')).toBe('allergies');
    expect(formFieldOf('first_name')).toBe('first_name');
  });
});

describe('editing a patient', () => {
  const stored: Patient = {
    id: 'p1',
    first_name: 'Riley',
    middle_name: null,
    last_name: 'Sample',
    date_of_birth: '1974-10-17',
    phone: '5554282025',
    address: { address_1: '1 Elm', city: 'Salem', state: 'OR', zip_code: '97301' },
    is_smoker: false,
    guardian_relationship: null,
  };
  const original = formFromPatient(stored);

  it('fills the form from the stored patient', () => {
    expect(original).toMatchObject({ first_name: 'Riley', phone: '5554282025', city: 'Salem', is_smoker: false });
  });

  it('sends nothing when nothing changed', () => {
    expect(buildUpdateBody(original, { ...original })).toEqual({ ok: 'unchanged' });
  });

  it('sends only the fields that changed, and the whole address when part of it did', () => {
    const built = buildUpdateBody(original, { ...original, phone: '555-111-2222', city: 'Portland', is_smoker: true });
    expect(built).toEqual({
      ok: true,
      body: {
        phone: '5551112222',
        is_smoker: true,
        address: { address_1: '1 Elm', city: 'Portland', state: 'OR', zip_code: '97301' },
      },
    });
  });

  it('refuses to empty a field the service cannot empty, instead of quietly keeping the old value', () => {
    const built = buildUpdateBody(original, { ...original, phone: '' });
    expect(built.ok).toBe(false);
    if (built.ok === false) expect(built.errors.phone).toMatch(/cannot empty/);
  });

  it('sends a guardian with a relationship from the service’s list', () => {
    const built = buildUpdateBody(original, {
      ...original,
      guardian_name: 'Alex Sample',
      guardian_relationship: 'parent',
    });
    expect(built).toEqual({ ok: true, body: { guardian_name: 'Alex Sample', guardian_relationship: 'parent' } });
  });
});
