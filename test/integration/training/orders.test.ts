// Orders over real HTTP: create and merge, lookups by every identifier, lists and pages, updates, the lifecycle, requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../contract/service/orders.ts';
import { newId } from '../../../training/database/records.ts';
import { addShipment, transitionOrder } from '../../../training/domains/orders/index.ts';
import { createProduct, type ProductInput } from '../../../training/domains/products/products-repository.ts';
import { newPatient } from '../support/new-records.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
const product: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness();
  const db = h.service.db;
  const products: Record<string, ProductInput> = {
    rx: { kind: 'prescription', sku: 'RX-ATOR-10', name: 'Atorvastatin 10 mg', product_code: '00000-1111-01' },
    rx2: { kind: 'prescription', sku: 'RX-LISI-5', name: 'Lisinopril 5 mg', product_code: '00000-2222-01' },
    otc: { kind: 'non_prescription', sku: 'OTC-VITD', name: 'Vitamin D3' },
    box: { kind: 'order_material', sku: 'MAT-BOX-S', name: 'Small box', current_stock: 50 },
    retired: { kind: 'prescription', sku: 'RX-OLD', name: 'Retired drug', is_active: false },
  };
  db.transaction(() => {
    for (const [key, input] of Object.entries(products)) product[key] = createProduct(db, input, h.clock.now);
  });
});
afterAll(() => h.close());

const home = { address_1: '1 Example Way', city: 'Springfield', state: 'IL', zip_code: '62701' };

async function createPatient(extra: Record<string, unknown> = {}) {
  const res = await h.api('POST', '/api/v1/patients', { body: newPatient({ address: home, ...extra }) });
  expect(res.status).toBe(201);
  return res.body as { id: string; external_id: string | null };
}

async function createOrder(body: Record<string, unknown>, query = '') {
  return h.api('POST', `/api/v1/orders${query}`, { body });
}

const line = (key: string, quantity = 1) => ({ id: product[key] as string, quantity });

async function orderFor(patientId: string, query = '?force_new=true', extra: Record<string, unknown> = {}) {
  const res = await createOrder({ patient_id: patientId, products: { prescription: [line('rx')] }, ...extra }, query);
  expect(res.status).toBe(201);
  return res.body;
}

/** Moves an order through the lifecycle directly in the store, as the simulation will. */
function move(orderId: string, ...steps: OrderStatus[]) {
  const db = h.service.db;
  db.transaction(() => {
    for (const to of steps) transitionOrder(db, orderId, to, { now: h.clock.now, userId: null });
  });
}

/** Stores an electronic prescription for the patient; `matched` false leaves an item with no prescription product. */
function storeElectronicPrescription(patientId: string, matched: boolean): string {
  const db = h.service.db;
  const id = newId();
  const at = h.clock.now.toISOString();
  db.transaction(() => {
    db.run(
      'INSERT INTO electronic_prescriptions (id, patient_id, created_at, updated_at) VALUES (?, ?, ?, ?)',
      id,
      patientId,
      at,
      at,
    );
    db.run(
      `INSERT INTO prescriptions (id, electronic_prescription_id, patient_id, prescription_product_id, drug_name,
         created_at, updated_at) VALUES (?, ?, ?, ?, 'Atorvastatin', ?, ?)`,
      newId(),
      id,
      patientId,
      matched ? (product.rx as string) : null,
      at,
      at,
    );
  });
  return id;
}

describe('creating an order', () => {
  it('creates a received order with its products by id, SKU and product code, and ships to the patient', async () => {
    const patient = await createPatient();
    const res = await createOrder({
      patient_id: patient.id,
      products: {
        prescription: [{ product_code: '00000-1111-01', quantity: 30 }],
        non_prescription: [{ sku: 'OTC-VITD', quantity: 2 }],
        order_material: [{ id: product.box, quantity: 1 }],
      },
      shipping: { carrier: 'usps', service_level: 'usps_ground_advantage' },
    });
    expect(res.status).toBe(201);
    const order = res.body;
    expect(order).toMatchObject({
      status: 'received',
      status_code: 'N01',
      status_name: 'Received',
      patient: { id: patient.id, last_name: expect.stringMatching(/^Example/) },
      address: { ...home, type: 'shipping', id: expect.any(String) },
      shipping: { carrier: 'usps', service_level: 'usps_ground_advantage' },
      cancellation_requested: false,
      replacement_requested: false,
      replacement_order_ids: [],
      electronic_prescription_ids: [],
      prescription_count: 0,
      shipments: [],
    });
    expect(Number(order.order_number)).toBeGreaterThanOrEqual(1000001);
    expect(order.products.prescription).toEqual([expect.objectContaining({ id: product.rx, quantity: 30 })]);
    expect(order.products.non_prescription).toEqual([expect.objectContaining({ sku: 'OTC-VITD', quantity: 2 })]);
    expect(order.products.order_material).toEqual([expect.objectContaining({ id: product.box, quantity: 1 })]);
  });

  it("merges a second order into the patient's open order, adding quantities", async () => {
    const patient = await createPatient();
    const first = await createOrder({ patient_id: patient.id, products: { prescription: [line('rx', 30)] } });
    const second = await createOrder({
      patient_id: patient.id,
      products: { prescription: [line('rx', 30), line('rx2', 10)] },
    });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.order_number).toBe(first.body.order_number);
    const quantities = Object.fromEntries(
      second.body.products.prescription.map((p: { id: string; quantity: number }) => [p.id, p.quantity]),
    );
    expect(quantities).toEqual({ [product.rx as string]: 60, [product.rx2 as string]: 10 });
  });

  it('force_new=true makes a new order even when the patient has an open one', async () => {
    const patient = await createPatient();
    const first = await orderFor(patient.id, '');
    const second = await orderFor(patient.id, '?force_new=true');
    expect(second.id).not.toBe(first.id);
    expect(Number(second.order_number)).toBeGreaterThan(Number(first.order_number));
  });

  it('does not merge into an order that is already picked, paused or has a cancellation request', async () => {
    const patient = await createPatient();
    const picked = await orderFor(patient.id);
    move(picked.id, 'data_entry', 'picked');
    const next = await orderFor(patient.id, '');
    expect(next.id).not.toBe(picked.id);
    move(next.id, 'paused');
    const third = await orderFor(patient.id, '');
    expect(third.id).not.toBe(next.id);
  });

  it('finds the patient by id or external id, or creates the patient from the data given', async () => {
    const known = await createPatient({ external_id: 'CLINIC-P-1' });
    const byId = await createOrder({ patient: { id: known.id }, products: { prescription: [line('rx')] } });
    const byExternal = await createOrder({
      patient: { external_id: 'CLINIC-P-1' },
      products: { prescription: [line('rx')] },
    });
    expect(byId.body.patient.id).toBe(known.id);
    expect(byExternal.body.id).toBe(byId.body.id);
    const fresh = await createOrder({
      patient: { first_name: 'Jordan', last_name: 'Sample', date_of_birth: '1975-05-06' },
      products: { non_prescription: [{ sku: 'OTC-VITD', quantity: 1 }] },
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.patient).toMatchObject({ first_name: 'Jordan', last_name: 'Sample', is_minor: false });
  });

  it('refuses an unknown product with a 400 that names it, and creates nothing', async () => {
    const patient = await createPatient();
    const before = h.service.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders')?.n;
    const res = await createOrder({
      patient_id: patient.id,
      products: { prescription: [line('rx')], non_prescription: [{ sku: 'NO-SUCH-SKU', quantity: 1 }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('NO-SUCH-SKU');
    expect(h.service.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders')?.n).toBe(before);
  });

  it('creates no patient when the order with the new patient is refused', async () => {
    const res = await createOrder({
      patient: { first_name: 'Riley', last_name: 'Refused', date_of_birth: '1990-07-08' },
      products: { prescription: [{ product_code: 'NO-SUCH-CODE', quantity: 1 }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('NO-SUCH-CODE');
    const stored = h.service.db.get("SELECT id FROM patients WHERE last_name = 'Refused'");
    expect(stored).toBeUndefined();
  });

  it('refuses an inactive product and a product listed under the wrong kind', async () => {
    const patient = await createPatient();
    const inactive = await createOrder({ patient_id: patient.id, products: { prescription: [line('retired')] } });
    expect(inactive.status).toBe(400);
    expect(inactive.body.message).toMatch(/inactive/);
    const misfiled = await createOrder({ patient_id: patient.id, products: { non_prescription: [line('rx')] } });
    expect(misfiled.status).toBe(400);
    expect(misfiled.body.message).toMatch(/products\.prescription/);
  });

  it('answers 404 for an unknown patient and 400 for a body without a patient or without products', async () => {
    const unknown = await createOrder({ patient_id: newId(), products: { prescription: [line('rx')] } });
    expect(unknown.status).toBe(404);
    expect((await createOrder({ products: { prescription: [line('rx')] } })).status).toBe(400);
    const patient = await createPatient();
    expect((await createOrder({ patient_id: patient.id, products: {} })).status).toBe(400);
    expect((await createOrder({ patient_id: patient.id })).status).toBe(400);
  });

  it('refuses an external id another order already has with a 409', async () => {
    const first = await orderFor((await createPatient()).id, '?force_new=true', { external_id: 'CLINIC-ORDER-1' });
    const res = await createOrder({
      patient_id: (await createPatient()).id,
      external_id: 'CLINIC-ORDER-1',
      products: { prescription: [line('rx')] },
    });
    expect(res.status).toBe(409);
    expect(res.body.details).toMatchObject({ existing_order_id: first.id });
  });

  it('links the electronic prescriptions it names and counts their prescriptions', async () => {
    const patient = await createPatient();
    const erx = storeElectronicPrescription(patient.id, true);
    const order = await orderFor(patient.id, '?force_new=true', { electronic_prescription_ids: [erx] });
    expect(order.electronic_prescription_ids).toEqual([erx]);
    expect(order.prescription_count).toBe(1);
    const unknown = await createOrder({ patient_id: patient.id, electronic_prescription_ids: [newId()] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/electronic prescription/);
    const other = await createPatient();
    const taken = await createOrder({ patient_id: other.id, electronic_prescription_ids: [erx] });
    expect(taken.status).toBe(409);
  });
});

describe('reading orders', () => {
  it('finds an order by UUID, by order number and by an external id with odd characters', async () => {
    const odd = 'ACME/7 #1?x=%41&ü';
    const order = await orderFor((await createPatient()).id, '?force_new=true', { external_id: odd });
    const everyCharEncoded = [...order.order_number]
      .map((c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .join('');
    for (const key of [order.id, order.id.toUpperCase(), order.order_number, odd]) {
      const res = await h.api('GET', `/api/v1/orders/${encodeURIComponent(key)}`);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(order.id);
    }
    expect((await h.api('GET', `/api/v1/orders/${everyCharEncoded}`)).body.id).toBe(order.id);
  });

  it('answers 404 naming an order it does not know', async () => {
    for (const key of [newId(), '9999999', 'no such order %']) {
      const res = await h.api('GET', `/api/v1/orders/${encodeURIComponent(key)}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('not_found');
      expect(res.body.message).toContain(key.slice(0, 10));
    }
  });

  it('lists orders newest first with every pagination header, clamping page_size 500 to 200', async () => {
    const res = await h.api('GET', '/api/v1/orders?page_size=500');
    expect(res.status).toBe(200);
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(5);
    expect(res.headers.get('x-page-size')).toBe('200');
    expect(res.headers.get('x-page')).toBe('1');
    expect(res.headers.get('x-total-pages')).toBe('1');
    expect(res.headers.get('x-remaining-count')).toBe('0');
    expect(res.body).toHaveLength(total);
    const created = res.body.map((o: { created_at: string }) => o.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const page2 = await h.api('GET', '/api/v1/orders?page=2&page_size=2');
    expect(page2.body).toHaveLength(2);
    expect(page2.headers.get('x-total-pages')).toBe(String(Math.ceil(total / 2)));
    expect(page2.headers.get('x-remaining-count')).toBe(String(total - 4));
    expect(page2.body[0].id).toBe(res.body[2].id);
  });

  it('filters by a comma list of statuses and refuses an unknown status', async () => {
    const order = await orderFor((await createPatient()).id);
    move(order.id, 'data_entry', 'picked', 'verified');
    const res = await h.api('GET', '/api/v1/orders?status=verified,shipped&page_size=200');
    expect(res.status).toBe(200);
    expect(res.body.map((o: { id: string }) => o.id)).toContain(order.id);
    expect(res.body.every((o: { status: string }) => ['verified', 'shipped'].includes(o.status))).toBe(true);
    expect((await h.api('GET', '/api/v1/orders?status=lost')).status).toBe(400);
  });

  it('filters orders whose electronic prescriptions have an item matched to no product', async () => {
    const patient = await createPatient();
    const unmatched = await orderFor(patient.id, '?force_new=true', {
      electronic_prescription_ids: [storeElectronicPrescription(patient.id, false)],
    });
    const matched = await orderFor(patient.id, '?force_new=true', {
      electronic_prescription_ids: [storeElectronicPrescription(patient.id, true)],
    });
    const ids = async (flag: string) =>
      (await h.api('GET', `/api/v1/orders?has_unmatched_prescriptions=${flag}&page_size=200`)).body.map(
        (o: { id: string }) => o.id,
      );
    const withUnmatched = await ids('true');
    expect(withUnmatched).toContain(unmatched.id);
    expect(withUnmatched).not.toContain(matched.id);
    const without = await ids('false');
    expect(without).toContain(matched.id);
    expect(without).not.toContain(unmatched.id);
  });
});

describe('updating an order', () => {
  const newAddress = { address_1: '9 Sample Road', city: 'Madison', state: 'WI', zip_code: '53703' };

  it('changes the address, shipping and external id, and leaves the patient alone by default', async () => {
    const patient = await createPatient();
    const order = await orderFor(patient.id);
    const res = await h.api('PUT', `/api/v1/orders/${order.order_number}`, {
      body: { address: newAddress, shipping: { carrier: 'ups' }, external_id: 'CLINIC-UPD-1' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ address: newAddress, shipping: { carrier: 'ups' }, external_id: 'CLINIC-UPD-1' });
    expect(res.body.patient.address).toMatchObject(home);
  });

  it('update_patient=true also gives the patient the new address', async () => {
    const patient = await createPatient();
    const order = await orderFor(patient.id);
    const res = await h.api('PUT', `/api/v1/orders/${order.id}?update_patient=true`, { body: { address: newAddress } });
    expect(res.status).toBe(200);
    expect(res.body.patient.address).toMatchObject(newAddress);
    const stored = await h.api('GET', `/api/v1/patients/${patient.id}`);
    expect(stored.body.address).toMatchObject(newAddress);
    const noAddress = await h.api('PUT', `/api/v1/orders/${order.id}?update_patient=true`, {
      body: { shipping: { carrier: 'usps' } },
    });
    expect(noAddress.status).toBe(400);
  });

  it('refuses fields an update may not change, an external id in use and a new address after shipping', async () => {
    const order = await orderFor((await createPatient()).id);
    const status = await h.api('PUT', `/api/v1/orders/${order.id}`, { body: { status: 'shipped' } });
    expect(status.status).toBe(400);
    const other = await orderFor((await createPatient()).id, '?force_new=true', { external_id: 'CLINIC-HELD' });
    const taken = await h.api('PUT', `/api/v1/orders/${order.id}`, { body: { external_id: 'CLINIC-HELD' } });
    expect(taken.status).toBe(409);
    move(other.id, 'data_entry', 'picked', 'verified', 'shipped');
    const late = await h.api('PUT', `/api/v1/orders/${other.id}`, { body: { address: newAddress } });
    expect(late.status).toBe(409);
    expect((await h.api('PUT', `/api/v1/orders/${newId()}`, { body: { external_id: 'X' } })).status).toBe(404);
  });
});

describe('the order lifecycle', () => {
  it('refuses a move the lifecycle does not allow', async () => {
    const order = await orderFor((await createPatient()).id);
    expect(() => move(order.id, 'shipped')).toThrow(/cannot move to shipped/);
    move(order.id, 'cancelled');
    expect(() => move(order.id, 'received')).toThrow(/cannot move any more/);
  });

  it('keeps a status history with who moved the order and how long it stayed in each status', async () => {
    const order = await orderFor((await createPatient()).id);
    const db = h.service.db;
    const later = new Date(Date.parse(order.created_at) + 90_000);
    db.transaction(() => transitionOrder(db, order.id, 'data_entry', { now: later, userId: null }));
    const res = await h.api('GET', `/api/v1/orders/${order.order_number}/status_history`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      status_code: 'N01',
      status_name: 'Received',
      updated_by_first_name: 'Alex',
      duration: 90,
    });
    expect(res.body[1]).toMatchObject({ status_code: 'P01', updated_by: null });
    expect((await h.api('GET', `/api/v1/orders/${newId()}/status_history`)).status).toBe(404);
  });

  it('unpauses a paused order back to where it was, keeping paused_until; only pharmacists and admins may', async () => {
    const order = await orderFor((await createPatient()).id);
    const db = h.service.db;
    const until = '2030-01-01T00:00:00';
    db.transaction(() => {
      transitionOrder(db, order.id, 'data_entry', { now: h.clock.now, userId: null });
      transitionOrder(db, order.id, 'paused', { now: h.clock.now, userId: null, pausedUntil: until });
    });
    const paused = await h.api('GET', `/api/v1/orders/${order.id}`);
    expect(paused.body).toMatchObject({ status: 'paused', status_code: 'H01', paused_until: until });
    const technician = await h.api('PUT', `/api/v1/orders/${order.id}/unpause`, { as: 'technician' });
    expect(technician.status).toBe(403);
    const res = await h.api('PUT', `/api/v1/orders/${order.id}/unpause`, { as: 'pharmacist' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'data_entry', paused_until: until });
    const again = await h.api('PUT', `/api/v1/orders/${order.id}/unpause`, { as: 'pharmacist' });
    expect(again.status).toBe(409);
    const history = await h.api('GET', `/api/v1/orders/${order.id}/status_history`);
    expect(history.body.map((e: { status: string }) => e.status)).toEqual([
      'received',
      'data_entry',
      'paused',
      'data_entry',
    ]);
    expect(history.body[3].updated_by_first_name).toBe('Parker');
  });
});

describe('cancellation and replacement requests', () => {
  it('records one cancellation request per order; a second is a 409', async () => {
    const order = await orderFor((await createPatient()).id);
    const path = `/api/v1/orders/${order.id}/request_cancellation`;
    const res = await h.api('PUT', path, { as: 'pharmacist', body: { comments: 'Patient moved abroad' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: order.id, cancellation_requested: true, status: 'received' });
    const again = await h.api('PUT', path, { as: 'pharmacist', body: { comments: 'Again' } });
    expect(again.status).toBe(409);
  });

  it('lets no technician request a cancellation, and no one cancel a shipped order', async () => {
    const order = await orderFor((await createPatient()).id);
    const path = `/api/v1/orders/${order.id}/request_cancellation`;
    expect((await h.api('PUT', path, { as: 'technician', body: { comments: 'Please' } })).status).toBe(403);
    move(order.id, 'data_entry', 'picked', 'verified', 'shipped');
    expect((await h.api('PUT', path, { body: { comments: 'Too late' } })).status).toBe(409);
    expect((await h.api('PUT', path, { body: {} })).status).toBe(400);
  });

  it('records a replacement request on a delivered order once while it is pending', async () => {
    const order = await orderFor((await createPatient()).id);
    move(order.id, 'data_entry', 'picked', 'verified');
    h.service.db.transaction(() =>
      addShipment(h.service.db, order.id, { carrier: 'usps', tracking_number: '9400100000000000000000' }, h.clock.now),
    );
    move(order.id, 'shipped', 'delivered');
    const path = `/api/v1/orders/${encodeURIComponent(order.order_number)}/request_replacement`;
    const res = await h.api('PUT', path, { as: 'technician', body: { reason: 'Package arrived damaged' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      replacement_requested: true,
      replacement_request_status: 'pending',
      replacement_requested_reason: 'Package arrived damaged',
      replacement_requested_at: h.clock.now.toISOString(),
      status: 'delivered',
      status_code: 'D01',
    });
    expect(res.body.shipments).toEqual([
      expect.objectContaining({ carrier: 'usps', status: 'delivered', delivered_at: expect.any(String) }),
    ]);
    expect((await h.api('PUT', path, { body: { reason: 'Again' } })).status).toBe(409);
  });

  it('refuses a replacement of an order that has not shipped', async () => {
    const order = await orderFor((await createPatient()).id);
    const res = await h.api('PUT', `/api/v1/orders/${order.id}/request_replacement`, { body: { reason: 'Lost' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/shipped or delivered/);
  });
});
