// Prescribers over real HTTP: create, list, find by UUID or NPI, credentials, supervision, and state licenses.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential, Prescriber } from '../../../contract/service/prescribers.ts';
import {
  addPrescriberCredentials,
  addSupervision,
  restrictPrescriber,
} from '../../../training/domains/prescribers/catalogue.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

let npiSeq = 1_000_000_000;
const nextNpi = () => String(++npiSeq);

const prescriberBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Avery',
  last_name: 'Example',
  npi: nextNpi(),
  dea: 'AE1234563',
  gender: 'Female',
  phone: '5550100100',
  addresses: [{ address_1: '1 Clinic Way', city: 'Springfield', state: 'IL', zip_code: '62701' }],
  qualifications: [{ state: 'IL', license_number: 'IL-100', expiration_date: '2030-01-31' }],
  ...overrides,
});

const createPrescriber = async (overrides: Record<string, unknown> = {}) => {
  const res = await h.api('POST', '/api/v1/prescribers', { body: prescriberBody(overrides) });
  expect(res.status).toBe(201);
  return res.body;
};

const qualificationsOf = async (key: string) =>
  (await h.api<Prescriber>('GET', `/api/v1/prescribers/${key}`)).body.qualifications ?? [];

describe('creating and finding prescribers', () => {
  it('creates a prescriber with practice address and license and answers 201 with them embedded', async () => {
    const body = prescriberBody({ middle_name: 'Q', email: 'avery@example.test', date_of_birth: '1970-05-04' });
    const res = await h.api('POST', '/api/v1/prescribers', { body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      first_name: 'Avery',
      middle_name: 'Q',
      npi: body.npi,
      dea: 'AE1234563',
      gender: 'Female',
      date_of_birth: '1970-05-04',
      is_active: true,
      credentials: [],
      restrictions: [],
    });
    expect(res.body.addresses).toEqual([
      expect.objectContaining({
        address_1: '1 Clinic Way',
        city: 'Springfield',
        type: 'practice',
        id: expect.any(String),
      }),
    ]);
    expect(res.body.qualifications).toEqual([
      expect.objectContaining({
        state: 'IL',
        license_number: 'IL-100',
        expiration_date: '2030-01-31',
        is_active: true,
      }),
    ]);
  });

  it('refuses a second prescriber with the same NPI with 409 naming the existing one', async () => {
    const first = await createPrescriber();
    const res = await h.api('POST', '/api/v1/prescribers', { body: prescriberBody({ npi: first.npi }) });
    expect(res.status).toBe(409);
    expect(res.body.details).toEqual({ existing_prescriber_id: first.id });
  });

  it('refuses an NPI that is not 10 digits and a malformed DEA number with 400', async () => {
    for (const bad of [{ npi: '12345' }, { npi: '12345678901' }, { npi: 'abcdefghij' }, { dea: 'A1234567' }]) {
      const res = await h.api('POST', '/api/v1/prescribers', { body: prescriberBody(bad) });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('bad_request');
    }
  });

  it('refuses a prescriber without a name, and unknown fields', async () => {
    expect((await h.api('POST', '/api/v1/prescribers', { body: { npi: nextNpi() } })).status).toBe(400);
    const extra = await h.api('POST', '/api/v1/prescribers', { body: prescriberBody({ is_admin: true }) });
    expect(extra.status).toBe(400);
  });

  it('gets one prescriber by UUID and by 10-digit NPI', async () => {
    const created = await createPrescriber();
    const byId = await h.api('GET', `/api/v1/prescribers/${created.id}`);
    const byNpi = await h.api('GET', `/api/v1/prescribers/${created.npi}`);
    expect(byId.status).toBe(200);
    expect(byNpi.status).toBe(200);
    expect(byNpi.body).toEqual(byId.body);
  });

  it('answers 404 for an unknown UUID, an unknown NPI and a key that is neither', async () => {
    for (const key of [randomUUID(), '9999999999', 'not-a-prescriber']) {
      const res = await h.api('GET', `/api/v1/prescribers/${key}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/No prescriber/);
    }
  });

  it('lists prescribers in pages with the total in the headers', async () => {
    await createPrescriber({ last_name: 'Aardvark' });
    const all = await h.api<Prescriber[]>('GET', '/api/v1/prescribers?page_size=200');
    const total = Number(all.headers.get('x-total-count'));
    expect(all.body).toHaveLength(total);
    const page = await h.api<Prescriber[]>('GET', '/api/v1/prescribers?page=2&page_size=2');
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(page.headers.get('x-page')).toBe('2');
    expect(page.headers.get('x-remaining-count')).toBe(String(Math.max(0, total - 4)));
    expect(page.body.map((p) => p.id)).toEqual(all.body.slice(2, 4).map((p) => p.id));
  });

  it('embeds the credentials and restricted products a prescriber has', async () => {
    const created = await createPrescriber();
    const productId = randomUUID();
    const at = new Date().toISOString();
    h.service.db.run(
      "INSERT INTO products (id, kind, sku, name, created_at, updated_at) VALUES (?, 'prescription', ?, 'Oxycodone 5 mg', ?, ?)",
      productId,
      `SKU-${productId.slice(0, 8)}`,
      at,
      at,
    );
    addPrescriberCredentials(h.service.db, created.id, ['MD']);
    restrictPrescriber(h.service.db, created.id, productId, new Date());
    const res = await h.api('GET', `/api/v1/prescribers/${created.id}`);
    expect(res.body.credentials).toEqual([{ credential_code: 'MD', credential_name: 'Doctor of Medicine' }]);
    expect(res.body.restrictions).toEqual([expect.objectContaining({ id: productId, name: 'Oxycodone 5 mg' })]);
  });
});

describe('credentials and supervision', () => {
  it('serves the credential catalogue with MD, DO, NP, PA and the other prescribing professions', async () => {
    const res = await h.api<Credential[]>('GET', '/api/v1/prescribers/credentials', { as: 'technician' });
    expect(res.status).toBe(200);
    const codes = res.body.map((c) => c.credential_code);
    for (const code of ['MD', 'DO', 'NP', 'PA', 'DDS', 'DMD', 'DPM', 'OD', 'PharmD']) expect(codes).toContain(code);
    expect(res.body.every((c) => typeof c.credential_name === 'string')).toBe(true);
  });

  it("lists a supervisor's supervisees with both parties named, by UUID or NPI", async () => {
    const doctor = await createPrescriber({ first_name: 'Sam', last_name: 'Supervisor' });
    const assistant = await createPrescriber({ first_name: 'Pat', last_name: 'Assistant' });
    addSupervision(h.service.db, doctor.id, assistant.id, new Date());
    for (const key of [doctor.id, doctor.npi]) {
      const res = await h.api('GET', `/api/v1/prescribers/${key}/supervisees`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          id: expect.any(String),
          created_at: expect.any(String),
          updated_at: expect.any(String),
          supervisor: { id: doctor.id, first_name: 'Sam', last_name: 'Supervisor', npi: doctor.npi },
          supervisee: { id: assistant.id, first_name: 'Pat', last_name: 'Assistant', npi: assistant.npi },
        },
      ]);
    }
    expect((await h.api('GET', `/api/v1/prescribers/${assistant.id}/supervisees`)).body).toEqual([]);
    expect((await h.api('GET', `/api/v1/prescribers/${randomUUID()}/supervisees`)).status).toBe(404);
  });
});

describe('state licenses', () => {
  const license = (overrides: Record<string, unknown> = {}) => ({
    state: 'CA',
    license_number: 'CA-1',
    expiration_date: '2029-06-30',
    ...overrides,
  });

  it('adds a license with 201, echoing the body', async () => {
    const doctor = await createPrescriber();
    const res = await h.api('POST', `/api/v1/prescribers/${doctor.npi}/qualifications`, {
      as: 'pharmacist',
      body: license({ description: 'Physician and surgeon' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...license({ description: 'Physician and surgeon' }), is_active: true });
  });

  it('a new license number for the same state deactivates the old license automatically', async () => {
    const doctor = await createPrescriber();
    const old = await h.api('POST', `/api/v1/prescribers/${doctor.id}/qualifications`, { body: license() });
    const replacement = await h.api('POST', `/api/v1/prescribers/${doctor.id}/qualifications`, {
      body: license({ license_number: 'CA-2', expiration_date: '2031-06-30' }),
    });
    expect(replacement.status).toBe(201);
    expect(replacement.body).toMatchObject({ license_number: 'CA-2', is_active: true });
    const ca = (await qualificationsOf(doctor.id)).filter((q) => q.state === 'CA');
    expect(ca).toHaveLength(2);
    expect(ca.find((q) => q.id === old.body.id)).toMatchObject({ license_number: 'CA-1', is_active: false });
    const il = (await qualificationsOf(doctor.id)).filter((q) => q.state === 'IL');
    expect(il).toEqual([expect.objectContaining({ is_active: true })]);
  });

  it('the same license number again updates that license in place and answers 200', async () => {
    const doctor = await createPrescriber();
    const first = await h.api('POST', `/api/v1/prescribers/${doctor.id}/qualifications`, { body: license() });
    const again = await h.api('POST', `/api/v1/prescribers/${doctor.id}/qualifications`, {
      body: license({ expiration_date: '2033-01-01' }),
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, expiration_date: '2033-01-01', is_active: true });
    expect((await qualificationsOf(doctor.id)).filter((q) => q.state === 'CA')).toHaveLength(1);
  });

  it('updates a license by its UUID or by its state; the same number changes it in place', async () => {
    const doctor = await createPrescriber();
    const created = await h.api('POST', `/api/v1/prescribers/${doctor.id}/qualifications`, { body: license() });
    const byId = await h.api('PUT', `/api/v1/prescribers/${doctor.id}/qualifications/${created.body.id}`, {
      body: { description: 'Renewed' },
    });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ id: created.body.id, description: 'Renewed', license_number: 'CA-1' });
    const byState = await h.api('PUT', `/api/v1/prescribers/${doctor.npi}/qualifications/CA`, {
      as: 'pharmacist',
      body: { expiration_date: '2035-12-31', license_number: 'CA-1' },
    });
    expect(byState.body).toMatchObject({ id: created.body.id, expiration_date: '2035-12-31', description: 'Renewed' });
  });

  it('an update with a new license number makes a new license and deactivates the old one', async () => {
    const doctor = await createPrescriber();
    const old = await h.api('POST', `/api/v1/prescribers/${doctor.id}/qualifications`, {
      body: license({ description: 'Physician' }),
    });
    const res = await h.api('PUT', `/api/v1/prescribers/${doctor.id}/qualifications/CA`, {
      body: { license_number: 'CA-9' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'CA', license_number: 'CA-9', description: 'Physician', is_active: true });
    expect(res.body.id).not.toBe(old.body.id);
    const ca = (await qualificationsOf(doctor.id)).filter((q) => q.state === 'CA');
    expect(ca.find((q) => q.id === old.body.id)?.is_active).toBe(false);
    // By state, the current license is found now.
    const current = await h.api('PUT', `/api/v1/prescribers/${doctor.id}/qualifications/CA`, {
      body: { description: 'Current' },
    });
    expect(current.body.id).toBe(res.body.id);
  });

  it('technicians may neither add nor update licenses (403), and nothing changes', async () => {
    const doctor = await createPrescriber();
    const before = await qualificationsOf(doctor.id);
    const add = await h.api('POST', `/api/v1/prescribers/${doctor.id}/qualifications`, {
      as: 'technician',
      body: license(),
    });
    const update = await h.api('PUT', `/api/v1/prescribers/${doctor.id}/qualifications/IL`, {
      as: 'technician',
      body: { license_number: 'IL-999' },
    });
    expect(add.status).toBe(403);
    expect(update.status).toBe(403);
    expect(await qualificationsOf(doctor.id)).toEqual(before);
  });

  it('answers 404 for an unknown prescriber, license id or state, and 400 for a bad license body', async () => {
    const doctor = await createPrescriber();
    const unknownPrescriber = await h.api('POST', `/api/v1/prescribers/${randomUUID()}/qualifications`, {
      body: license(),
    });
    expect(unknownPrescriber.status).toBe(404);
    for (const key of [randomUUID(), 'TX', 'not-a-state']) {
      const res = await h.api('PUT', `/api/v1/prescribers/${doctor.id}/qualifications/${key}`, {
        body: { description: 'x' },
      });
      expect(res.status).toBe(404);
    }
    for (const body of [{ ...license(), state: 'California' }, { state: 'CA' }, {}]) {
      const res = await h.api('POST', `/api/v1/prescribers/${doctor.id}/qualifications`, { body });
      expect(res.status).toBe(400);
    }
    const empty = await h.api('PUT', `/api/v1/prescribers/${doctor.id}/qualifications/IL`, { body: {} });
    expect(empty.status).toBe(400);
  });
});
