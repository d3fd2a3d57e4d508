// The prescription contract accepts prescriptions as sent and refuses bad electronic-prescription and composite requests.
import { describe, expect, it } from 'vitest';
import {
  compositeBody,
  electronicPrescription,
  electronicPrescriptionCreateBody,
  medicationBody,
  prescriptionDetail,
  prescriptionItem,
  prescriptionStatusValues,
  prescriptionsOperations,
} from '../../../contract/service/prescriptions.ts';

const patientId = '0b6d1f9a-2c3e-4f50-9a1b-2c3d4e5f6a7b';
const prescriberId = '1c000000-0000-4000-8000-000000000001';
const eRxId = 'e1000000-0000-4000-8000-000000000001';

/** A prescription item written from the spec (synthetic). */
const item = {
  id: 'a7000000-0000-4000-8000-000000000001',
  customer_id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  electronic_prescription_id: eRxId,
  patient_id: patientId,
  prescriber_id: prescriberId,
  prescription_product_id: null,
  description: 'Atorvastatin 10 mg tablet',
  directions: 'Take one tablet by mouth daily',
  drug_name: 'Atorvastatin',
  name: 'Atorvastatin 10 mg',
  notes: null,
  sig: '1 PO QD',
  strength: '10 mg',
  serial_number: 'SN-1',
  product_code: '00000-0000-00',
  product_code_type: 'NDC',
  quantity: 30,
  refills: 3,
  fills_remaining: 4,
  days_supply: 30,
  substitution_allowed: true,
  units: 'tablet',
  expires_at: '2026-03-16T00:00:00Z',
  written_at: '2025-03-16T22:55:37.920593',
  status: 'new',
};

const eRx = {
  id: eRxId,
  created_at: '2025-03-16T22:55:37Z',
  updated_at: '2025-03-16T22:55:37',
  customer_id: item.customer_id,
  patient_id: patientId,
  prescriber_id: prescriberId,
  source: 'surescripts',
  type: 'new',
  reference_number: 'REF-1',
  prescriptions: [item],
  patient_first_name: 'Avery',
  patient_last_name: 'Example',
  patient_dob: '1980-01-31',
  patient_state_province: 'IL',
  prescriber_first_name: 'Jordan',
  prescriber_last_name: 'Sample',
  prescriber_npi: '1234567893',
  prescriber_postal_code: '62701',
};

const medication = {
  drug_name: 'Atorvastatin',
  quantity: 30,
  directions: 'Take one tablet by mouth daily',
  refills: 3,
};
const newPrescriber = { first_name: 'Jordan', last_name: 'Sample', npi: '1234567893' };
const newPatient = { first_name: 'Avery', last_name: 'Example', date_of_birth: '1980-01-31' };

describe('the prescription responses', () => {
  it('accept an item written from the spec, with days supply from the real service', () => {
    expect(prescriptionItem.parse(item).days_supply).toBe(30);
  });

  it('normalise a title-case status and accept a written date without a time', () => {
    const parsed = prescriptionItem.parse({ ...item, status: 'Reviewed', written_at: '2025-03-16' });
    expect(parsed.status).toBe('reviewed');
  });

  it('accept an electronic prescription carrying its medications', () => {
    expect(electronicPrescription.safeParse(eRx).success).toBe(true);
  });

  it('accept a prescription with its patient, prescriber, product and electronic prescription embedded', () => {
    const detail = {
      ...item,
      patient: { id: patientId, first_name: 'Avery' },
      prescriber: { id: prescriberId, npi: '1234567893', gender: 'Male' },
      product: { id: 'd1000000-0000-4000-8000-000000000001', sku: 'RX-ATOR-10' },
      electronic_prescription: eRx,
    };
    expect(prescriptionDetail.safeParse(detail).success).toBe(true);
  });

  it('list the seven statuses of the spec', () => {
    expect(prescriptionStatusValues).toEqual([
      'new',
      'reviewed',
      'verified',
      'exception',
      'cancelled',
      'filled',
      'completed',
    ]);
  });
});

describe('listing prescriptions', () => {
  const query = prescriptionsOperations.list.query;

  it('finds unassigned prescriptions with the value null', () => {
    expect(query.safeParse({ prescription_product_id: 'null', status: 'new,exception' }).success).toBe(true);
    expect(query.safeParse({ patient_id: patientId, page: '1' }).success).toBe(true);
  });

  it('refuses filters that are neither a UUID nor null, and unknown filters', () => {
    expect(query.safeParse({ patient_id: 'Avery' }).success).toBe(false);
    expect(query.safeParse({ drug: 'statin' }).success).toBe(false);
  });
});

describe('creating an electronic prescription', () => {
  it('takes several medications or one, with a patient and a prescriber', () => {
    const base = { patient: { id: patientId }, prescriber: { npi: '1234567893' } };
    expect(electronicPrescriptionCreateBody.safeParse({ ...base, medications: [medication, medication] }).success).toBe(
      true,
    );
    expect(electronicPrescriptionCreateBody.safeParse({ ...base, medication }).success).toBe(true);
    expect(electronicPrescriptionCreateBody.safeParse({ ...base, medication, medications: [medication] }).success).toBe(
      false,
    );
    expect(electronicPrescriptionCreateBody.safeParse({ ...base }).success).toBe(false);
    expect(electronicPrescriptionCreateBody.safeParse({ medication, prescriber: newPrescriber }).success).toBe(false);
  });

  it('refuses a medication without directions, with a fractional refill count, or with unknown keys', () => {
    expect(medicationBody.safeParse({ drug_name: 'Atorvastatin', quantity: 30 }).success).toBe(false);
    expect(medicationBody.safeParse({ ...medication, refills: 1.5 }).success).toBe(false);
    expect(medicationBody.safeParse({ ...medication, controlled: true }).success).toBe(false);
    expect(medicationBody.safeParse({ ...medication, quantity: -30 }).success).toBe(false);
    expect(medicationBody.safeParse({ ...medication, directions: 'x'.repeat(5001) }).success).toBe(false);
  });
});

describe('the composite creation', () => {
  it('creates a patient, prescriber, order and electronic prescription together', () => {
    const body = {
      patient: newPatient,
      prescriber: newPrescriber,
      order: { products: { prescription: [{ sku: 'RX-ATOR-10', quantity: 30 }] }, external_id: 'clinic-42' },
      electronic_prescription: { medications: [medication], reference_number: 'REF-1' },
    };
    expect(compositeBody.safeParse(body).success).toBe(true);
  });

  it('references an existing patient by id or external id and a prescriber by id or NPI', () => {
    expect(compositeBody.safeParse({ patient: { id: patientId }, prescriber: { id: prescriberId } }).success).toBe(
      true,
    );
    expect(
      compositeBody.safeParse({ patient: { external_id: 'clinic-7' }, prescriber: { npi: '1234567893' } }).success,
    ).toBe(true);
  });

  it('creates a standalone order or electronic prescription', () => {
    expect(compositeBody.safeParse({ order: { external_id: 'clinic-42' } }).success).toBe(true);
    expect(compositeBody.safeParse({ electronic_prescription: { medication } }).success).toBe(true);
  });

  it('refuses an empty body, a half-made patient, a short NPI and unknown keys', () => {
    expect(compositeBody.safeParse({}).success).toBe(false);
    expect(compositeBody.safeParse({ patient: { first_name: 'Avery' } }).success).toBe(false);
    expect(compositeBody.safeParse({ prescriber: { npi: '12345' } }).success).toBe(false);
    expect(compositeBody.safeParse({ patient: { id: patientId }, task: {} }).success).toBe(false);
    expect(compositeBody.safeParse({ patient: { id: 'not-a-uuid' } }).success).toBe(false);
  });

  it('takes the force_new flag as it arrives from a URL', () => {
    expect(prescriptionsOperations.composite.query.parse({ force_new: 'true' })).toEqual({ force_new: true });
    expect(prescriptionsOperations.composite.query.safeParse({ force_new: 'yes' }).success).toBe(false);
  });
});

describe('every prescription operation', () => {
  const examples: Record<keyof typeof prescriptionsOperations, unknown> = {
    statuses: [...prescriptionStatusValues],
    list: [item, { ...item, id: 'a7000000-0000-4000-8000-000000000002', status: 'Exception' }],
    get: { ...item, electronic_prescription: eRx },
    getElectronic: eRx,
    createElectronic: eRx,
    composite: {
      patient: { id: patientId, created: false },
      order: { id: 'o1', created: true },
      summary: { entities_created: 1, entities_referenced: 1 },
    },
  };

  it('has a response schema that accepts a realistic answer', () => {
    for (const [verb, op] of Object.entries(prescriptionsOperations)) {
      const result = op.response.safeParse(examples[verb as keyof typeof prescriptionsOperations]);
      expect([verb, result.success]).toEqual([verb, true]);
    }
  });
});
