// Patients on the training service over real HTTP: create, duplicates, list, get and update, minors, guardian types, orders (risk factors: patient-risk-factors.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPatient } from '../support/new-records.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const count = (table: string): number =>
  (h.service.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`) as { n: number }).n;

/** A day `years` years before the service clock's day, plus `days` days. */
function dayYearsAgo(years: number, days = 0): string {
  const d = new Date(h.clock.now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function create(body: Record<string, unknown>, as: 'admin' | 'pharmacist' | 'technician' = 'technician') {
  return h.api('POST', '/api/v1/patients', { body, as });
}

describe('creating patients', () => {
  it('creates a patient with 201, every contract field, the address and is_minor, and no risk factor text', async () => {
    const res = await create({
      first_name: 'Jordan',
      middle_name: 'Q',
      last_name: 'Sample',
      date_of_birth: '1975-09-30',
      gender: 'female',
      email: 'jordan.sample@example.test',
      phone: '5555550100',
      address: { address_1: '1 Test Way', city: 'Springfield', state: 'IL', zip_code: '62701' },
      height_inches: 66,
      weight_pounds: 150,
      is_smoker: false,
      receive_sms: true,
      external_id: 'EXT-JORDAN',
      risk_factors: { allergies: 'penicillin, latex', medications: 'warfarin 5mg daily' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      first_name: 'Jordan',
      last_name: 'Sample',
      date_of_birth: '1975-09-30',
      external_id: 'EXT-JORDAN',
      address: { address_1: '1 Test Way', city: 'Springfield', state: 'IL', zip_code: '62701' },
      height_inches: 66,
      receive_sms: true,
      is_smoker: false,
      is_minor: false,
      guardian_name: null,
    });
    expect(res.body.created_at).toMatch(/Z$/);
    expect(res.body.risk_factors).toBeUndefined();
  });

  it('keeps the freeform risk factor text for the background parser, one row per type', async () => {
    const res = await create(newPatient({ risk_factors: { allergies: 'sulfa', conditions: 'asthma' } }));
    const texts = h.service.db.all<{ type: string; text: string; status: string }>(
      'SELECT type, text, status FROM risk_factor_texts WHERE patient_id = ? ORDER BY type',
      res.body.id,
    );
    // The parser (risk-factor-text.test.ts) may already have marked them parsed.
    const status = expect.stringMatching(/^(processing|parsed)$/);
    expect(texts).toEqual([
      { type: 'allergy', text: 'sulfa', status },
      { type: 'condition', text: 'asthma', status },
    ]);
  });

  it('answers a duplicate external id of an active patient with 400 naming the existing patient', async () => {
    const first = await create(newPatient({ external_id: 'DUP-EXT-1' }));
    const before = count('patients');
    const res = await create(newPatient({ external_id: 'DUP-EXT-1' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'duplicate_patient',
      message: expect.any(String),
      existing_patient_id: first.body.id,
      existing_patient_external_id: 'DUP-EXT-1',
    });
    expect(count('patients')).toBe(before);
  });

  it('answers the same name and date of birth, in any case, with 400 and no external id when the original has none', async () => {
    const first = await create({ first_name: 'Casey', last_name: 'Duplicate', date_of_birth: '1990-01-02' });
    const before = count('patients');
    const res = await create({ first_name: 'CASEY', last_name: 'duplicate', date_of_birth: '1990-01-02' });
    expect(res.status).toBe(400);
    expect(res.body.existing_patient_id).toBe(first.body.id);
    expect(res.body).not.toHaveProperty('existing_patient_external_id');
    expect(count('patients')).toBe(before);
    const otherDay = await create({ first_name: 'Casey', last_name: 'Duplicate', date_of_birth: '1990-01-03' });
    expect(otherDay.status).toBe(201);
  });

  it('does not count an inactive patient as a duplicate', async () => {
    const first = await create({
      first_name: 'Robin',
      last_name: 'Retired',
      date_of_birth: '1960-06-06',
      external_id: 'OLD-1',
    });
    h.service.db.run('UPDATE patients SET is_active = 0 WHERE id = ?', first.body.id);
    const again = await create({
      first_name: 'Robin',
      last_name: 'Retired',
      date_of_birth: '1960-06-06',
      external_id: 'OLD-1',
    });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    // The external id now names the active patient.
    const got = await h.api('GET', '/api/v1/patients/OLD-1');
    expect(got.body.id).toBe(again.body.id);
  });

  it('says a patient under 18 is a minor and one who turned 18 today is not', async () => {
    const child = await create(newPatient({ date_of_birth: dayYearsAgo(18, 1), guardian_name: 'Pat Guardian' }));
    const adult = await create(newPatient({ date_of_birth: dayYearsAgo(18) }));
    expect(child.body.is_minor).toBe(true);
    expect(child.body.guardian_name).toBe('Pat Guardian');
    expect(adult.body.is_minor).toBe(false);
  });

  it('refuses wrong types and unknown fields with 400 and stores nothing', async () => {
    const before = count('patients');
    const textsBefore = count('risk_factor_texts');
    for (const body of [
      { first_name: 42, last_name: 'Example', date_of_birth: '1980-01-01' },
      { first_name: 'A', last_name: 'B', date_of_birth: 'yesterday' },
      { first_name: 'A', last_name: 'B', date_of_birth: '1980-01-01', height_inches: '60' },
      { first_name: 'A', last_name: 'B', date_of_birth: '1980-01-01', nickname: 'x' },
      { first_name: 'A', last_name: 'B', date_of_birth: '1980-01-01', risk_factors: 'penicillin' },
      [],
    ]) {
      const res = await create(body as Record<string, unknown>);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'bad_request', message: expect.any(String) });
    }
    expect(count('patients')).toBe(before);
    expect(count('risk_factor_texts')).toBe(textsBefore);
  });

  it('stores hostile strings as plain data', async () => {
    const res = await create(
      newPatient({ last_name: "Robert'); DROP TABLE patients;--", middle_name: '<script>x</script>' }),
    );
    expect(res.status).toBe(201);
    const got = await h.api('GET', `/api/v1/patients/${res.body.id}`);
    expect(got.body.last_name).toBe("Robert'); DROP TABLE patients;--");
    expect(got.body.middle_name).toBe('<script>x</script>');
  });
});

describe('listing, reading and updating patients', () => {
  it('lists patients by last name then first name, a page at a time, with the paging headers', async () => {
    await create({ first_name: 'Zed', last_name: 'Aardvark', date_of_birth: '1970-01-01' });
    await create({ first_name: 'amy', last_name: 'aardvark', date_of_birth: '1971-01-01' });
    const res = await h.api('GET', '/api/v1/patients?page=1&page_size=2', { as: 'technician' });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { first_name: string }) => p.first_name)).toEqual(['amy', 'Zed']);
    expect(res.headers.get('X-Total-Count')).toBe(String(count('patients')));
    expect(res.headers.get('X-Page-Size')).toBe('2');
    const big = await h.api('GET', '/api/v1/patients?page_size=500');
    expect(big.headers.get('X-Page-Size')).toBe('200');
    expect(big.headers.get('X-Remaining-Count')).toBe('0');
  });

  it('gets and updates a patient by an external id with odd characters, percent-encoded', async () => {
    const externalId = 'MRN/42 ?#%&é+';
    const made = await create(newPatient({ external_id: externalId, phone: '5555550111' }));
    const path = `/api/v1/patients/${encodeURIComponent(externalId)}`;
    const got = await h.api('GET', path);
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(made.body.id);
    const updated = await h.api('PUT', path, { body: { phone: '5555550199', is_pregnant: false } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: made.body.id,
      phone: '5555550199',
      is_pregnant: false,
      external_id: externalId,
    });
    expect(updated.body.first_name).toBe(made.body.first_name);
    expect(updated.body.updated_at).toEqual(expect.any(String));
  });

  it('gets and updates a patient by UUID; a partial update keeps every other field', async () => {
    const made = await create(
      newPatient({
        email: 'keep@example.test',
        address: { address_1: '2 Old Rd', city: 'Dover', state: 'DE', zip_code: '19901' },
      }),
    );
    const res = await h.api('PUT', `/api/v1/patients/${made.body.id}`, {
      body: {
        address: { address_1: '3 New Rd', city: 'Dover', state: 'DE', zip_code: '19901' },
        guardian_relationship: 'parent',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'keep@example.test',
      address: { address_1: '3 New Rd' },
      guardian_relationship: 'parent',
    });
    const got = await h.api('GET', `/api/v1/patients/${made.body.id.toUpperCase()}`);
    expect(got.body.address.address_1).toBe('3 New Rd');
  });

  it('refuses an update that would take another active patient’s external id with 409', async () => {
    const a = await create(newPatient({ external_id: 'TAKEN-1' }));
    const b = await create(newPatient());
    const res = await h.api('PUT', `/api/v1/patients/${b.body.id}`, { body: { external_id: 'TAKEN-1' } });
    expect(res.status).toBe(409);
    expect(res.body.details).toMatchObject({ existing_patient_id: a.body.id });
    const got = await h.api('GET', `/api/v1/patients/${b.body.id}`);
    expect(got.body.external_id).toBeNull();
  });

  it('refuses a wrong-typed or empty update with 400 and changes nothing', async () => {
    const made = await create(newPatient({ weight_pounds: 180 }));
    for (const body of [{ weight_pounds: 'heavy' }, {}, { first_name: '' }, { id: made.body.id }]) {
      const res = await h.api('PUT', `/api/v1/patients/${made.body.id}`, { body });
      expect(res.status).toBe(400);
    }
    const got = await h.api('GET', `/api/v1/patients/${made.body.id}`);
    expect(got.body).toEqual(made.body);
  });

  it('answers 404 naming the patient for an unknown UUID or external id', async () => {
    const byUuid = await h.api('GET', '/api/v1/patients/00000000-0000-4000-8000-000000000000');
    const byExternal = await h.api('PUT', '/api/v1/patients/NOPE-404', { body: { phone: '5555550100' } });
    expect(byUuid.status).toBe(404);
    expect(byUuid.body).toMatchObject({ error: 'not_found', message: expect.stringMatching(/patient/) });
    expect(byExternal.status).toBe(404);
  });

  it('serves the guardian relationship types as codes and names', async () => {
    const res = await h.api('GET', '/api/v1/patients/guardian_relationship_types', { as: 'technician' });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ code: 'parent', name: 'Parent' });
    expect(res.body).toContainEqual({ code: 'legal_guardian', name: 'Legal guardian' });
  });
});

describe("a patient's orders", () => {
  /** Orders are stored directly: this file tests the patient's view of them, not order creation. */
  function storeOrder(patientId: string, number: string, createdAt: string): void {
    h.service.db.run(
      "INSERT INTO orders (id, order_number, patient_id, status, created_at, updated_at) VALUES (?, ?, ?, 'received', ?, ?)",
      crypto.randomUUID(),
      number,
      patientId,
      createdAt,
      createdAt,
    );
  }

  it("lists only this patient's orders, newest first, a page at a time", async () => {
    const patient = await create(newPatient({ external_id: 'ORDERS-1' }));
    const other = await create(newPatient());
    storeOrder(patient.body.id, 'PO-1', '2026-01-01T10:00:00.000Z');
    storeOrder(patient.body.id, 'PO-2', '2026-01-02T10:00:00.000Z');
    storeOrder(other.body.id, 'PO-3', '2026-01-03T10:00:00.000Z');
    const res = await h.api('GET', '/api/v1/patients/ORDERS-1/orders?page_size=1', { as: 'technician' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ order_number: 'PO-2', patient: expect.objectContaining({ id: patient.body.id }) }),
    ]);
    expect(res.headers.get('X-Total-Count')).toBe('2');
    expect(res.headers.get('X-Remaining-Count')).toBe('1');
    const none = await h.api('GET', `/api/v1/patients/${(await create(newPatient())).body.id}/orders`);
    expect(none.body).toEqual([]);
    expect(none.headers.get('X-Total-Count')).toBe('0');
    expect((await h.api('GET', '/api/v1/patients/NOBODY/orders')).status).toBe(404);
  });
});
