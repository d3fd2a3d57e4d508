// Products over real HTTP: the catalogue keyed by kind and the partial update of an order material.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, type ProductInput } from '../../../training/domains/products/products-repository.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const addProduct = (input: ProductInput): string =>
  h.service.db.transaction(() => createProduct(h.service.db, input, h.clock.now));
const productCount = () => (h.service.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM products') as { n: number }).n;

describe('the product catalogue', () => {
  it('is empty but keyed by every kind in a fresh service', async () => {
    const res = await h.api('GET', '/api/v1/products', { as: 'technician' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ prescription: [], non_prescription: [], order_material: [] });
  });

  it('shows each product under its kind with the fields of that kind and no quantity', async () => {
    const rx = addProduct({
      kind: 'prescription',
      sku: 'RX-AMOX-500',
      name: 'Amoxicillin 500 mg capsule',
      product_code: '00093-3109',
      form: 'capsule',
      strength: '500 mg',
      label_orientation: 'portrait',
      is_controlled_substance: false,
      reasons: [{ id: 'r1', name: 'Needs review', description: 'New to the formulary' }],
    });
    const otc = addProduct({ kind: 'non_prescription', sku: 'OTC-IBU-200', name: 'Ibuprofen 200 mg', form: 'tablet' });
    const box = addProduct({
      kind: 'order_material',
      sku: 'BOX-S',
      name: 'Small box',
      category: 'box',
      current_stock: 40,
      reorder_threshold: 10,
      has_inventory: true,
    });
    const res = await h.api('GET', '/api/v1/products', { as: 'pharmacist' });
    expect(res.status).toBe(200);
    expect(res.body.prescription).toEqual([
      expect.objectContaining({
        id: rx,
        sku: 'RX-AMOX-500',
        product_code: '00093-3109',
        form: 'capsule',
        strength: '500 mg',
        is_active: true,
        has_prescription: false,
        is_controlled_substance: false,
        reasons: [{ id: 'r1', name: 'Needs review', description: 'New to the formulary' }],
      }),
    ]);
    expect(res.body.non_prescription).toEqual([
      expect.objectContaining({ id: otc, sku: 'OTC-IBU-200', form: 'tablet', is_active: true }),
    ]);
    expect(res.body.order_material).toEqual([
      expect.objectContaining({
        id: box,
        category: 'box',
        current_stock: 40,
        reorder_threshold: 10,
        has_inventory: true,
        is_global: false,
      }),
    ]);
    expect(res.body.non_prescription[0]).not.toHaveProperty('product_code');
    expect(res.body.order_material[0]).not.toHaveProperty('quantity');
  });

  it('refuses a second product with the same SKU when one is created in code', () => {
    expect(() => addProduct({ kind: 'non_prescription', sku: 'OTC-IBU-200', name: 'Copy' })).toThrow(/SKU/);
  });
});

describe('updating an order material', () => {
  let boxId: string;
  beforeAll(() => {
    boxId = addProduct({ kind: 'order_material', sku: 'BOX-M', name: 'Medium box', category: 'box', current_stock: 5 });
  });

  it('changes only the fields sent and keeps the rest', async () => {
    const res = await h.api('PUT', `/api/v1/products/order_material/${boxId}`, {
      as: 'technician',
      body: { current_stock: 120, reorder_threshold: 25, is_global: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: boxId,
      sku: 'BOX-M',
      name: 'Medium box',
      category: 'box',
      current_stock: 120,
      reorder_threshold: 25,
      is_global: true,
      is_active: true,
    });
    const catalogue = await h.api('GET', '/api/v1/products');
    expect(catalogue.body.order_material).toContainEqual(expect.objectContaining({ id: boxId, current_stock: 120 }));
  });

  it('answers 404 for the id of a prescription product, as for an unknown id', async () => {
    const rx = addProduct({ kind: 'prescription', sku: 'RX-LISIN-10', name: 'Lisinopril 10 mg' });
    const wrongKind = await h.api('PUT', `/api/v1/products/order_material/${rx}`, { body: { name: 'Box now' } });
    expect(wrongKind.status).toBe(404);
    expect(wrongKind.body.message).toMatch(/order material/);
    const unknown = await h.api('PUT', '/api/v1/products/order_material/7d6f0a43-5b1e-4c7a-9a53-1f2b3c4d5e6f', {
      body: { name: 'Nothing' },
    });
    expect(unknown.status).toBe(404);
    const catalogue = await h.api('GET', '/api/v1/products');
    expect(catalogue.body.prescription).toContainEqual(expect.objectContaining({ id: rx, name: 'Lisinopril 10 mg' }));
  });

  it('refuses a path id that is not a UUID, an empty update, unknown fields and negative stock with 400', async () => {
    const path = `/api/v1/products/order_material/${boxId}`;
    expect((await h.api('PUT', '/api/v1/products/order_material/BOX-M', { body: { name: 'x' } })).status).toBe(400);
    expect((await h.api('PUT', path, { body: {} })).status).toBe(400);
    expect((await h.api('PUT', path, { body: { kind: 'prescription' } })).status).toBe(400);
    const negative = await h.api('PUT', path, { body: { current_stock: -1 } });
    expect(negative.status).toBe(400);
    expect(negative.body).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/current_stock/) });
    expect((await h.api('PUT', path, { body: { current_stock: 1.5 } })).status).toBe(400);
  });

  it('refuses a SKU another product already has with 409 and changes nothing', async () => {
    const before = productCount();
    const res = await h.api('PUT', `/api/v1/products/order_material/${boxId}`, { body: { sku: 'BOX-S', name: 'X' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/SKU/);
    const catalogue = await h.api('GET', '/api/v1/products');
    expect(catalogue.body.order_material).toContainEqual(expect.objectContaining({ id: boxId, sku: 'BOX-M' }));
    expect(productCount()).toBe(before);
  });

  it('stores hostile strings as plain data and returns them unchanged', async () => {
    const hostile = {
      name: "Robert'); DROP TABLE products;--",
      description: '<script>alert(1)</script> \u0000 \u202e #{7*7} {{constructor}} 🧪',
      category: '../../etc/passwd',
    };
    const res = await h.api('PUT', `/api/v1/products/order_material/${boxId}`, { body: hostile });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(hostile);
    const catalogue = await h.api('GET', '/api/v1/products');
    expect(catalogue.body.order_material).toContainEqual(expect.objectContaining({ id: boxId, ...hostile }));
  });

  it('needs a signed-in user', async () => {
    const res = await h.api('PUT', `/api/v1/products/order_material/${boxId}`, { as: null, body: { name: 'x' } });
    expect(res.status).toBe(401);
  });
});
