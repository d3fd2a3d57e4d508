// A trainer plays the prescriber over HTTP: a prescription's quantity, days supply, directions, refills or product
// changed, or the prescription cancelled (prescription.cancelled delivered to a real receiver); admins only; and any
// bad or hostile request is a clear 4xx that leaves every stored row as it was (fast-check).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../training/index.ts';
import { type Harness, startHarness } from './harness.ts';
import { type Receiver, startReceiver } from './notifications-support.ts';

let h: Harness;
let receiver: Receiver;
beforeAll(async () => {
  h = await startHarness();
  h.service.db.transaction(() => seedDemoData(h.service.db, { seed: 5, orders: 20, now: h.clock.now }));
  receiver = await startReceiver();
  const hook = await h.api('POST', '/api/v1/notifications/webhooks', {
    body: { url: receiver.url, event_codes: ['prescription.cancelled'] },
  });
  expect(hook.status).toBe(201);
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

const CHANGE = (id: string) => `/api/v1/training/prescriptions/${id}`;
const CANCEL = (id: string) => `/api/v1/training/prescriptions/${id}/cancel`;

/** Prescriptions of the demo data that are matched to a product and not cancelled, in a stable order. */
const open = () =>
  h.service.db
    .all<{ id: string }>(
      "SELECT id FROM prescriptions WHERE status <> 'cancelled' AND prescription_product_id IS NOT NULL ORDER BY id",
    )
    .map((row) => row.id);

const read = async (id: string) => (await h.api('GET', `/api/v1/prescriptions/${id}`)).body;

/**
 * The stored rows a change or cancel could touch, hashed: a refused request must leave them as they were. (The delivery
 * rows are left out: the worker marks their attempts meanwhile; an event is only ever added.)
 */
function fingerprint(): string {
  const hash = createHash('sha256');
  for (const table of ['prescriptions', 'electronic_prescriptions', 'products', 'notification_events']) {
    hash.update(JSON.stringify(h.service.db.all(`SELECT * FROM ${table} ORDER BY rowid`)));
  }
  return hash.digest('hex');
}

describe('a prescriber changes a prescription', () => {
  it('the new quantity, days supply and directions are what the service answers, and updated_at moves on', async () => {
    const id = open()[0] as string;
    const before = await read(id);
    h.clock.advance(60_000);
    const res = await h.api('PUT', CHANGE(id), {
      body: { quantity: 90, days_supply: 90, directions: 'Take 1 tablet by mouth twice daily' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      quantity: 90,
      days_supply: 90,
      directions: 'Take 1 tablet by mouth twice daily',
    });
    expect(Date.parse(res.body.updated_at)).toBe(h.clock.now.getTime());
    expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    const after = await read(id);
    expect(after).toMatchObject({ quantity: 90, days_supply: 90, drug_name: before.drug_name, status: before.status });
  });

  it('more refills give as many more fills remaining, never more than the refills and the first fill', async () => {
    const id = open()[1] as string;
    const before = await read(id);
    const res = await h.api('PUT', CHANGE(id), { body: { refills: before.refills + 2 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refills: before.refills + 2, fills_remaining: before.fills_remaining + 2 });
    const tooMany = await h.api('PUT', CHANGE(id), { body: { refills: 1, fills_remaining: 3 } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/fills_remaining 3 is more than the 1 refills plus the first fill/);
  });

  it('a new product brings its strength and code; a product that is not a prescription product is refused', async () => {
    const id = open()[2] as string;
    const product = h.service.db.get<{ id: string; product_code: string; doc: string }>(
      "SELECT id, product_code, doc FROM products WHERE kind = 'prescription' ORDER BY sku DESC LIMIT 1",
    );
    const res = await h.api('PUT', CHANGE(id), { body: { prescription_product_id: product?.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      prescription_product_id: product?.id,
      product_code: product?.product_code,
      strength: JSON.parse(product?.doc ?? '{}').strength,
    });
    const otc = h.service.db.get<{ id: string }>("SELECT id FROM products WHERE kind = 'non_prescription' LIMIT 1");
    const refused = await h.api('PUT', CHANGE(id), { body: { prescription_product_id: otc?.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/is not a prescription product/);
  });

  it('is for admins only: a pharmacist or technician is refused with the roles it needs', async () => {
    const id = open()[0] as string;
    for (const as of ['pharmacist', 'technician'] as const) {
      const res = await h.api('PUT', CHANGE(id), { as, body: { quantity: 1 } });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/for admin users/);
    }
    expect((await h.api('POST', CANCEL(id), { as: 'pharmacist' })).status).toBe(403);
  });
});

describe('a prescriber cancels a prescription', () => {
  it('it reads cancelled with its reason kept, and prescription.cancelled reaches the subscriber', async () => {
    const id = open()[3] as string;
    h.clock.advance(60_000);
    const res = await h.api('POST', CANCEL(id), { body: { reason: 'Prescriber stopped the medication' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'cancelled' });
    expect(Date.parse(res.body.updated_at)).toBe(h.clock.now.getTime());
    expect((await read(id)).status).toBe('cancelled');
    const [delivery] = await receiver.waitFor(1);
    expect(delivery?.body).toMatchObject({ event_code: 'prescription.cancelled', data: { id, status: 'cancelled' } });
  });

  it('a cancelled prescription is neither changed nor cancelled again (409), and stays as it was', async () => {
    const id = h.service.db.get<{ id: string }>("SELECT id FROM prescriptions WHERE status = 'cancelled'")
      ?.id as string;
    const before = fingerprint();
    const changed = await h.api('PUT', CHANGE(id), { body: { quantity: 5 } });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toMatch(/is cancelled and cannot be changed/);
    const again = await h.api('POST', CANCEL(id));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/cannot be cancelled again/);
    expect(fingerprint()).toBe(before);
  });
});

describe('bad and hostile changes', () => {
  it('an unknown id is a 404, an empty change a 400 naming the fields, and neither changes anything', async () => {
    const before = fingerprint();
    const unknown = await h.api('PUT', CHANGE('00000000-0000-4000-8000-000000000000'), { body: { quantity: 5 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/No prescription/);
    const empty = await h.api('PUT', CHANGE(open()[0] as string), { body: {} });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toMatch(/Name at least one field to change/);
    expect(fingerprint()).toBe(before);
  });

  it('a cancellation whose reason is not plain text of at most 500 characters is a 400 and cancels nothing', async () => {
    const id = open()[0] as string;
    const before = fingerprint();
    for (const reason of [123, null, '', '\u0000', 'Stop\u202Eevil', 'a'.repeat(501), ['x']]) {
      const res = await h.api('POST', CANCEL(id), { body: { reason } });
      expect(res.status, JSON.stringify(reason)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect(fingerprint()).toBe(before);
    expect((await read(id)).status).not.toBe('cancelled');
  });

  it('an SQL or markup string in the directions is words like any other: stored and answered as written', async () => {
    const id = open()[1] as string;
    for (const text of ["'; DROP TABLE prescriptions; --", '<script>alert(1)</script>', '1e309']) {
      const res = await h.api('PUT', CHANGE(id), { body: { sig: text, directions: text } });
      expect(res.status, text).toBe(200);
      expect((await read(id)).directions).toBe(text);
    }
    expect(open().length).toBeGreaterThan(1);
  });

  it('any malformed or hostile change or cancel is a 4xx with a message and leaves every row as it was', async () => {
    const ids = open();
    const hostile = fc.constantFrom(
      "'; DROP TABLE prescriptions; --",
      '\u0000',
      'Take 1\u202Eevil',
      '<script>alert(1)</script>',
      ' ',
      'a'.repeat(5000),
      '1e309',
    );
    const wrong = fc.oneof(hostile, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer()));
    const key = fc.constantFrom(
      'quantity',
      'days_supply',
      'directions',
      'sig',
      'refills',
      'fills_remaining',
      'prescription_product_id',
      'status',
      '__proto__',
    );
    const badBody = fc.oneof(
      fc.dictionary(key, wrong, { minKeys: 1, maxKeys: 3 }).filter((body) => !acceptable(body)),
      fc.constant({ kind: 'raw', raw: `{"directions":"${'y'.repeat(1_100_000)}"}` }),
      fc.constantFrom({ kind: 'raw', raw: '{"quantity":' }, { kind: 'raw', raw: '[1,2]' }),
    );
    const target = fc.oneof(
      { arbitrary: fc.constantFrom(...ids), weight: 4 },
      { arbitrary: fc.oneof(hostile, fc.uuid()), weight: 1 },
    );
    const cases = fc.record({ id: target, body: badBody, cancel: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(cases, async ({ id, body, cancel }) => {
        const before = fingerprint();
        const raw = (body as { kind?: string }).kind === 'raw' ? (body as { raw: string }).raw : undefined;
        const sent = raw === undefined ? { body } : { rawBody: raw };
        const res = await h.api(cancel ? 'POST' : 'PUT', (cancel ? CANCEL : CHANGE)(encodeURIComponent(id)), sent);
        expect(res.status, JSON.stringify(res.body)?.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body.message).toBe('string');
        expect(fingerprint()).toBe(before);
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});

/** A body the change would take (so the property draws only ones it must refuse). */
function acceptable(body: Record<string, unknown>): boolean {
  const keys = Object.keys(body);
  // Words a prescriber writes: trimmed, 1 to 1,000 characters, no control or direction-override character. An SQL or
  // markup string is words like any other: stored as written (the test below), never a refusal.
  const words = (v: unknown) =>
    typeof v === 'string' &&
    v.trim().length >= 1 &&
    v.trim().length <= 1000 &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused are exactly these
    !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(v);
  const fine: Record<string, (v: unknown) => boolean> = {
    directions: words,
    sig: words,
    quantity: (v) => typeof v === 'number' && v > 0 && v <= 100_000,
    days_supply: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 365,
    refills: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 99,
    fills_remaining: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100,
  };
  return keys.every((k) => Object.hasOwn(fine, k) && (fine[k] as (v: unknown) => boolean)(body[k]));
}
