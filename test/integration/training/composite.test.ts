// The composite creation over real HTTP: each part created or referenced, the summary, force_new, and all or nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../training/domains/products/products-repository.ts';
import { newPatient } from '../support/new-records.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
let amoxicillin: string;
beforeAll(async () => {
  h = await startHarness();
  amoxicillin = createProduct(
    h.service.db,
    { kind: 'prescription', sku: 'RX-AMOX-500', name: 'Amoxicillin 500 mg', product_code: '00093-3109-01' },
    new Date(),
  );
});
afterAll(() => h.close());

const COMPOSITE = '/api/v1/prescriptions/electronic_prescriptions/composite';
let seq = 0;
const newPrescriber = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Casey',
  last_name: 'Example',
  npi: String(3_000_000_000 + ++seq),
  ...overrides,
});
const erx = (overrides: Record<string, unknown> = {}) => ({
  medications: [
    { drug_name: 'Amoxicillin', strength: '500 mg', quantity: 30, directions: 'One capsule three times a day' },
  ],
  ...overrides,
});
const newOrder = () => ({
  address: { address_1: '4 Oak Ave', city: 'Austin', state: 'TX', zip_code: '78701' },
  shipping: { carrier: 'usps', service_level: 'usps_ground_advantage' },
});

const composite = (body: unknown, query = '', as: 'admin' | 'technician' = 'admin') =>
  h.api('POST', `${COMPOSITE}${query}`, { body, as });

/** Every table's row count: a refused composite must leave each one as it was. */
function tableCounts(): Record<string, number> {
  const tables = h.service.db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type='table'");
  return Object.fromEntries(
    tables.map(({ name }) => [
      name,
      (h.service.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "${name}"`) as { n: number }).n,
    ]),
  );
}

describe('composite creation', () => {
  it('creates patient, prescriber, order and electronic prescription at once and links them', async () => {
    const res = await composite(
      { patient: newPatient(), prescriber: newPrescriber(), order: newOrder(), electronic_prescription: erx() },
      '',
      'technician',
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      patient: { id: expect.any(String), created: true },
      prescriber: { id: expect.any(String), created: true },
      order: { id: expect.any(String), created: true },
      electronic_prescription: { id: expect.any(String), created: true },
      summary: { entities_created: 4, entities_referenced: 0 },
    });
    const order = await h.api('GET', `/api/v1/orders/${res.body.order.id}`);
    expect(order.body.patient.id).toBe(res.body.patient.id);
    expect(order.body.electronic_prescription_ids).toEqual([res.body.electronic_prescription.id]);
    const made = await h.api(
      'GET',
      `/api/v1/prescriptions/electronic_prescriptions/${res.body.electronic_prescription.id}`,
    );
    expect(made.body).toMatchObject({
      patient_id: res.body.patient.id,
      prescriber_id: res.body.prescriber.id,
      order_id: res.body.order.id,
    });
    expect(made.body.prescriptions[0].prescription_product_id).toBe(amoxicillin);
  });

  it('references an existing patient by id or external id and prescriber by id or NPI, and counts them as referenced', async () => {
    const patient = await h.api('POST', '/api/v1/patients', { body: newPatient({ external_id: `cx-${++seq}` }) });
    const prescriber = await h.api('POST', '/api/v1/prescribers', { body: newPrescriber() });
    const refs = [
      [{ id: patient.body.id }, { id: prescriber.body.id }],
      [{ external_id: patient.body.external_id }, { npi: prescriber.body.npi }],
    ];
    for (const [patientRef, prescriberRef] of refs) {
      const res = await composite({ patient: patientRef, prescriber: prescriberRef, electronic_prescription: erx() });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        patient: { id: patient.body.id, created: false },
        prescriber: { id: prescriber.body.id, created: false },
        electronic_prescription: { id: expect.any(String), created: true },
        summary: { entities_created: 1, entities_referenced: 2 },
      });
    }
  });

  it("merges the order into the patient's open order unless force_new=true", async () => {
    const first = await composite({ patient: newPatient(), order: newOrder(), electronic_prescription: erx() });
    const patient = { id: first.body.patient.id };
    const merged = await composite({ patient, order: newOrder(), electronic_prescription: erx() });
    expect(merged.body.order).toEqual({ id: first.body.order.id, created: false });
    expect(merged.body.summary).toEqual({ entities_created: 1, entities_referenced: 2 });
    const forced = await composite({ patient, order: newOrder(), electronic_prescription: erx() }, '?force_new=true');
    expect(forced.body.order.created).toBe(true);
    expect(forced.body.order.id).not.toBe(first.body.order.id);
    const onForced = await h.api('GET', `/api/v1/orders/${forced.body.order.id}`);
    expect(onForced.body.electronic_prescription_ids).toEqual([forced.body.electronic_prescription.id]);
    expect((await composite({ patient }, '?force_new=maybe')).status).toBe(400);
  });

  it('answers only the keys it was given: a standalone electronic prescription, a standalone order', async () => {
    const alone = await composite({ electronic_prescription: erx() });
    expect(alone.status).toBe(201);
    expect(Object.keys(alone.body).sort()).toEqual(['electronic_prescription', 'summary']);
    const stored = await h.api(
      'GET',
      `/api/v1/prescriptions/electronic_prescriptions/${alone.body.electronic_prescription.id}`,
    );
    expect(stored.body).toMatchObject({ patient_id: null, prescriber_id: null, order_id: null });
    const order = await composite({ order: newOrder() });
    expect(Object.keys(order.body).sort()).toEqual(['order', 'summary']);
    expect(order.body.summary).toEqual({ entities_created: 1, entities_referenced: 0 });
    const prescriberOnly = await composite({ prescriber: newPrescriber() });
    expect(Object.keys(prescriberOnly.body).sort()).toEqual(['prescriber', 'summary']);
  });

  it('a composite whose last part is invalid leaves every table unchanged', async () => {
    const before = tableCounts();
    const res = await composite({
      patient: newPatient(),
      prescriber: newPrescriber(),
      order: newOrder(),
      electronic_prescription: erx({
        medications: [
          { drug_name: 'Amoxicillin', quantity: 30, directions: 'as directed' },
          { drug_name: 'Ghost', quantity: 1, directions: 'as directed', prescription_product_id: randomUUID() },
        ],
      }),
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No prescription product/);
    expect(tableCounts()).toEqual(before);
  });

  it('a failure in any middle part also leaves every table unchanged', async () => {
    const taken = await h.api('POST', '/api/v1/prescribers', { body: newPrescriber() });
    const existing = await h.api('POST', '/api/v1/patients', { body: newPatient() });
    const before = tableCounts();
    const failures: [unknown, number][] = [
      // A prescriber whose NPI is on file: 409, after the patient was created.
      [
        { patient: newPatient(), prescriber: newPrescriber({ npi: taken.body.npi }), electronic_prescription: erx() },
        409,
      ],
      // A new patient who duplicates an active one: the patients' 400.
      [{ patient: { ...newPatient(), first_name: existing.body.first_name }, order: newOrder() }, 400],
      // An unknown prescriber reference: 404, after the patient was created.
      [{ patient: newPatient(), prescriber: { npi: '9999999999' }, order: newOrder() }, 404],
      // An order that names its own patient: 400, after patient and prescriber were created.
      [
        { patient: newPatient(), prescriber: newPrescriber(), order: { ...newOrder(), patient_id: existing.body.id } },
        400,
      ],
      // An order with an unknown product: the orders' 400.
      [{ patient: newPatient(), order: { products: { prescription: [{ sku: 'NOPE', quantity: 1 }] } } }, 400],
    ];
    for (const [body, status] of failures) {
      const res = await composite(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(tableCounts()).toEqual(before);
    }
  });

  it('refuses an empty body, unknown keys and a malformed part with 400', async () => {
    const before = tableCounts();
    const bodies = [
      {},
      { patient: newPatient(), pharmacy: {} },
      { patient: { id: 'not-a-uuid' } },
      { prescriber: { npi: '12345' } },
      { prescriber: newPrescriber({ dea: 'X1' }) },
      { electronic_prescription: { medications: [] } },
    ];
    for (const body of bodies) expect((await composite(body)).status, JSON.stringify(body)).toBe(400);
    expect((await h.api('POST', COMPOSITE, { rawBody: '{"patient":' })).status).toBe(400);
    expect(tableCounts()).toEqual(before);
  });

  it('answers an Idempotency-Key replay with the first answer and creates nothing twice', async () => {
    const body = { patient: newPatient(), prescriber: newPrescriber(), electronic_prescription: erx() };
    const headers = { 'idempotency-key': `composite-${randomUUID()}` };
    const first = await h.api('POST', COMPOSITE, { body, headers });
    const before = tableCounts();
    const again = await h.api('POST', COMPOSITE, { body, headers });
    expect(again.body).toEqual(first.body);
    expect(tableCounts()).toEqual(before);
  });
});
