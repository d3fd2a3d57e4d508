// Inventory over real HTTP: lots per product kind, updates, audited quantity adjustments, and product associations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, type ProductInput } from '../../../training/domains/products/products-repository.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
const UNKNOWN = '7d6f0a43-5b1e-4c7a-9a53-1f2b3c4d5e6f';
const product: Record<'rx' | 'otc' | 'box' | 'pack', string> = { rx: '', otc: '', box: '', pack: '' };

const addProduct = (input: ProductInput): string =>
  h.service.db.transaction(() => createProduct(h.service.db, input, h.clock.now));
const count = (table: string) =>
  (h.service.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`) as { n: number }).n;
const rxLot = { batch_number: 'B-1001', expiration_date: '2027-06-30T00:00:00Z', initial_quantity: 100 };
const newLot = async (kind: string, productId: string, body: object) => {
  const res = await h.api('POST', `/api/v1/products/${kind}/${productId}/inventory`, { body });
  expect(res.status).toBe(201);
  return res.body as { id: string; current_quantity: number };
};

beforeAll(async () => {
  h = await startHarness();
  product.rx = addProduct({ kind: 'prescription', sku: 'RX-MET-500', name: 'Metformin 500 mg', product_code: '0001' });
  product.otc = addProduct({ kind: 'non_prescription', sku: 'OTC-LOR-10', name: 'Loratadine 10 mg' });
  product.box = addProduct({ kind: 'order_material', sku: 'BOX-S', name: 'Small box', current_stock: 3 });
  product.pack = addProduct({ kind: 'order_material', sku: 'COLD-1', name: 'Cold pack' });
});
afterAll(() => h.close());

describe('creating and listing lots', () => {
  it('creates an order-material lot without batch or expiry, counting from its initial quantity', async () => {
    const res = await h.api('POST', `/api/v1/products/order_material/${product.box}/inventory`, {
      as: 'technician',
      body: { initial_quantity: 500, unit_type: 'each', cost_per_unit: 0.42, manufacturer: 'Uline' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      product_id: product.box,
      product_kind: 'order_material',
      type: 'order_material',
      initial_quantity: 500,
      current_quantity: 500,
      unit_type: 'each',
      cost_per_unit: 0.42,
      manufacturer: 'Uline',
      batch_number: null,
      is_active: true,
      // Received for the box, so the box draws on it (one unit makes one when units_per_product is not said).
      associations: {
        prescription: [],
        non_prescription: [],
        order_material: [expect.objectContaining({ product_id: product.box, units_per_product: 1 })],
      },
    });
  });

  it('refuses a prescription lot without batch number and expiration date, naming both, and stores nothing', async () => {
    const before = count('inventory_lots');
    const res = await h.api('POST', `/api/v1/products/prescription/${product.rx}/inventory`, {
      body: { initial_quantity: 10 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/batch number and an expiration date/);
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'body.batch_number',
      'body.expiration_date',
    ]);
    const otc = await h.api('POST', `/api/v1/products/non_prescription/${product.otc}/inventory`, {
      body: { initial_quantity: 10, batch_number: 'L-1' },
    });
    expect(otc.status).toBe(400);
    expect(otc.body.details).toEqual([expect.objectContaining({ field: 'body.expiration_date' })]);
    expect(count('inventory_lots')).toBe(before);
  });

  it('creates a prescription lot with batch and expiry, storing a zoneless time as UTC', async () => {
    const res = await h.api('POST', `/api/v1/products/prescription/${product.rx}/inventory`, {
      body: { ...rxLot, expiration_date: '2027-06-30T12:00:00', received_date: '2026-01-05T09:30:00+02:00' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      batch_number: 'B-1001',
      expiration_date: '2027-06-30T12:00:00.000Z',
      received_date: '2026-01-05T07:30:00.000Z',
      product_kind: 'prescription',
    });
  });

  it('answers 404 for an unknown product or a product of another kind, and 400 for a type that is not the kind', async () => {
    const unknown = await h.api('POST', `/api/v1/products/order_material/${UNKNOWN}/inventory`, {
      body: { initial_quantity: 1 },
    });
    expect(unknown.status).toBe(404);
    const wrongKind = await h.api('POST', `/api/v1/products/order_material/${product.rx}/inventory`, {
      body: { initial_quantity: 1 },
    });
    expect(wrongKind.status).toBe(404);
    expect(wrongKind.body.message).toMatch(/order material/);
    const wrongType = await h.api('POST', `/api/v1/products/prescription/${product.rx}/inventory`, {
      body: { ...rxLot, type: 'order_material' },
    });
    expect(wrongType.status).toBe(400);
    expect((await h.api('POST', `/api/v1/products/vitamins/${product.rx}/inventory`, { body: rxLot })).status).toBe(
      400,
    );
    expect((await h.api('POST', `/api/v1/products/order_material/${product.box}/inventory`, { body: {} })).status).toBe(
      400,
    );
  });

  it("lists a product's lots, soonest expiry first, and 404s when the product is not of that kind", async () => {
    await newLot('prescription', product.rx, {
      ...rxLot,
      batch_number: 'B-0999',
      expiration_date: '2026-12-31T00:00:00Z',
    });
    const res = await h.api('GET', `/api/v1/products/prescription/${product.rx}/inventory`, { as: 'technician' });
    expect(res.status).toBe(200);
    expect(res.body.map((lot: { batch_number: string }) => lot.batch_number)).toEqual(['B-0999', 'B-1001']);
    expect(res.body[0]).not.toHaveProperty('associations');
    const wrongKind = await h.api('GET', `/api/v1/products/non_prescription/${product.rx}/inventory`);
    expect(wrongKind.status).toBe(404);
    expect((await h.api('GET', `/api/v1/products/prescription/${UNKNOWN}/inventory`)).status).toBe(404);
  });

  it('lists every lot keyed by the kind of product it stocks', async () => {
    const res = await h.api('GET', '/api/v1/products/inventory', { as: 'pharmacist' });
    expect(res.status).toBe(200);
    expect(res.body.prescription).toHaveLength(2);
    expect(res.body.non_prescription).toEqual([]);
    expect(res.body.order_material).toEqual([expect.objectContaining({ product_id: product.box })]);
  });
});

describe('one lot: get and update', () => {
  let lotId: string;
  beforeAll(async () => {
    lotId = (await newLot('order_material', product.pack, { initial_quantity: 50 })).id;
  });

  it('gets a lot with its associations and 404s for an unknown lot', async () => {
    const res = await h.api('GET', `/api/v1/products/inventory/${lotId}`, { as: 'technician' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: lotId, product_id: product.pack, current_quantity: 50, associations: {} });
    const unknown = await h.api('GET', `/api/v1/products/inventory/${UNKNOWN}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/inventory lot/);
    expect((await h.api('GET', '/api/v1/products/inventory/not-a-uuid')).status).toBe(400);
  });

  it('updates only the fields sent, and a new current quantity goes to the audit log', async () => {
    const res = await h.api('PUT', `/api/v1/products/inventory/${lotId}`, {
      as: 'technician',
      body: { notes: 'Shelf 4', current_quantity: 45, is_active: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ notes: 'Shelf 4', current_quantity: 45, initial_quantity: 50, is_active: false });
    const audit = h.service.db.all(
      'SELECT delta, quantity_after, reason FROM inventory_adjustments WHERE lot_id = ?',
      lotId,
    );
    expect(audit).toEqual([{ delta: -5, quantity_after: 45, reason: 'Quantity set by a lot update' }]);
  });

  it('refuses an empty update, a negative quantity and a wrong type; unknown lots are 404', async () => {
    expect((await h.api('PUT', `/api/v1/products/inventory/${lotId}`, { body: {} })).status).toBe(400);
    expect((await h.api('PUT', `/api/v1/products/inventory/${lotId}`, { body: { current_quantity: -1 } })).status).toBe(
      400,
    );
    const wrongType = await h.api('PUT', `/api/v1/products/inventory/${lotId}`, { body: { type: 'prescription' } });
    expect(wrongType.status).toBe(400);
    expect((await h.api('PUT', `/api/v1/products/inventory/${UNKNOWN}`, { body: { notes: 'x' } })).status).toBe(404);
  });
});

describe('adjusting the quantity of a lot', () => {
  let lotId: string;
  const adjust = (body: object, as: 'admin' | 'technician' = 'technician') =>
    h.api('PATCH', `/api/v1/products/inventory/${lotId}/quantity`, { as, body });
  const auditOf = (id: string) =>
    h.service.db.all(
      `SELECT a.delta, a.quantity_after, a.reason, a.created_at, u.email FROM inventory_adjustments a
       LEFT JOIN users u ON u.id = a.user_id WHERE a.lot_id = ? ORDER BY a.created_at, a.rowid`,
      id,
    );

  beforeAll(async () => {
    lotId = (await newLot('prescription', product.rx, { ...rxLot, batch_number: 'ADJ-1', initial_quantity: 30 })).id;
  });

  it('adds and takes away units, answers 201 with the lot, and records reason, user and time', async () => {
    const added = await adjust({ additional_quantity: 12.5, reason: 'Found a partial box' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id: lotId, current_quantity: 42.5, initial_quantity: 30 });
    const taken = await adjust({ additional_quantity: -40, reason: 'Cycle count' }, 'admin');
    expect(taken.status).toBe(201);
    expect(taken.body.current_quantity).toBe(2.5);
    expect(auditOf(lotId)).toEqual([
      {
        delta: 12.5,
        quantity_after: 42.5,
        reason: 'Found a partial box',
        created_at: expect.stringMatching(/Z$/),
        email: 'technician@training.local',
      },
      {
        delta: -40,
        quantity_after: 2.5,
        reason: 'Cycle count',
        created_at: expect.stringMatching(/Z$/),
        email: 'admin@training.local',
      },
    ]);
  });

  it('refuses to go below zero with a clear 409 and leaves stock and audit log unchanged', async () => {
    const before = auditOf(lotId).length;
    const res = await adjust({ additional_quantity: -3, reason: 'Broken bottle' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/below zero/);
    const lot = await h.api('GET', `/api/v1/products/inventory/${lotId}`);
    expect(lot.body.current_quantity).toBe(2.5);
    expect(auditOf(lotId)).toHaveLength(before);
  });

  it('takes the lot to exactly zero', async () => {
    const res = await adjust({ additional_quantity: -2.5, reason: 'Dispensed the rest' });
    expect(res.status).toBe(201);
    expect(res.body.current_quantity).toBe(0);
  });

  it('refuses a zero adjustment, a missing or blank reason, and an unknown lot', async () => {
    expect((await adjust({ additional_quantity: 0, reason: 'Nothing' })).status).toBe(400);
    expect((await adjust({ additional_quantity: 1 })).status).toBe(400);
    expect((await adjust({ additional_quantity: 1, reason: '   ' })).status).toBe(400);
    expect((await adjust({ additional_quantity: '1', reason: 'text' })).status).toBe(400);
    const unknown = await h.api('PATCH', `/api/v1/products/inventory/${UNKNOWN}/quantity`, {
      body: { additional_quantity: 1, reason: 'Count' },
    });
    expect(unknown.status).toBe(404);
  });

  it('stores a hostile reason as plain data', async () => {
    const reason = "'; DELETE FROM inventory_adjustments; -- <img src=x onerror=alert(1)>";
    expect((await adjust({ additional_quantity: 1, reason })).status).toBe(201);
    expect(auditOf(lotId).at(-1)).toMatchObject({ reason, delta: 1 });
    expect(auditOf(lotId).length).toBeGreaterThan(3);
  });
});

describe('associations between lots and products', () => {
  let lotId: string;
  const path = () => `/api/v1/products/inventory/${lotId}/associations`;
  beforeAll(async () => {
    lotId = (await newLot('order_material', product.box, { initial_quantity: 80 })).id;
  });

  it('creates an association (201), lists it by kind, and shows it on the lot', async () => {
    const res = await h.api('POST', path(), {
      as: 'technician',
      body: { product_id: product.rx, units_per_product: 2 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      product_id: product.rx,
      name: 'Metformin 500 mg',
      units_per_product: 2,
      customer_id: expect.any(String),
    });
    await h.api('POST', path(), { body: { product_id: product.pack, units_per_product: 0.5 } });
    const list = await h.api('GET', path());
    expect(list.status).toBe(200);
    expect(list.body.prescription).toEqual([expect.objectContaining({ product_id: product.rx })]);
    // The box the lot was received for draws on it too.
    expect(list.body.order_material).toHaveLength(2);
    expect(list.body.order_material).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product_id: product.box, units_per_product: 1 }),
        expect.objectContaining({ product_id: product.pack, units_per_product: 0.5 }),
      ]),
    );
    expect(list.body.non_prescription).toEqual([]);
    const lot = await h.api('GET', `/api/v1/products/inventory/${lotId}`);
    expect(lot.body.associations).toEqual(list.body);
  });

  it('refuses the same association twice with 409', async () => {
    const res = await h.api('POST', path(), { body: { product_id: product.rx, units_per_product: 3 } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already associated/);
    const list = await h.api('GET', path());
    expect(list.body.prescription[0].units_per_product).toBe(2);
  });

  it('answers 404 for an unknown lot or product and 400 for a bad body', async () => {
    expect((await h.api('POST', path(), { body: { product_id: UNKNOWN, units_per_product: 1 } })).status).toBe(404);
    const unknownLot = `/api/v1/products/inventory/${UNKNOWN}/associations`;
    expect((await h.api('POST', unknownLot, { body: { product_id: product.rx, units_per_product: 1 } })).status).toBe(
      404,
    );
    expect((await h.api('GET', unknownLot)).status).toBe(404);
    expect((await h.api('POST', path(), { body: { product_id: product.otc } })).status).toBe(400);
    expect((await h.api('POST', path(), { body: { product_id: product.otc, units_per_product: 0 } })).status).toBe(400);
  });

  it('deletes an association with a body naming the product, answering 201 as the spec says', async () => {
    const res = await h.api('DELETE', path(), { as: 'technician', body: { product_id: product.rx } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Association removed' });
    const list = await h.api('GET', path());
    expect(list.body.prescription).toEqual([]);
    // The box it was received for and the cold pack stay.
    expect(list.body.order_material).toHaveLength(2);
  });

  it('answers 404 when deleting an association that does not exist, or on an unknown lot', async () => {
    const again = await h.api('DELETE', path(), { body: { product_id: product.rx } });
    expect(again.status).toBe(404);
    const unknownLot = await h.api('DELETE', `/api/v1/products/inventory/${UNKNOWN}/associations`, {
      body: { product_id: product.rx },
    });
    expect(unknownLot.status).toBe(404);
    expect((await h.api('DELETE', path(), {})).status).toBe(400);
  });
});

describe('hostile strings in lots', () => {
  it('are stored and returned as data', async () => {
    const hostile = {
      batch_number: "B'); DROP TABLE inventory_lots;--",
      notes: '<script>document.cookie</script>\n\u202e🧪 %s %n {{7*7}}',
      manufacturer: '"; rm -rf / #',
    };
    const lot = await newLot('prescription', product.rx, { ...rxLot, ...hostile });
    const res = await h.api('GET', `/api/v1/products/inventory/${lot.id}`);
    expect(res.body).toMatchObject(hostile);
    expect(count('inventory_lots')).toBeGreaterThan(4);
  });
});

describe('a lot received for a product', () => {
  let fresh: string;
  beforeAll(() => {
    fresh = addProduct({ kind: 'prescription', sku: 'RX-SER-50', name: 'Sertraline 50 mg', product_code: '0002' });
  });

  it('associates a lot with the product it was received for, with the body’s units_per_product (issue 12)', async () => {
    const res = await h.api('POST', `/api/v1/products/prescription/${fresh}/inventory`, {
      body: { ...rxLot, batch_number: 'B-ASSOC', units_per_product: 30 },
    });
    expect(res.status).toBe(201);
    const received = { product_id: fresh, name: 'Sertraline 50 mg', units_per_product: 30 };
    expect(res.body.associations.prescription).toEqual([expect.objectContaining(received)]);
    const path = `/api/v1/products/inventory/${res.body.id}/associations`;
    const listed = await h.api('GET', path);
    expect(listed.body).toEqual({
      prescription: [expect.objectContaining(received)],
      non_prescription: [],
      order_material: [],
    });
    const lot = await h.api('GET', `/api/v1/products/inventory/${res.body.id}`);
    expect(lot.body.associations).toEqual(listed.body);
    const removed = await h.api('DELETE', path, { body: { product_id: fresh } });
    expect(removed.status).toBe(201);
    expect((await h.api('GET', path)).body.prescription).toEqual([]);
  });
});
