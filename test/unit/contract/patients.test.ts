// The patient contract accepts patients and risk factors as sent and refuses bad patient and risk-factor requests.
import { describe, expect, it } from 'vitest';
import { duplicatePatientBody } from '../../../contract/service/common.ts';
import {
  patient,
  patientCreateBody,
  patientsOperations,
  patientUpdateBody,
  riskFactorBody,
  riskFactorMatch,
  riskFactorsBody,
  riskFactorTextBody,
} from '../../../contract/service/patients.ts';

const patientId = '0b6d1f9a-2c3e-4f50-9a1b-2c3d4e5f6a7b';
const matchId = 'f0000000-0000-4000-8000-000000000001';

/** A patient written from the spec's Patient table (synthetic). */
const specPatient = {
  id: patientId,
  created_at: '2025-03-16T22:55:37Z',
  updated_at: '2025-03-16T22:55:37.920593',
  first_name: 'Avery',
  middle_name: null,
  last_name: 'Example',
  gender: 'female',
  email: 'avery@example.com',
  phone: '5555550100',
  date_of_birth: '1980-01-31',
  address: {
    address_1: '1 Example Way',
    address_2: null,
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    country: 'US',
  },
  driver_license_number: 'D000-0000-0000',
  driver_license_state: 'IL',
  ssn: null,
  primary_language: 'en',
  guardian_name: null,
  guardian_phone: null,
  guardian_email: null,
  guardian_relationship: null,
  height_inches: 66,
  weight_pounds: 150,
  external_id: 'clinic-7',
  is_smoker: false,
  is_diabetic: false,
  is_pregnant: false,
  receive_sms: true,
  receive_email: true,
  is_minor: false,
};

/** A risk factor match written from the spec table. */
const match = {
  id: matchId,
  created_at: '2025-03-16T22:55:37',
  updated_at: '2025-03-16T22:55:37Z',
  risk_factor_id: 'f1000000-0000-4000-8000-000000000001',
  confidence: 0.92,
  is_active: true,
  match_source: 'text',
  match_type: 'product',
  matched: true,
  matched_via_synonym: false,
  patient_id: patientId,
  risk_factor_text_id: 'f2000000-0000-4000-8000-000000000001',
  text_chunk: 'atorvastatin 10mg daily',
  medication_detail: {
    brand_name: 'Lipitor',
    clinical_product_rxcui: '617312',
    ingredient_name: 'atorvastatin',
    ingredient_rxcui: '83367',
    name: 'atorvastatin 10 MG Oral Tablet',
    normalization_key: 'atorvastatin',
    product_rxcui: '617312',
    scdf_name: null,
    scdf_rxcui: null,
    scdg_name: null,
    scdg_rxcui: null,
  },
};

const newPatient = { first_name: 'Avery', last_name: 'Example', date_of_birth: '1980-01-31' };

describe('the patient response', () => {
  it('accepts a patient written from the spec table, keeping unknown fields', () => {
    const parsed = patient.parse({ ...specPatient, loyalty_tier: 'gold' });
    expect(parsed.is_minor).toBe(false);
    expect((parsed as Record<string, unknown>).loyalty_tier).toBe('gold');
  });

  it('accepts a patient with only an id, and refuses one without', () => {
    expect(patient.safeParse({ id: patientId }).success).toBe(true);
    expect(patient.safeParse({ first_name: 'Avery' }).success).toBe(false);
  });

  it('reads the duplicate answer with the existing patient’s ids', () => {
    const body = {
      error: 'duplicate_patient',
      message: 'Patient exists',
      existing_patient_id: patientId,
      existing_patient_external_id: null,
    };
    expect(duplicatePatientBody.safeParse(body).success).toBe(true);
  });
});

describe('creating a patient', () => {
  it('needs a first name, a last name and a date of birth', () => {
    expect(patientCreateBody.safeParse(newPatient).success).toBe(true);
    expect(patientCreateBody.safeParse({ first_name: 'Avery', last_name: 'Example' }).success).toBe(false);
    expect(patientCreateBody.safeParse({ ...newPatient, first_name: '  ' }).success).toBe(false);
  });

  it('accepts every spec field and freeform risk factor text', () => {
    const body = {
      ...newPatient,
      middle_name: 'Quinn',
      gender: 'female',
      email: 'avery@example.com',
      phone: '5555550100',
      address: {
        address_1: '1 Example Way',
        address_2: 'Unit 2',
        city: 'Springfield',
        state: 'IL',
        zip_code: '62701',
        country: 'US',
      },
      driver_license_number: 'D000-0000-0000',
      driver_license_state: 'IL',
      ssn: '000-00-0000',
      primary_language: 'en',
      guardian_name: 'Morgan Example',
      guardian_phone: '5555550102',
      guardian_email: 'morgan@example.com',
      guardian_relationship: 'parent',
      height_inches: 66,
      weight_pounds: 150,
      external_id: 'clinic-7',
      is_smoker: false,
      is_diabetic: false,
      is_pregnant: false,
      receive_sms: true,
      receive_email: true,
      risk_factors: { allergies: 'penicillin', conditions: 'asthma', medications: 'atorvastatin 10mg daily' },
    };
    expect(patientCreateBody.safeParse(body).success).toBe(true);
  });

  it('refuses a birth date in the future or in another format', () => {
    expect(patientCreateBody.safeParse({ ...newPatient, date_of_birth: '2999-01-01' }).success).toBe(false);
    expect(patientCreateBody.safeParse({ ...newPatient, date_of_birth: '01/31/1980' }).success).toBe(false);
  });

  it('refuses formatted phones, lower-case states, bad emails, unknown keys and hostile sizes', () => {
    expect(patientCreateBody.safeParse({ ...newPatient, phone: '(555) 555-0100' }).success).toBe(false);
    expect(patientCreateBody.safeParse({ ...newPatient, driver_license_state: 'il' }).success).toBe(false);
    expect(patientCreateBody.safeParse({ ...newPatient, email: 'not-an-email' }).success).toBe(false);
    expect(patientCreateBody.safeParse({ ...newPatient, is_minor: true }).success).toBe(false);
    expect(patientCreateBody.safeParse({ ...newPatient, last_name: 'x'.repeat(201) }).success).toBe(false);
    expect(patientCreateBody.safeParse({ ...newPatient, risk_factors: { allergies: 'x'.repeat(5001) } }).success).toBe(
      false,
    );
    expect(patientCreateBody.safeParse({ ...newPatient, height_inches: 66.5 }).success).toBe(false);
  });

  it('updates any patient field, at least one, but not risk factors', () => {
    expect(patientUpdateBody.safeParse({ phone: '5555550101' }).success).toBe(true);
    expect(patientUpdateBody.safeParse({}).success).toBe(false);
    expect(patientUpdateBody.safeParse({ risk_factors: { allergies: 'latex' } }).success).toBe(false);
  });
});

describe('risk factors', () => {
  it('accepts a match written from the spec table', () => {
    expect(riskFactorMatch.safeParse(match).success).toBe(true);
  });

  it('are created with flat medication detail fields, a type and a name', () => {
    const medication = {
      type: 'medication',
      name: 'atorvastatin',
      ingredient_rxcui: '83367',
      match_source: 'manual',
      matched: true,
    };
    expect(riskFactorsBody.safeParse([medication, { type: 'allergy', name: 'penicillin' }]).success).toBe(true);
    expect(riskFactorBody.safeParse({ ...medication, medication_detail: { name: 'x' } }).success).toBe(false);
    expect(riskFactorBody.safeParse({ type: 'allergy' }).success).toBe(false);
    expect(riskFactorBody.safeParse({ type: 'habit', name: 'coffee' }).success).toBe(false);
    expect(riskFactorBody.safeParse({ ...medication, confidence: 1.5 }).success).toBe(false);
    expect(riskFactorBody.safeParse({ ...medication, ingredient_rxcui: 'abc' }).success).toBe(false);
  });

  it('are refused as an empty list or as a flood', () => {
    expect(riskFactorsBody.safeParse([]).success).toBe(false);
    expect(
      riskFactorsBody.safeParse(Array.from({ length: 201 }, () => ({ type: 'allergy', name: 'dust' }))).success,
    ).toBe(false);
  });

  it('are sent as freeform text with at least one of allergies, conditions or medications', () => {
    expect(riskFactorTextBody.safeParse({ conditions: 'type 2 diabetes' }).success).toBe(true);
    expect(riskFactorTextBody.safeParse({}).success).toBe(false);
    expect(riskFactorTextBody.safeParse({ habits: 'coffee' }).success).toBe(false);
  });

  it('are filtered by one of the three types', () => {
    const query = patientsOperations.riskFactors.query;
    expect(query.safeParse({ type: 'allergy' }).success).toBe(true);
    expect(query.safeParse({ type: 'habit' }).success).toBe(false);
  });
});

describe('every patient operation', () => {
  const examples: Record<keyof typeof patientsOperations, unknown> = {
    list: [specPatient],
    create: specPatient,
    get: specPatient,
    update: { ...specPatient, phone: '5555550101' },
    guardianRelationshipTypes: ['parent', { code: 'legal_guardian', name: 'Legal guardian' }],
    orders: [
      {
        id: 'o1',
        order_number: 'ORD1',
        status: 'Received',
        patient: { id: patientId },
        created_at: '2025-03-16T22:55:37.920593',
      },
    ],
    riskFactors: [match],
    createRiskFactors: {
      allergies: [{ id: 'a1', name: 'penicillin', type: 'allergy', matched: true, original_name: 'Penicillin' }],
      conditions: [],
      medications: [match],
    },
    createRiskFactor: match,
    deactivateRiskFactor: { ...match, is_active: false },
    confirmRiskFactor: { ...match, matched: true, match_source: 'manual' },
    parseRiskFactorText: { risk_factor_text_ids: ['f2000000-0000-4000-8000-000000000001'], status: 'processing' },
  };

  it('has a response schema that accepts a realistic answer', () => {
    for (const [verb, op] of Object.entries(patientsOperations)) {
      const result = op.response.safeParse(examples[verb as keyof typeof patientsOperations]);
      expect([verb, result.success]).toEqual([verb, true]);
    }
  });

  it('takes a UUID or an external id as the patient in the path, and a UUID as the risk factor', () => {
    const params = patientsOperations.deactivateRiskFactor.params;
    expect(params.safeParse({ patient_id: 'clinic-7', risk_factor_id: matchId }).success).toBe(true);
    expect(params.safeParse({ patient_id: patientId, risk_factor_id: 'penicillin' }).success).toBe(false);
  });
});
