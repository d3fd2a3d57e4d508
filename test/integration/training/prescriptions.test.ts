// Prescriptions over real HTTP: statuses, electronic prescriptions with product matching, filters with `null`, include_all.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElectronicPrescription, PrescriptionItem } from '../../../contract/service/prescriptions.ts';
import { restrictPrescriber } from '../../../training/domains/prescribers/catalogue.ts';
import { createProduct } from '../../../training/domains/products/products-repository.ts';
import { newPatient } from '../support/new-records.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
let amoxicillin: string;
let lisinopril: string;
let vitaminD: string;
beforeAll(async () => {
  h = await startHarness();
  const now = new Date();
  amoxicillin = createProduct(
    h.service.db,
    { kind: 'prescription', sku: 'RX-AMOX-500', name: 'Amoxicillin 500 mg', product_code: '00093-3109-01' },
    now,
  );
  lisinopril = createProduct(h.service.db, { kind: 'prescription', sku: 'RX-LISI-10', name: 'Lisinopril' }, now);
  vitaminD = createProduct(h.service.db, { kind: 'non_prescription', sku: 'OTC-VITD', name: 'Vitamin D3' }, now);
});
afterAll(() => h.close());

let seq = 0;
const newSamplePatient = (overrides: Record<string, unknown> = {}) =>
  newPatient(
    {
      last_name: 'Sample',
      date_of_birth: '1985-02-03',
      phone: '5550100200',
      address: { address_1: '9 Elm St', city: 'Madison', state: 'WI', zip_code: '53703' },
      ...overrides,
    },
    'Robin',
  );
const newPrescriber = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Avery',
  last_name: 'Example',
  npi: String(2_000_000_000 + ++seq),
  addresses: [{ address_1: '1 Clinic Way', city: 'Springfield', state: 'IL', zip_code: '62701' }],
  ...overrides,
});
const med = (overrides: Record<string, unknown> = {}) => ({
  drug_name: 'Amoxicillin',
  strength: '500 mg',
  quantity: 30,
  directions: 'Take one capsule three times a day',
  refills: 2,
  ...overrides,
});

const createErx = (body: Record<string, unknown>, as: 'admin' | 'technician' = 'admin') =>
  h.api('POST', '/api/v1/prescriptions/electronic_prescriptions', { body, as });
const countOf = (table: string) =>
  (h.service.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`) as { n: number }).n;

describe('prescription statuses', () => {
  it('serves the seven prescription statuses', async () => {
    const res = await h.api('GET', '/api/v1/prescriptions/statuses', { as: 'technician' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(['new', 'reviewed', 'verified', 'exception', 'cancelled', 'filled', 'completed']);
  });
});

describe('creating electronic prescriptions', () => {
  it('creates one with several medications, matching each to a product by NDC or name, else unmatched', async () => {
    const res = await createErx({
      patient: newSamplePatient(),
      prescriber: newPrescriber(),
      source: 'surescripts',
      medications: [
        med({ drug_name: 'Amoxicillin capsules', product_code: '00093310901', product_code_type: 'NDC' }),
        med({ drug_name: 'lisinopril', strength: '10 mg', quantity: 90 }),
        med({ drug_name: 'Unobtainium', strength: undefined, sig: 'as directed', directions: undefined }),
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      source: 'surescripts',
      patient_last_name: 'Sample',
      prescriber_last_name: 'Example',
    });
    const [first, second, third] = res.body.prescriptions;
    expect(first).toMatchObject({
      prescription_product_id: amoxicillin,
      status: 'new',
      refills: 2,
      fills_remaining: 3,
    });
    expect(second).toMatchObject({ prescription_product_id: lisinopril, quantity: 90 });
    expect(third).toMatchObject({ prescription_product_id: null, drug_name: 'Unobtainium', sig: 'as directed' });
    for (const item of res.body.prescriptions) {
      expect(item).toMatchObject({ electronic_prescription_id: res.body.id, patient_id: res.body.patient_id });
      expect(item.written_at).toEqual(expect.any(String));
      expect(item.expires_at).toEqual(expect.any(String));
    }
  });

  it('takes one `medication` and references the patient by external id and the prescriber by NPI', async () => {
    const patient = await h.api('POST', '/api/v1/patients', {
      body: newSamplePatient({ external_id: `ext-${++seq}` }),
    });
    const prescriber = await h.api('POST', '/api/v1/prescribers', { body: newPrescriber() });
    const patients = countOf('patients');
    const res = await createErx(
      {
        patient: { external_id: patient.body.external_id },
        prescriber: { npi: prescriber.body.npi },
        medication: med(),
      },
      'technician',
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ patient_id: patient.body.id, prescriber_id: prescriber.body.id });
    expect(res.body.prescriptions).toHaveLength(1);
    expect(countOf('patients')).toBe(patients);
  });

  it('records the patient and prescriber as they were, in the patient_* and prescriber_* fields', async () => {
    const externalId = `snap-${seq}`;
    const res = await createErx({
      patient: newSamplePatient({ external_id: externalId, gender: 'female', email: 'robin@example.test' }),
      prescriber: newPrescriber({ phone: '5550100300', email: 'dr@example.test' }),
      medication: med(),
    });
    const got = await h.api('GET', `/api/v1/prescriptions/electronic_prescriptions/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      patient_first_name: expect.stringMatching(/^Robin/),
      patient_dob: '1985-02-03',
      patient_gender: 'female',
      patient_email: 'robin@example.test',
      patient_primary_telephone: '5550100200',
      patient_identifier: externalId,
      patient_address_line_1: '9 Elm St',
      patient_city: 'Madison',
      patient_state_province: 'WI',
      prescriber_npi: res.body.prescriber_npi,
      prescriber_primary_telephone: '5550100300',
      prescriber_address_line_1: '1 Clinic Way',
      prescriber_postal_code: '62701',
    });
    expect(got.body.prescriptions).toEqual(res.body.prescriptions);
  });

  it('creates an order for the patient and links the prescription to it, or links to an order named by id', async () => {
    const first = await createErx({
      patient: newSamplePatient(),
      prescriber: newPrescriber(),
      medication: med(),
      order: {},
    });
    expect(first.status).toBe(201);
    expect(first.body.order_id).toEqual(expect.any(String));
    const order = await h.api('GET', `/api/v1/orders/${first.body.order_id}`);
    expect(order.body.patient.id).toBe(first.body.patient_id);
    expect(order.body.electronic_prescription_ids).toEqual([first.body.id]);
    const second = await createErx({
      patient: { id: first.body.patient_id },
      prescriber: { id: first.body.prescriber_id },
      medication: med({ drug_name: 'Lisinopril' }),
      order: { id: first.body.order_id },
    });
    expect(second.body.order_id).toBe(first.body.order_id);
    const after = await h.api('GET', `/api/v1/orders/${first.body.order_id}`);
    expect(after.body.electronic_prescription_ids).toEqual([first.body.id, second.body.id]);
  });

  it('marks a prescription for a product the prescriber may not prescribe as an exception', async () => {
    const prescriber = await h.api('POST', '/api/v1/prescribers', { body: newPrescriber() });
    restrictPrescriber(h.service.db, prescriber.body.id, lisinopril, new Date());
    const res = await createErx({
      patient: newSamplePatient(),
      prescriber: { id: prescriber.body.id },
      medication: med({ drug_name: 'Lisinopril' }),
    });
    expect(res.body.prescriptions[0]).toMatchObject({ prescription_product_id: lisinopril, status: 'exception' });
  });

  it('refuses bad medications with 400: both forms, none, no directions, a zero quantity, unknown fields', async () => {
    const base = { patient: newSamplePatient(), prescriber: newPrescriber() };
    const bodies = [
      { ...base, medication: med(), medications: [med()] },
      { ...base },
      { ...base, medications: [] },
      { ...base, medication: med({ directions: undefined }) },
      { ...base, medication: med({ quantity: 0 }) },
      { ...base, medication: med({ dosage: 'lots' }) },
      { ...base, medication: med(), prescriber: newPrescriber({ npi: '123' }) },
      { ...base, medication: med(), prescriber: newPrescriber({ dea: 'not-a-dea' }) },
    ];
    for (const body of bodies) {
      const res = await createErx(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers 404 for an unknown patient, prescriber, order or product, and writes nothing', async () => {
    const before = ['patients', 'prescribers', 'orders', 'electronic_prescriptions', 'prescriptions'].map(countOf);
    const bodies = [
      { patient: { id: randomUUID() }, prescriber: newPrescriber(), medication: med() },
      { patient: { external_id: 'nobody' }, prescriber: newPrescriber(), medication: med() },
      { patient: newSamplePatient(), prescriber: { npi: '9999999999' }, medication: med() },
      { patient: newSamplePatient(), prescriber: newPrescriber(), medication: med(), order: { id: randomUUID() } },
      {
        patient: newSamplePatient(),
        prescriber: newPrescriber(),
        medication: med({ prescription_product_id: randomUUID() }),
      },
    ];
    for (const body of bodies) {
      const res = await createErx(body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
    expect(['patients', 'prescribers', 'orders', 'electronic_prescriptions', 'prescriptions'].map(countOf)).toEqual(
      before,
    );
  });

  it('refuses a non-prescription product (400), an order of another patient (409) and an order naming its own patient (400)', async () => {
    const otc = await createErx({
      patient: newSamplePatient(),
      prescriber: newPrescriber(),
      medication: med({ prescription_product_id: vitaminD }),
    });
    expect(otc.status).toBe(400);
    const mine = await createErx({
      patient: newSamplePatient(),
      prescriber: newPrescriber(),
      medication: med(),
      order: {},
    });
    const theirs = await createErx({
      patient: newSamplePatient(),
      prescriber: newPrescriber(),
      medication: med(),
      order: { id: mine.body.order_id },
    });
    expect(theirs.status).toBe(409);
    const doubled = await createErx({
      patient: newSamplePatient(),
      prescriber: newPrescriber(),
      medication: med(),
      order: { patient_id: mine.body.patient_id },
    });
    expect(doubled.status).toBe(400);
  });

  it('answers 404 for an unknown electronic prescription and 400 for an id that is not a UUID', async () => {
    expect((await h.api('GET', `/api/v1/prescriptions/electronic_prescriptions/${randomUUID()}`)).status).toBe(404);
    expect((await h.api('GET', '/api/v1/prescriptions/electronic_prescriptions/abc')).status).toBe(400);
  });
});

describe('listing and reading prescriptions', () => {
  /** The electronic prescription made for these tests, with its two prescriptions. */
  let erx: ElectronicPrescription & { prescriptions: PrescriptionItem[] };
  beforeAll(async () => {
    erx = (
      await createErx({
        patient: newSamplePatient(),
        prescriber: newPrescriber(),
        medications: [med(), med({ drug_name: 'Mystery tonic' })],
      })
    ).body;
  });

  it('filters by patient and prescriber', async () => {
    const byPatient = await h.api<PrescriptionItem[]>('GET', `/api/v1/prescriptions?patient_id=${erx.patient_id}`);
    expect(byPatient.status).toBe(200);
    expect(byPatient.body.map((p) => p.id).sort()).toEqual(erx.prescriptions.map((p) => p.id).sort());
    expect(byPatient.headers.get('x-total-count')).toBe('2');
    const byPrescriber = await h.api<PrescriptionItem[]>(
      'GET',
      `/api/v1/prescriptions?prescriber_id=${erx.prescriber_id}`,
    );
    expect(byPrescriber.body).toHaveLength(2);
  });

  it('the value `null` finds the prescriptions not yet matched to a product', async () => {
    const unmatched = await h.api<PrescriptionItem[]>(
      'GET',
      '/api/v1/prescriptions?prescription_product_id=null&page_size=200',
    );
    expect(unmatched.body.length).toBeGreaterThan(0);
    expect(unmatched.body.every((p) => p.prescription_product_id === null)).toBe(true);
    const mine = await h.api<PrescriptionItem[]>(
      'GET',
      `/api/v1/prescriptions?prescription_product_id=null&patient_id=${erx.patient_id}`,
    );
    expect(mine.body.map((p) => p.drug_name)).toEqual(['Mystery tonic']);
    const matched = await h.api<PrescriptionItem[]>(
      'GET',
      `/api/v1/prescriptions?prescription_product_id=${amoxicillin}&page_size=200`,
    );
    expect(matched.body.every((p) => p.prescription_product_id === amoxicillin)).toBe(true);
  });

  it('filters by one status or a comma list, and pages with the X-Total-Count headers', async () => {
    const all = await h.api<PrescriptionItem[]>('GET', '/api/v1/prescriptions?page_size=200');
    const total = Number(all.headers.get('x-total-count'));
    const fresh = await h.api<PrescriptionItem[]>('GET', '/api/v1/prescriptions?status=new&page_size=200');
    const either = await h.api<PrescriptionItem[]>('GET', '/api/v1/prescriptions?status=new,exception&page_size=200');
    expect(fresh.body.every((p) => p.status === 'new')).toBe(true);
    expect(Number(either.headers.get('x-total-count'))).toBe(total);
    const page = await h.api<PrescriptionItem[]>('GET', '/api/v1/prescriptions?page=2&page_size=3');
    expect(page.body.map((p) => p.id)).toEqual(all.body.slice(3, 6).map((p) => p.id));
    expect(page.headers.get('x-total-pages')).toBe(String(Math.ceil(total / 3)));
  });

  it('refuses an unknown status, a malformed id filter and an unknown query parameter with 400', async () => {
    for (const query of ['status=lost', 'status=NEW;DROP', 'patient_id=123', 'prescriber_id=nil', 'color=red']) {
      const res = await h.api<PrescriptionItem[]>('GET', `/api/v1/prescriptions?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('gets one prescription alone, or with include_all its patient, prescriber, product and electronic prescription', async () => {
    const matched = erx.prescriptions.find((p) => p.prescription_product_id !== null)!;
    const plain = await h.api('GET', `/api/v1/prescriptions/${matched.id}`);
    expect(plain.status).toBe(200);
    expect(plain.body.patient).toBeUndefined();
    const full = await h.api('GET', `/api/v1/prescriptions/${matched.id}?include_all=true`);
    expect(full.body).toMatchObject({
      id: matched.id,
      patient: { id: erx.patient_id, is_minor: false },
      prescriber: { id: erx.prescriber_id },
      product: { id: amoxicillin, name: 'Amoxicillin 500 mg' },
      electronic_prescription: { id: erx.id },
    });
    const unmatched = erx.prescriptions.find((p) => p.prescription_product_id === null)!;
    expect((await h.api('GET', `/api/v1/prescriptions/${unmatched.id}?include_all=true`)).body.product).toBeNull();
  });

  it('answers 404 for an unknown prescription and 400 for one that is not a UUID', async () => {
    expect((await h.api('GET', `/api/v1/prescriptions/${randomUUID()}`)).status).toBe(404);
    expect((await h.api('GET', '/api/v1/prescriptions/12345')).status).toBe(400);
  });
});
