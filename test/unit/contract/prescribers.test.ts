// Prescriber schemas accept what both generations of the service send and refuse malformed create requests.
import { describe, expect, it } from 'vitest';
import {
  prescriber,
  prescriberCreateBody,
  prescribersOperations,
  qualificationBody,
  qualificationUpdateBody,
} from '../../../contract/service/prescribers.ts';

const PRESCRIBER_ID = '6f1c2b9e-3a4d-4e5f-8a7b-1c2d3e4f5a6b';

const samplePrescriber = {
  id: PRESCRIBER_ID,
  created_at: '2025-03-16T22:55:37.920593',
  updated_at: '2025-03-16T22:55:37Z',
  first_name: 'Avery',
  middle_name: null,
  last_name: 'Example',
  email: 'avery.example@example.test',
  phone: '5555550100',
  date_of_birth: '1970-01-01',
  gender: 'Male',
  npi: '1234567893',
  dea: 'AE1234563',
  spi: null,
  is_active: true,
  credential_npi: 'M.D.',
  addresses: [
    {
      id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      created_at: '2025-03-16T22:55:37Z',
      updated_at: '2025-03-16T22:55:37Z',
      address_1: '1 Example Way',
      address_2: null,
      city: 'Springfield',
      state: 'IL',
      zip_code: '62701',
      country: 'US',
      type: 'practice',
    },
  ],
  qualifications: [
    {
      id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      state: 'IL',
      license_number: 'LIC-0001',
      description: 'Physician and surgeon',
      expiration_date: '2027-12-31',
      is_active: true,
    },
  ],
  credentials: [{ credential_code: 'MD', credential_name: 'Doctor of Medicine' }],
  restrictions: [{ id: 'r-1', name: 'Example restricted product', sku: 'SKU-1' }],
  practice_group: 'kept as sent',
};

const validCreate = { first_name: 'Avery', last_name: 'Example', npi: '1234567893' };

describe('prescriber responses', () => {
  it('accept a full prescriber with title-case gender, microsecond timestamps, nulls and unknown fields', () => {
    const parsed = prescriber.parse(samplePrescriber);
    expect(parsed.gender).toBe('Male');
    expect(parsed.practice_group).toBe('kept as sent');
    expect(parsed.addresses?.[0]?.type).toBe('practice');
  });

  it('accept a prescriber that carries nothing but its id', () => {
    expect(prescriber.parse({ id: PRESCRIBER_ID }).id).toBe(PRESCRIBER_ID);
  });

  it('refuse a prescriber without an id', () => {
    expect(prescriber.safeParse({ first_name: 'Avery' }).success).toBe(false);
  });
});

describe('creating a prescriber', () => {
  it('needs only a name and an NPI', () => {
    expect(prescriberCreateBody.safeParse(validCreate).success).toBe(true);
  });

  it('accepts a complete record with a practice address and a license', () => {
    const full = {
      ...validCreate,
      email: 'avery.example@example.test',
      phone: '5555550100',
      dea: 'AE1234563',
      driver_license_state: 'IL',
      addresses: [
        { address_1: '1 Example Way', city: 'Springfield', state: 'IL', zip_code: '62701', type: 'practice' },
      ],
      qualifications: [{ state: 'IL', license_number: 'LIC-0001', expiration_date: '2027-12-31' }],
    };
    expect(prescriberCreateBody.safeParse(full).success).toBe(true);
  });

  it.each([
    ['no NPI', { first_name: 'Avery', last_name: 'Example' }],
    ['a 9-digit NPI', { ...validCreate, npi: '123456789' }],
    ['an NPI with letters', { ...validCreate, npi: '12345678AB' }],
    ['a formatted phone', { ...validCreate, phone: '(555) 555-0100' }],
    ['a DEA number of the wrong shape', { ...validCreate, dea: 'A12345678' }],
    ['an unknown key', { ...validCreate, is_admin: true }],
    ['a number for a name', { ...validCreate, first_name: 42 }],
    ['a blank last name', { ...validCreate, last_name: '   ' }],
    ['a 10 000-character name', { ...validCreate, first_name: 'x'.repeat(10_000) }],
    ['a lower-case license state', { ...validCreate, driver_license_state: 'il' }],
  ])('refuses %s', (_label, body) => {
    expect(prescriberCreateBody.safeParse(body).success).toBe(false);
  });
});

describe('licenses in requests', () => {
  it('need a state, a number and an expiration date', () => {
    expect(
      qualificationBody.safeParse({ state: 'IL', license_number: 'L1', expiration_date: '2027-12-31' }).success,
    ).toBe(true);
    expect(qualificationBody.safeParse({ state: 'IL', license_number: 'L1' }).success).toBe(false);
  });

  it('may be updated one field at a time, but not with nothing or with unknown keys', () => {
    expect(qualificationUpdateBody.safeParse({ is_active: false }).success).toBe(true);
    expect(qualificationUpdateBody.safeParse({}).success).toBe(false);
    expect(qualificationUpdateBody.safeParse({ is_active: false, note: 'x' }).success).toBe(false);
  });
});

describe('the prescriber operations', () => {
  const examples: Record<keyof typeof prescribersOperations, unknown> = {
    list: [samplePrescriber],
    create: samplePrescriber,
    get: samplePrescriber,
    credentials: [{ credential_code: 'NP', credential_name: 'Nurse Practitioner', extra: 1 }],
    supervisees: [
      {
        id: 's-1',
        created_at: '2025-03-16T22:55:37',
        updated_at: null,
        supervisor: { id: PRESCRIBER_ID, first_name: 'Avery', last_name: 'Example', npi: '1234567893' },
        supervisee: { id: 'p-2', first_name: 'Jordan', last_name: 'Sample', npi: '1234567885' },
      },
    ],
    createQualification: { id: 'q-1', state: 'IL', license_number: 'LIC-0002', is_active: true },
    updateQualification: { id: 'q-1', state: 'IL', license_number: 'LIC-0002', expiration_date: '2028-06-30' },
  };

  it.each(Object.entries(prescribersOperations))('%s accepts a realistic answer', (verb, op) => {
    expect(op.response.safeParse(examples[verb as keyof typeof examples]).success).toBe(true);
  });

  it('answers creates with 201 and takes a prescriber by UUID or NPI in the path', () => {
    expect(prescribersOperations.create.status).toBe(201);
    expect(prescribersOperations.createQualification.status).toBe(201);
    expect(prescribersOperations.get.params.safeParse({ prescriber_id: '1234567893' }).success).toBe(true);
    expect(prescribersOperations.get.params.safeParse({ prescriber_id: PRESCRIBER_ID }).success).toBe(true);
    expect(
      prescribersOperations.updateQualification.params.safeParse({
        prescriber_id: '1234567893',
        qualification_id: 'IL',
      }).success,
    ).toBe(true);
  });

  it('lists prescribers page by page', () => {
    expect(prescribersOperations.list.paginated).toBe(true);
    expect(prescribersOperations.list.query.parse({ page: '2', page_size: '50' })).toEqual({ page: 2, page_size: 50 });
    expect(prescribersOperations.list.query.safeParse({ sort: 'name' }).success).toBe(false);
  });
});
