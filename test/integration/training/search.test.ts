// Search over real HTTP: every identifier and name finds its record, phrases, short terms, hostile text, rank, the limit, per-kind searches, and writes found at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultType } from '../../../contract/service/search.ts';
import { Db } from '../../../training/database/db.ts';
import { seedDemoData } from '../../../training/demo/generator.ts';
import { parseSearch } from '../../../training/domains/search/query.ts';
import { searchDocuments, syncSearchIndex } from '../../../training/domains/search/search-repository.ts';
import { createTask } from '../../../training/domains/tasks/tasks-repository.ts';
import { migrations } from '../../../training/tables.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
type Result = Record<string, unknown> & { id: string; rank: number; result_type: string };
const people: Record<'avery' | 'middle' | 'reversed' | 'short', { id: string }> = {} as never;
let prescriber: { id: string; npi: string; dea: string };
let order: { id: string; order_number: string; external_id: string | null };

async function newPatient(body: Record<string, unknown>) {
  const res = await h.api('POST', '/api/v1/patients', { body });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

beforeAll(async () => {
  h = await startHarness();
  const db = h.service.db;
  db.transaction(() => seedDemoData(db, { seed: 4, orders: 60, now: h.clock.now }));
  people.avery = await newPatient({
    first_name: 'Avery',
    last_name: 'Example',
    date_of_birth: '1980-02-29',
    phone: '5550104477',
    email: 'avery.example@search.test',
  });
  people.middle = await newPatient({
    first_name: 'Avery',
    middle_name: 'Quinn',
    last_name: 'Example',
    date_of_birth: '1975-06-01',
  });
  people.reversed = await newPatient({ first_name: 'Example', last_name: 'Avery', date_of_birth: '1990-12-31' });
  people.short = await newPatient({ first_name: 'Bo', last_name: 'Ng', date_of_birth: '2001-07-04' });
  prescriber = db.get('SELECT id, npi, dea FROM prescribers WHERE dea IS NOT NULL LIMIT 1') as typeof prescriber;
  order = db.get(
    'SELECT id, order_number, external_id FROM orders WHERE external_id IS NOT NULL LIMIT 1',
  ) as typeof order;
  // More tasks than the largest limit, so clamping shows.
  const admin = (db.get("SELECT id FROM users WHERE email = 'admin@training.local'") as { id: string }).id;
  db.transaction(() => {
    for (let i = 1; i <= 120; i++) {
      createTask(db, { name: `Limit probe ${i}`, category_code: 'T01' }, { now: h.clock.now, userId: admin });
    }
  });
});
afterAll(() => h.close());

async function search(q: string, kind = '', extra = ''): Promise<Result[]> {
  const res = await h.api('GET', `/api/v1/search${kind}?q=${encodeURIComponent(q)}${extra}`, { as: 'technician' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results as Result[];
}
const ids = (results: Result[]) => results.map((r) => r.id);
const fullName = (r: Result) => [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(' ').toLowerCase();

describe('the general search', () => {
  it('finds a patient by a substring of their phone number, typed bare or with dashes', async () => {
    for (const q of ['0104477', '010447', '555-010-4477']) {
      const [first] = await search(q);
      expect(first, q).toMatchObject({ id: people.avery.id, result_type: 'patient', phone: '5550104477' });
    }
  });

  it('matches a quoted phrase exactly, while the same words unquoted also match them apart or reordered', async () => {
    const phrase = await search('"Avery Example"');
    expect(ids(phrase)).toContain(people.avery.id);
    expect(ids(phrase)).not.toContain(people.middle.id);
    expect(ids(phrase)).not.toContain(people.reversed.id);
    for (const r of phrase) expect(fullName(r)).toContain('avery example');
    const words = ids(await search('Avery Example', '', '&limit=100'));
    expect(words).toEqual(expect.arrayContaining([people.avery.id, people.middle.id, people.reversed.id]));
    expect(words.length).toBeGreaterThan(phrase.length);
  });

  it('ranks the record whose whole field equals the query first, and orders every answer by rank, higher first', async () => {
    const results = await search('Avery Example', '', '&limit=100');
    expect(results[0]?.id).toBe(people.avery.id);
    for (const [i, r] of results.entries()) {
      expect(typeof r.rank).toBe('number');
      expect(searchResultType.options).toContain(r.result_type);
      if (i > 0) expect(r.rank).toBeLessThanOrEqual((results[i - 1] as Result).rank);
    }
  });

  it('finds an order by its order number, external id and UUID, as the full order', async () => {
    for (const q of [order.order_number, order.external_id as string, order.id]) {
      const [first] = await search(q);
      expect(first, q).toMatchObject({ id: order.id, result_type: 'order', order_number: order.order_number });
      expect(first?.products).toBeDefined();
    }
  });

  it('finds a prescriber by NPI and by DEA number', async () => {
    for (const q of [prescriber.npi, prescriber.dea]) {
      const [first] = await search(q);
      expect(first, q).toMatchObject({ id: prescriber.id, result_type: 'prescriber', npi: prescriber.npi });
    }
  });

  it('finds a patient by email, whole or in part', async () => {
    expect((await search('avery.example@search.test'))[0]?.id).toBe(people.avery.id);
    expect(ids(await search('example@search'))).toContain(people.avery.id);
  });

  it('finds non-prescription products and order materials by SKU and name, but prescription products only by kind', async () => {
    expect(await search('OTC-0001')).toEqual([
      expect.objectContaining({ sku: 'OTC-0001', result_type: 'non_prescription' }),
    ]);
    expect((await search('MAT-0001'))[0]).toMatchObject({ sku: 'MAT-0001', result_type: 'order_material' });
    expect((await search('thermometer'))[0]).toMatchObject({ result_type: 'non_prescription' });
    expect(await search('RX-0001')).toEqual([]);
    expect(await search('RX-0001', '/products')).toEqual([
      expect.objectContaining({ sku: 'RX-0001', result_type: 'prescription_product' }),
    ]);
  });

  it('finds prescriptions by drug name and tasks by name', async () => {
    const drug = h.service.db.get('SELECT drug_name FROM prescriptions LIMIT 1') as { drug_name: string };
    expect((await search(drug.drug_name))[0]).toMatchObject({ result_type: 'prescription', drug_name: drug.drug_name });
    expect((await search('Limit probe 7'))[0]).toMatchObject({ result_type: 'task', name: 'Limit probe 7' });
  });

  it('matches terms of one or two characters anywhere in a field, without the trigram index', async () => {
    expect((await search('Bo Ng'))[0]?.id).toBe(people.short.id);
    const results = await search('Ng', '/patients', '&limit=100');
    expect(ids(results)).toContain(people.short.id);
    for (const r of results)
      expect(JSON.stringify([r.first_name, r.middle_name, r.last_name, r.email]).toLowerCase()).toContain('ng');
    expect(ids(await search('Ng Example'))).toEqual([]);
  });

  it('treats LIKE wildcards and FTS5 syntax as plain text, never as a 5xx', async () => {
    // Only the demo compound "hydrocortisone cream 2.5%" holds a percent sign; nothing holds an underscore.
    const percent = await search('%');
    expect(percent.length).toBeGreaterThan(0);
    for (const r of percent) expect(r.drug_name).toContain('%');
    expect(await search('_')).toEqual([]);
    const hostile = [
      '*',
      'NEAR(',
      'NEAR(avery example)',
      'OR',
      'AND',
      'NOT avery',
      '-',
      '-avery',
      'avery*',
      '^avery',
      'names:avery',
      '{names}:avery',
      '"unclosed',
      'a"b',
      '(((',
      "'; DROP TABLE orders; --",
      '\\',
      '🧪💊',
      'x\u0000y',
      'ǅ\u202Eevil',
      '"" ""',
      'x'.repeat(200),
    ];
    for (const q of hostile) {
      const res = await h.api('GET', `/api/v1/search?q=${encodeURIComponent(q)}`);
      expect(res.status, `${JSON.stringify(q)}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      expect([200, 400]).toContain(res.status);
    }
    expect(ids(await search('avery*'))).toEqual([]);
  });

  it('refuses an empty, blank or quotes-only q, a missing q and a limit of 0 with 400', async () => {
    for (const query of ['q=', 'q=%20%20', 'q=%22%22', '', 'q=x&limit=0', 'q=x&limit=-1', 'q=x&limit=ten']) {
      const res = await h.api('GET', `/api/v1/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('answers 50 results by default, and clamps a limit of 500 to 100', async () => {
    expect(await search('Limit probe')).toHaveLength(50);
    expect(await search('Limit probe', '', '&limit=500')).toHaveLength(100);
    expect(await search('Limit probe', '/tasks', '&limit=500')).toHaveLength(100);
    expect(await search('Limit probe', '', '&limit=7')).toHaveLength(7);
  });
});

describe('the searches by kind', () => {
  it('finds patients by date of birth written MM/DD/YYYY, YYYYMMDD or YYYY-MM-DD', async () => {
    for (const q of ['02/29/1980', '19800229', '1980-02-29']) {
      const results = await search(q, '/patients');
      expect(results[0], q).toMatchObject({ id: people.avery.id, result_type: 'patient', date_of_birth: '1980-02-29' });
    }
  });

  it('answers only its own kind', async () => {
    const checks: [string, string, string[]][] = [
      ['/patients', 'Avery', ['patient']],
      ['/tasks', 'Limit probe', ['task']],
      ['/orders', order.order_number, ['order']],
      ['/products', 'OTC', ['non_prescription']],
      ['/products', 'RX-00', ['prescription_product']],
    ];
    for (const [kind, q, types] of checks) {
      const results = await search(q, kind);
      expect(results.length, `${kind} ${q}`).toBeGreaterThan(0);
      for (const r of results) expect(types).toContain(r.result_type);
    }
  });

  it('answers tasks with every Task field plus rank', async () => {
    const [task] = await search('Limit probe 12', '/tasks');
    expect(task).toMatchObject({
      name: 'Limit probe 12',
      status_code: 'NEW',
      category_code: 'T01',
      rank: expect.any(Number),
    });
    expect(task).toHaveProperty('watchers');
  });

  it("finds a patient's orders by the patient's name or phone in the order search", async () => {
    const created = await h.api('POST', '/api/v1/orders?force_new=true', {
      body: { patient_id: people.avery.id, products: { non_prescription: [{ sku: 'OTC-0002', quantity: 1 }] } },
    });
    expect(created.status).toBe(201);
    for (const q of ['"Avery Example"', '0104477']) {
      const results = await search(q, '/orders');
      expect(ids(results), q).toContain(created.body.id);
      for (const r of results) expect(r.result_type).toBe('order');
    }
  });
});

describe('the index follows every write at once', () => {
  it('finds an order created through the API by its new number straight away', async () => {
    const created = await h.api('POST', '/api/v1/orders?force_new=true', {
      body: {
        patient_id: people.middle.id,
        external_id: 'SEARCH-NEW-1',
        products: { non_prescription: [{ sku: 'OTC-0003', quantity: 1 }] },
      },
    });
    expect(created.status).toBe(201);
    expect((await search(created.body.order_number))[0]?.id).toBe(created.body.id);
    expect((await search('SEARCH-NEW-1', '/orders'))[0]?.id).toBe(created.body.id);
  });

  it('finds a patient by a changed phone and email at once, and no longer by the old ones', async () => {
    const res = await h.api('PUT', `/api/v1/patients/${people.reversed.id}`, {
      body: { phone: '5550198765', email: 'renamed@search.test' },
    });
    expect(res.status).toBe(200);
    expect((await search('0198765'))[0]?.id).toBe(people.reversed.id);
    expect((await search('renamed@search'))[0]?.id).toBe(people.reversed.id);
    const again = await h.api('PUT', `/api/v1/patients/${people.reversed.id}`, { body: { phone: '5550111111' } });
    expect(again.status).toBe(200);
    expect(ids(await search('0198765'))).not.toContain(people.reversed.id);
    expect((await search('0111111'))[0]?.id).toBe(people.reversed.id);
  });

  it('finds a new task, and a renamed order material by its new name only', async () => {
    const task = await h.api('POST', '/api/v1/tasks', {
      body: { name: 'Recount insulated mailers', category_code: 'T03' },
    });
    expect(task.status).toBe(201);
    expect((await search('insulated mailers', '/tasks'))[0]?.id).toBe(task.body.id);
    const material = h.service.db.get("SELECT id FROM products WHERE sku = 'MAT-0002'") as { id: string };
    const renamed = await h.api('PUT', `/api/v1/products/order_material/${material.id}`, {
      body: { name: 'Zephyr carton' },
    });
    expect(renamed.status).toBe(200);
    expect((await search('Zephyr'))[0]).toMatchObject({ id: material.id, result_type: 'order_material' });
    const oldName = await search('MAT-0002');
    expect(oldName[0]?.name).toBe('Zephyr carton');
  });
});

describe('a database made before search existed', () => {
  it('has its records indexed when it migrates', () => {
    const db = new Db(':memory:');
    db.migrate(migrations.filter((m) => m.version === 1));
    const at = new Date().toISOString();
    db.run(
      `INSERT INTO patients (id, first_name, last_name, date_of_birth, phone, created_at, updated_at)
       VALUES ('0b7c1a52-3f7e-4c55-9d1e-5d6f1a2b3c4d', 'Rowan', 'Oldrecord', '1966-10-09', '5550177001', ?, ?)`,
      at,
      at,
    );
    db.migrate(migrations);
    expect(syncSearchIndex(db)).toBe(1);
    const hits = searchDocuments(db, parseSearch('10/09/1966'), ['patient'], 5);
    expect(hits).toEqual([expect.objectContaining({ kind: 'patient', ref: '0b7c1a52-3f7e-4c55-9d1e-5d6f1a2b3c4d' })]);
    expect(searchDocuments(db, parseSearch('0177001'), ['patient'], 5)).toHaveLength(1);
    db.close();
  });
});

describe('after a training reset (last: it replaces the data)', () => {
  it('finds the rebuilt records and none of the old, with the index consistent with its documents', async () => {
    const oldNumber = order.order_number;
    const reset = await h.api('POST', '/api/v1/training/reset', { body: { seed: 9, orders: 20 } });
    expect(reset.status).toBe(200);
    expect(await search('0104477')).toEqual([]);
    const db = h.service.db;
    const rebuilt = db.get('SELECT id, order_number FROM orders ORDER BY rowid LIMIT 1') as typeof order;
    expect((await search(rebuilt.order_number))[0]?.id).toBe(rebuilt.id);
    expect(ids(await search(oldNumber))).not.toContain(order.id);
    const count = (sql: string) => (db.get(sql) as { n: number }).n;
    expect(count('SELECT count(*) AS n FROM search_fts_docsize')).toBe(
      count('SELECT count(*) AS n FROM search_documents'),
    );
    expect(() => db.run("INSERT INTO search_fts (search_fts) VALUES ('integrity-check')")).not.toThrow();
  });
});
