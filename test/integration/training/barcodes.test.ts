// Barcodes on the training service over real HTTP: issue for each kind of record, PNG image, list, verify, inactive and expired values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BARCODE_VALUE_FORMAT, barcodeEntityTypes } from '../../../contract/service/barcodes.ts';
import { seedDemoData } from '../../../training/demo/generator.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
/** One stored record of each kind a barcode may label. */
let records: Record<(typeof barcodeEntityTypes)[number], string>;
beforeAll(async () => {
  h = await startHarness();
  h.service.db.transaction(() => seedDemoData(h.service.db, { seed: 5, orders: 6, now: h.clock.now }));
  const one = (sql: string) => (h.service.db.get<{ id: string }>(sql) as { id: string }).id;
  records = {
    user: one("SELECT id FROM users WHERE email = 'technician@training.local'"),
    order: one('SELECT id FROM orders LIMIT 1'),
    patient: one('SELECT id FROM patients LIMIT 1'),
    prescription: one('SELECT id FROM prescriptions LIMIT 1'),
    prescription_product: one("SELECT id FROM products WHERE kind = 'prescription' LIMIT 1"),
    non_prescription_product: one("SELECT id FROM products WHERE kind = 'non_prescription' LIMIT 1"),
    order_material: one("SELECT id FROM products WHERE kind = 'order_material' LIMIT 1"),
    inventory: one('SELECT id FROM inventory_lots LIMIT 1'),
  };
});
afterAll(() => h.close());

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngOf(image: string): Buffer {
  expect(image).toMatch(/^data:image\/png;base64,/);
  return Buffer.from(image.slice('data:image/png;base64,'.length), 'base64');
}

const issue = (
  type: string,
  id: string,
  body: Record<string, unknown> = {},
  as: 'admin' | 'technician' = 'technician',
) => h.api('POST', `/api/v1/barcodes/${type}/${id}`, { body, as });
const verify = (value: string) =>
  h.api('POST', '/api/v1/barcodes/verify', { body: { barcode_value: value }, as: 'technician' });

describe('issuing a barcode', () => {
  it('works for every one of the eight kinds of record, with a value naming the type and the record', async () => {
    for (const type of barcodeEntityTypes) {
      const res = await issue(type, records[type]);
      expect([type, res.status]).toEqual([type, 201]);
      expect(res.body).toMatchObject({
        entity_type: type,
        entity_id: records[type],
        is_active: true,
        expires_at: null,
      });
      expect(res.body.value).toMatch(BARCODE_VALUE_FORMAT);
      expect(res.body.value.startsWith(`${type.toUpperCase()}-${records[type]}-`)).toBe(true);
    }
  });

  it('draws a real Code 128 PNG of the value as a data URL', async () => {
    const res = await issue('order', records.order);
    const png = pngOf(res.body.image);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    // A linear barcode is wider than it is tall.
    expect(width).toBeGreaterThan(height);
    expect(height).toBeGreaterThan(10);
  });

  it('gives each demo user a badge barcode that verifies as that user', async () => {
    for (const role of ['admin', 'pharmacist', 'technician'] as const) {
      const me = await h.api('GET', '/api/v1/auth/verify', { as: role });
      const badge = await issue('user', me.body.user.id, {}, 'admin');
      expect(badge.status).toBe(201);
      expect(badge.body.value).toMatch(/^USER-/);
      const scanned = await verify(badge.body.value);
      expect(scanned.status).toBe(200);
      expect(scanned.body).toMatchObject({ entity_type: 'user', entity_id: me.body.user.id, is_active: true });
    }
  });

  it('keeps an expiry, reading a time with no zone as UTC', async () => {
    const res = await issue('patient', records.patient, { expires_at: '2099-01-02T03:04:05' });
    expect(res.status).toBe(201);
    expect(res.body.expires_at).toBe('2099-01-02T03:04:05.000Z');
  });

  it('refuses an expiry in the past with 422', async () => {
    const res = await issue('patient', records.patient, { expires_at: '2001-01-01T00:00:00Z' });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/past/);
  });

  it('answers 404 for a record that does not exist', async () => {
    const res = await issue('order', '00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found', message: expect.stringContaining('order') });
  });

  it('answers 404 when the product is of another kind than the path says', async () => {
    const res = await issue('prescription_product', records.order_material);
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/not a prescription product .*order_material/);
  });

  it('answers 400 for an unknown entity type, an id that is not a UUID, or an unknown field', async () => {
    expect((await issue('shipment', records.order)).status).toBe(400);
    expect((await issue('order', 'ORD-1')).status).toBe(400);
    expect((await issue('order', records.order, { colour: 'red' })).status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const res = await h.api('POST', `/api/v1/barcodes/order/${records.order}`, { body: {}, as: null });
    expect(res.status).toBe(401);
  });
});

describe('listing and verifying barcodes', () => {
  it("lists a record's barcodes newest first, without images unless asked, filtered by is_active", async () => {
    const lot = records.inventory;
    await issue('inventory', lot);
    const newest = await issue('inventory', lot);
    const all = await h.api('GET', `/api/v1/barcodes/inventory/${lot}`, { as: 'technician' });
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe(String(all.body.length));
    expect(all.body[0].value).toBe(newest.body.value);
    expect(all.body.every((b: { image?: string }) => b.image === undefined)).toBe(true);

    const active = await h.api('GET', `/api/v1/barcodes/inventory/${lot}?is_active=true&include_images=true`);
    expect(active.body).toHaveLength(1);
    expect(active.body[0].value).toBe(newest.body.value);
    expect([...pngOf(active.body[0].image).subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    const inactive = await h.api('GET', `/api/v1/barcodes/inventory/${lot}?is_active=false`);
    expect(inactive.body.length).toBe(all.body.length - 1);
    expect(inactive.body.every((b: { is_active: boolean }) => b.is_active === false)).toBe(true);
  });

  it('answers 404 when listing the barcodes of a record that does not exist', async () => {
    const res = await h.api('GET', '/api/v1/barcodes/patient/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
  });

  it('verifies a scanned value, trimming the scanner newline, and names the record it labels', async () => {
    const issued = await issue('prescription', records.prescription);
    const res = await verify(`${issued.body.value}\n`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: issued.body.id,
      value: issued.body.value,
      entity_type: 'prescription',
      entity_id: records.prescription,
    });
  });

  it('answers 404 for a value that was never issued', async () => {
    const res = await verify(`ORDER-${records.order}-deadbeef`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
  });

  it('answers 400 for a value with characters no barcode has', async () => {
    expect((await verify('ORDER <script>')).status).toBe(400);
  });

  it('answers 410 barcode_inactive for a barcode replaced by a newer one', async () => {
    const old = await issue('non_prescription_product', records.non_prescription_product);
    await issue('non_prescription_product', records.non_prescription_product);
    const res = await verify(old.body.value);
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ error: 'barcode_inactive', message: expect.stringContaining('newer') });
  });

  // Moves the service clock: last in the file.
  it('answers 410 barcode_expired once expires_at has passed', async () => {
    const expiresAt = new Date(h.clock.now.getTime() + 60_000).toISOString();
    const issued = await issue('order_material', records.order_material, { expires_at: expiresAt });
    expect((await verify(issued.body.value)).status).toBe(200);
    h.clock.advance(2 * 60_000);
    const res = await verify(issued.body.value);
    expect(res.status).toBe(410);
    expect(res.body.error).toBe('barcode_expired');
  });
});
