// Tasks over real HTTP: the served code tables, create/list/get/update, references checked, completion times, pages and Idempotency-Key replay.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskCategories, taskStatuses } from '../../../contract/service/tasks.ts';
import { type Harness, type Role, startHarness } from './harness.ts';

let h: Harness;
const users = {} as Record<Role, string>;
const links = { orderId: '', patientId: '', prescriptionId: '' };

beforeAll(async () => {
  h = await startHarness();
  for (const role of ['admin', 'pharmacist', 'technician'] as const) {
    users[role] = (
      h.service.db.get('SELECT id FROM users WHERE email = ?', `${role}@training.local`) as { id: string }
    ).id;
  }
  // Records to link tasks to, written straight to the database so this file depends on no other domain's handlers.
  const at = h.clock.now.toISOString();
  const db = h.service.db;
  links.patientId = randomUUID();
  db.run(
    'INSERT INTO patients (id, first_name, last_name, date_of_birth, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    links.patientId,
    'Avery',
    'Example',
    '1980-04-02',
    at,
    at,
  );
  links.orderId = randomUUID();
  db.run(
    'INSERT INTO orders (id, order_number, patient_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    links.orderId,
    'TASK-TEST-1',
    links.patientId,
    'received',
    at,
    at,
  );
  const erxId = randomUUID();
  db.run(
    'INSERT INTO electronic_prescriptions (id, patient_id, created_at, updated_at) VALUES (?, ?, ?, ?)',
    erxId,
    links.patientId,
    at,
    at,
  );
  links.prescriptionId = randomUUID();
  db.run(
    'INSERT INTO prescriptions (id, electronic_prescription_id, patient_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    links.prescriptionId,
    erxId,
    links.patientId,
    at,
    at,
  );
});
afterAll(() => h.close());

const count = (sql: string, ...args: string[]) => (h.service.db.get(sql, ...args) as { n: number }).n;
const taskCount = () => count('SELECT count(*) AS n FROM tasks');
const watcherCount = () => count('SELECT count(*) AS n FROM task_watchers');
const createTask = (body: Record<string, unknown>, as: Role = 'admin', headers?: Record<string, string>) =>
  h.api('POST', '/api/v1/tasks', { body, as, ...(headers ? { headers } : {}) });

describe('task code tables', () => {
  it('serves the task categories from the task_categories table', async () => {
    const res = await h.api('GET', '/api/v1/tasks/categories', { as: 'technician' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(taskCategories.map((c) => ({ code: c.code, name: c.name })));
    expect(count('SELECT count(*) AS n FROM task_categories')).toBe(taskCategories.length);
  });

  it('serves the task statuses in their usual order and says which are final', async () => {
    const res = await h.api('GET', '/api/v1/tasks/statuses', { as: 'pharmacist' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(taskStatuses.map((s) => ({ code: s.code, name: s.name, is_final: s.is_final })));
    expect(res.body[0]).toEqual({ code: 'NEW', name: 'New', is_final: false });
  });
});

describe('creating a task', () => {
  it('answers 201 with the task as NEW, its names, its people and the signed-in user as creator', async () => {
    const res = await createTask({
      name: 'Call the prescriber about the dose',
      description: 'The sig reads twice daily; the label says once.',
      category_code: 'T02',
      assignee: users.pharmacist,
      watchers: [{ id: users.technician }, { id: users.admin }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Call the prescriber about the dose',
      description: 'The sig reads twice daily; the label says once.',
      category_code: 'T02',
      category_name: 'Prescription',
      status_code: 'NEW',
      status_name: 'New',
      assignee_id: users.pharmacist,
      assignee: { id: users.pharmacist, first_name: 'Parker', last_name: 'Pharmacist', role: 'pharmacist' },
      created_by_id: users.admin,
      completed_at: null,
      order_id: null,
      patient_id: null,
      prescription_id: null,
      created_at: h.clock.now.toISOString(),
      updated_at: h.clock.now.toISOString(),
    });
    expect(res.body.watchers).toEqual([
      { id: users.technician, first_name: 'Taylor', last_name: 'Technician', role: 'technician' },
      { id: users.admin, first_name: 'Alex', last_name: 'Admin', role: 'admin' },
    ]);
  });

  it('links a task to an existing order, patient and prescription', async () => {
    const res = await createTask({
      name: 'Check the refill',
      category_code: 'T01',
      order_id: links.orderId,
      patient_id: links.patientId,
      prescription_id: links.prescriptionId,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      order_id: links.orderId,
      patient_id: links.patientId,
      prescription_id: links.prescriptionId,
      assignee: null,
      watchers: [],
    });
  });

  it('lists a watcher named twice only once', async () => {
    const res = await createTask({
      name: 'Twice',
      category_code: 'T06',
      watchers: [{ id: users.admin }, { id: users.admin }],
    });
    expect(res.status).toBe(201);
    expect(res.body.watchers).toHaveLength(1);
  });

  it('completes a task created straight into a final status', async () => {
    const res = await createTask({ name: 'Already handled', category_code: 'T05', status_code: 'DONE' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status_code: 'DONE',
      status_name: 'Done',
      completed_at: h.clock.now.toISOString(),
    });
  });

  it('lets technicians and pharmacists create tasks', async () => {
    for (const role of ['technician', 'pharmacist'] as const) {
      const res = await createTask({ name: `Restock shelf B (${role})`, category_code: 'T03' }, role);
      expect(res.status).toBe(201);
      expect(res.body.created_by_id).toBe(users[role]);
    }
  });

  it('stores hostile text as plain data', async () => {
    const name = `'); DROP TABLE tasks; -- <script>alert(1)</script> ☠`;
    const res = await createTask({ name, category_code: 'T06', description: '\u0000 nul and \\ backslash' });
    expect(res.status).toBe(201);
    const again = await h.api('GET', `/api/v1/tasks/${res.body.id}`);
    expect(again.body.name).toBe(name);
    expect(again.body.description).toBe('\u0000 nul and \\ backslash');
  });
});

describe('creating a task with something that is not there', () => {
  // Bodies are built when each test runs: the demo users' ids are read in beforeAll.
  const refusals: [string, () => Record<string, unknown>, number, RegExp][] = [
    ['an unknown category', () => ({ name: 'x', category_code: 'T99' }), 400, /category "T99"/],
    [
      'an unknown status',
      () => ({ name: 'x', category_code: 'T01', status_code: 'ARCHIVED' }),
      400,
      /status "ARCHIVED"/,
    ],
    [
      'an unknown assignee',
      () => ({ name: 'x', category_code: 'T01', assignee: randomUUID() }),
      404,
      /No user to assign/,
    ],
    [
      'an unknown watcher',
      () => ({ name: 'x', category_code: 'T01', watchers: [{ id: users.admin }, { id: randomUUID() }] }),
      400,
      /watcher must be an active user: no user with identifier/,
    ],
    ['an unknown order', () => ({ name: 'x', category_code: 'T01', order_id: randomUUID() }), 404, /No order with/],
    [
      'an unknown patient',
      () => ({ name: 'x', category_code: 'T01', patient_id: randomUUID() }),
      404,
      /No patient with/,
    ],
    [
      'an unknown prescription',
      () => ({ name: 'x', category_code: 'T01', prescription_id: randomUUID() }),
      404,
      /No prescription with/,
    ],
  ];
  for (const [what, body, status, message] of refusals) {
    it(`refuses ${what} with ${status}, naming it, and stores nothing`, async () => {
      const tasksBefore = taskCount();
      const watchersBefore = watcherCount();
      const res = await createTask(body());
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      expect(taskCount()).toBe(tasksBefore);
      expect(watcherCount()).toBe(watchersBefore);
    });
  }

  it('refuses wrong types, missing fields and unknown keys with 400', async () => {
    const before = taskCount();
    const bodies = [
      { name: 42, category_code: 'T01' },
      { category_code: 'T01' },
      { name: 'x' },
      { name: '   ', category_code: 'T01' },
      { name: 'x', category_code: 't01' },
      { name: 'x', category_code: 'T01', assignee: 'not-a-uuid' },
      { name: 'x', category_code: 'T01', watchers: users.admin },
      { name: 'x', category_code: 'T01', watchers: [users.admin] },
      { name: 'x', category_code: 'T01', priority: 'high' },
      ['x'],
    ];
    for (const body of bodies) {
      const res = await createTask(body as Record<string, unknown>);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: 'bad_request', message: expect.any(String) });
    }
    const malformed = await h.api('POST', '/api/v1/tasks', { rawBody: '{"name": "x", ' });
    expect(malformed.status).toBe(400);
    expect(taskCount()).toBe(before);
  });
});

describe('Idempotency-Key on task create', () => {
  it('replays the first answer for the same key and body, and creates one task', async () => {
    const body = { name: 'Relabel the vial', category_code: 'T01', watchers: [{ id: users.technician }] };
    const headers = { 'Idempotency-Key': `task-${randomUUID()}` };
    const before = taskCount();
    const first = await createTask(body, 'technician', headers);
    const second = await createTask(body, 'technician', headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(taskCount()).toBe(before + 1);
    expect(count('SELECT count(*) AS n FROM tasks WHERE name = ?', 'Relabel the vial')).toBe(1);
  });

  it('refuses the same key with a different body with 422 and creates nothing', async () => {
    const headers = { 'Idempotency-Key': `task-${randomUUID()}` };
    const first = await createTask({ name: 'Count the lot', category_code: 'T03' }, 'admin', headers);
    expect(first.status).toBe(201);
    const before = taskCount();
    const other = await createTask({ name: 'Count the other lot', category_code: 'T03' }, 'admin', headers);
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('unprocessable');
    expect(taskCount()).toBe(before);
  });

  it('creates a second task for a different key with the same body', async () => {
    const body = { name: 'Ship the replacement', category_code: 'T05' };
    const first = await createTask(body, 'admin', { 'Idempotency-Key': `task-${randomUUID()}` });
    const second = await createTask(body, 'admin', { 'Idempotency-Key': `task-${randomUUID()}` });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
  });
});

describe('reading tasks', () => {
  it('gets one task by id', async () => {
    const created = await createTask({ name: 'Find the package', category_code: 'T05' });
    const res = await h.api('GET', `/api/v1/tasks/${created.body.id}`, { as: 'technician' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created.body);
  });

  it('answers 404 for an unknown task and 400 for an id that is not a UUID', async () => {
    const unknown = randomUUID();
    const missing = await h.api('GET', `/api/v1/tasks/${unknown}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain(unknown);
    const garbled = await h.api('GET', '/api/v1/tasks/not-a-task');
    expect(garbled.status).toBe(400);
  });

  it('lists tasks newest first', async () => {
    const names = ['First of three', 'Second of three', 'Third of three'];
    for (const name of names) await createTask({ name, category_code: 'T04' });
    const res = await h.api('GET', '/api/v1/tasks?page_size=3');
    expect(res.status).toBe(200);
    expect(res.body.map((t: { name: string }) => t.name)).toEqual([...names].reverse());
  });

  it('filters by status, assignee and category, alone and together', async () => {
    await createTask({
      name: 'Blocked for the tech',
      category_code: 'T03',
      status_code: 'BLOCKED',
      assignee: users.technician,
    });
    await createTask({
      name: 'Blocked for the pharmacist',
      category_code: 'T02',
      status_code: 'BLOCKED',
      assignee: users.pharmacist,
    });
    const cases: [string, string, string[]][] = [
      ['status_code=BLOCKED', 'status_code = ?', ['BLOCKED']],
      [`assignee_id=${users.technician}`, 'assignee_id = ?', [users.technician]],
      ['category_code=T03', 'category_code = ?', ['T03']],
      [
        `status_code=BLOCKED&category_code=T02&assignee_id=${users.pharmacist}`,
        'status_code = ? AND category_code = ? AND assignee_id = ?',
        ['BLOCKED', 'T02', users.pharmacist],
      ],
    ];
    for (const [query, where, args] of cases) {
      const res = await h.api('GET', `/api/v1/tasks?${query}&page_size=200`, { as: 'technician' });
      expect(res.status).toBe(200);
      const expected = count(`SELECT count(*) AS n FROM tasks WHERE ${where}`, ...args);
      expect(expected).toBeGreaterThan(0);
      expect(res.headers.get('x-total-count')).toBe(String(expected));
      expect(res.body).toHaveLength(expected);
    }
    const blocked = await h.api('GET', '/api/v1/tasks?status_code=BLOCKED&page_size=200');
    expect(blocked.body.every((t: { status_code: string }) => t.status_code === 'BLOCKED')).toBe(true);
  });

  it('answers an empty page for an assignee with no tasks, and 400 for an unknown code', async () => {
    const none = await h.api('GET', `/api/v1/tasks?assignee_id=${randomUUID()}`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
    const unknownStatus = await h.api('GET', '/api/v1/tasks?status_code=ARCHIVED');
    expect(unknownStatus.status).toBe(400);
    expect(unknownStatus.body.message).toMatch(/ARCHIVED/);
    const unknownCategory = await h.api('GET', '/api/v1/tasks?category_code=T77');
    expect(unknownCategory.status).toBe(400);
    const badAssignee = await h.api('GET', '/api/v1/tasks?assignee_id=someone');
    expect(badAssignee.status).toBe(400);
  });

  it('answers the page headers and clamps page_size 500 to 200', async () => {
    const total = taskCount();
    const res = await h.api('GET', '/api/v1/tasks?page=2&page_size=3');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.headers.get('x-total-count')).toBe(String(total));
    expect(res.headers.get('x-page')).toBe('2');
    expect(res.headers.get('x-page-size')).toBe('3');
    expect(res.headers.get('x-total-pages')).toBe(String(Math.ceil(total / 3)));
    expect(res.headers.get('x-remaining-count')).toBe(String(total - 6));
    const clamped = await h.api('GET', '/api/v1/tasks?page_size=500');
    expect(clamped.headers.get('x-page-size')).toBe('200');
    expect(clamped.body).toHaveLength(Math.min(total, 200));
    const defaults = await h.api('GET', '/api/v1/tasks');
    expect(defaults.headers.get('x-page-size')).toBe('25');
  });
});

describe('updating a task', () => {
  const fresh = async () =>
    (
      await createTask({
        name: 'Verify the count',
        description: 'Lot 42',
        category_code: 'T03',
        assignee: users.technician,
        watchers: [{ id: users.admin }],
        order_id: links.orderId,
      })
    ).body;

  it('changes only the fields sent', async () => {
    const task = await fresh();
    const res = await h.api('PATCH', `/api/v1/tasks/${task.id}`, {
      body: { name: 'Verify the recount' },
      as: 'technician',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...task, name: 'Verify the recount', updated_at: res.body.updated_at });
  });

  it('clears the assignee, the description and a link with null, and replaces the watchers', async () => {
    const task = await fresh();
    const res = await h.api('PATCH', `/api/v1/tasks/${task.id}`, {
      body: {
        assignee: null,
        description: null,
        order_id: null,
        patient_id: links.patientId,
        watchers: [{ id: users.pharmacist }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      assignee: null,
      assignee_id: null,
      description: null,
      order_id: null,
      patient_id: links.patientId,
    });
    expect(res.body.watchers.map((w: { id: string }) => w.id)).toEqual([users.pharmacist]);
    const emptied = await h.api('PATCH', `/api/v1/tasks/${task.id}`, { body: { watchers: [], assignee: users.admin } });
    expect(emptied.body.watchers).toEqual([]);
    expect(emptied.body.assignee).toMatchObject({ id: users.admin, role: 'admin' });
  });

  it('lets a technician move a task through its statuses', async () => {
    const task = await fresh();
    const res = await h.api('PATCH', `/api/v1/tasks/${task.id}`, {
      body: { status_code: 'IN_PROGRESS' },
      as: 'technician',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status_code: 'IN_PROGRESS', status_name: 'In Progress', completed_at: null });
  });

  it('refuses an unknown status, assignee, watcher or link and changes nothing', async () => {
    const task = await fresh();
    const bodies: [Record<string, unknown>, number][] = [
      [{ name: 'Renamed', status_code: 'ARCHIVED' }, 400],
      [{ watchers: [], assignee: randomUUID() }, 404],
      [{ assignee: null, watchers: [{ id: randomUUID() }] }, 400],
      [{ watchers: [], prescription_id: randomUUID() }, 404],
      [{ name: 'Renamed', order_id: randomUUID() }, 404],
    ];
    for (const [body, status] of bodies) {
      const res = await h.api('PATCH', `/api/v1/tasks/${task.id}`, { body });
      expect(res.status, JSON.stringify(body)).toBe(status);
    }
    expect((await h.api('GET', `/api/v1/tasks/${task.id}`)).body).toEqual(task);
  });

  it('refuses wrong types, an empty update, the category and unknown keys with 400', async () => {
    const task = await fresh();
    const bodies = [
      {},
      { name: 7 },
      { status_code: 'done' },
      { watchers: 'all' },
      { category_code: 'T01' },
      { assignee: 'me' },
      { completed_at: null },
    ];
    for (const body of bodies) {
      const res = await h.api('PATCH', `/api/v1/tasks/${task.id}`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await h.api('GET', `/api/v1/tasks/${task.id}`)).body).toEqual(task);
  });

  it('answers 404 for an unknown task', async () => {
    const res = await h.api('PATCH', `/api/v1/tasks/${randomUUID()}`, { body: { name: 'Nothing' } });
    expect(res.status).toBe(404);
  });

  // Last in the file: it moves the service clock.
  it('sets completed_at when a task reaches a final status and clears it when the task is reopened', async () => {
    const task = await fresh();
    h.clock.advance(60_000);
    const done = await h.api('PATCH', `/api/v1/tasks/${task.id}`, { body: { status_code: 'DONE' }, as: 'technician' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status_code: 'DONE',
      completed_at: h.clock.now.toISOString(),
      updated_at: h.clock.now.toISOString(),
    });
    expect(done.body.created_at).toBe(task.created_at);
    const completedAt = done.body.completed_at;
    h.clock.advance(60_000);
    const renamed = await h.api('PATCH', `/api/v1/tasks/${task.id}`, {
      body: { name: 'Verified', status_code: 'DONE' },
    });
    expect(renamed.body.completed_at).toBe(completedAt);
    const reopened = await h.api('PATCH', `/api/v1/tasks/${task.id}`, { body: { status_code: 'IN_PROGRESS' } });
    expect(reopened.body).toMatchObject({ status_code: 'IN_PROGRESS', completed_at: null });
    const cancelled = await h.api('PATCH', `/api/v1/tasks/${task.id}`, { body: { status_code: 'CANCELLED' } });
    expect(cancelled.body).toMatchObject({
      status_code: 'CANCELLED',
      status_name: 'Cancelled',
      completed_at: h.clock.now.toISOString(),
    });
    const listed = await h.api('GET', '/api/v1/tasks?status_code=CANCELLED&page_size=200');
    expect(listed.body.map((t: { id: string }) => t.id)).toContain(task.id);
  });
});
