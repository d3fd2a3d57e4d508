// The training controls over HTTP: reading and setting the simulation, stepping it, and resetting the demo data — their bounds,
// their roles, and a reset that rebuilds the same pharmacy from the same seed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/service/orders.ts';
import type { Patient } from '../../../contract/service/patient-schemas.ts';
import { type Harness, type Role, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const SIMULATION = '/api/v1/training/simulation';
const STEP = '/api/v1/training/simulation/step';
const RESET = '/api/v1/training/reset';

/**
 * What a reset built: every order's id, number, status and patient, and every patient's name, in order. Dates are
 * left out: the demo data is built relative to the (simulated) now, so birthdays move with the clock.
 */
async function snapshot() {
  const orders = (await h.api<Order[]>('GET', '/api/v1/orders?page_size=200')).body.map((o) => [
    o.id,
    o.order_number,
    o.status,
    `${o.patient?.first_name} ${o.patient?.last_name}`,
  ]);
  const patients = (await h.api<Patient[]>('GET', '/api/v1/patients?page_size=200')).body.map(
    (p) => `${p.first_name} ${p.last_name}`,
  );
  return { orders, patients };
}

describe('the simulation state', () => {
  it('is paused by default and readable by every role', async () => {
    for (const as of ['admin', 'pharmacist', 'technician'] as Role[]) {
      const res = await h.api('GET', SIMULATION, { as });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ running: false, speed: 60, time_scale: 1, lead_seconds: 0 });
      expect(Date.parse(res.body.simulated_now)).toBe(h.clock.now.getTime());
    }
  });

  it('takes a new speed, odds and seed from an admin and keeps them', async () => {
    const res = await h.api('PUT', SIMULATION, { body: { speed: 600, stuck_probability: 0.25, seed: 42 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ running: false, speed: 600, stuck_probability: 0.25, seed: 42 });
    expect((await h.api('GET', SIMULATION)).body).toMatchObject({ speed: 600, stuck_probability: 0.25, seed: 42 });
    expect((await h.api('PUT', SIMULATION, { body: {} })).body.speed).toBe(600);
  });

  it.each([
    ['a speed of 0', { speed: 0 }],
    ['a speed below real time', { speed: 0.5 }],
    ['a speed above an hour a second', { speed: 3601 }],
    ['a speed as text', { speed: '60' }],
    ['a null speed', { speed: null }],
    ['running as text', { running: 'yes' }],
    ['a negative stuck probability', { stuck_probability: -0.1 }],
    ['a stuck probability above 1', { stuck_probability: 1.5 }],
    ['a negative seed', { seed: -1 }],
    ['a fractional seed', { seed: 1.5 }],
    ['a seed beyond 31 bits', { seed: 2 ** 31 }],
    ['an unknown field', { speed: 60, turbo: true }],
    ['an array', [{ speed: 60 }]],
  ])('refuses %s with a 400 and changes nothing', async (_label, body) => {
    const before = (await h.api('GET', SIMULATION)).body;
    const res = await h.api('PUT', SIMULATION, { body });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect((await h.api('GET', SIMULATION)).body).toEqual(before);
  });

  it('refuses a PUT with no body', async () => {
    expect((await h.api('PUT', SIMULATION)).status).toBe(400);
  });

  it.each(['pharmacist', 'technician'] as Role[])('is run and paused by admins only (%s: 403)', async (as) => {
    const res = await h.api('PUT', SIMULATION, { as, body: { running: true } });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('admin');
    expect((await h.api('GET', SIMULATION)).body.running).toBe(false);
  });

  it('refuses query parameters it does not know', async () => {
    expect((await h.api('GET', `${SIMULATION}?speed=5`)).status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await h.api('GET', SIMULATION, { as: null })).status).toBe(401);
  });
});

describe('a step', () => {
  it('is one simulated hour when no minutes are given, and moves the service clock with it', async () => {
    const before = (await h.api('GET', SIMULATION)).body;
    const res = await h.api('POST', STEP);
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.state.simulated_now) - Date.parse(before.simulated_now)).toBe(3_600_000);
    expect(res.body.state.lead_seconds).toBe(before.lead_seconds + 3600);
    // The service answers on the simulated clock: a new order is stamped an hour ahead of the wall clock.
    const patient = (
      await h.api('POST', '/api/v1/patients', {
        body: { first_name: 'Avery', last_name: 'Example', date_of_birth: '1980-04-05' },
      })
    ).body;
    expect(patient.created_at).toBe(res.body.state.simulated_now);
  });

  it.each([
    ['zero minutes', { minutes: 0 }],
    ['negative minutes', { minutes: -5 }],
    ['more than a week', { minutes: 7 * 24 * 60 + 1 }],
    ['a fraction of a minute', { minutes: 1.5 }],
    ['minutes as text', { minutes: '60' }],
    ['an unknown field', { minutes: 5, hours: 1 }],
  ])('refuses %s with a 400 and leaves the clock alone', async (_label, body) => {
    const before = (await h.api('GET', SIMULATION)).body;
    const res = await h.api('POST', STEP, { body });
    expect(res.status).toBe(400);
    expect((await h.api('GET', SIMULATION)).body).toEqual(before);
  });

  it.each(['pharmacist', 'technician'] as Role[])('is for admins only (%s: 403)', async (as) => {
    expect((await h.api('POST', STEP, { as, body: { minutes: 5 } })).status).toBe(403);
  });
});

describe('a reset', () => {
  it('rebuilds the same orders, numbers and names from the same seed', async () => {
    const first = await h.api('POST', RESET, { body: { seed: 7, orders: 30 } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ seed: 7, orders: 30 });
    expect(first.body.tables_wiped).toEqual(expect.arrayContaining(['orders', 'patients', 'counters']));
    expect(first.body.tables_wiped).not.toContain('users');
    const built = await snapshot();
    expect(built.orders).toHaveLength(30);
    expect(built.orders.map((o) => o[1]).sort()[0]).toBe('1000001');

    await h.api('POST', STEP, { body: { minutes: 600 } });
    await h.api('POST', RESET, { body: { seed: 7, orders: 30 } });
    expect(await snapshot()).toEqual(built);

    await h.api('POST', RESET, { body: { seed: 8, orders: 30 } });
    expect((await snapshot()).patients).not.toEqual(built.patients);
  });

  it('keeps the users, their sessions, badges and the webhook subscriptions, and wipes everything else', async () => {
    const me = (await h.api('GET', '/api/v1/auth/verify', { as: 'technician' })).body.user;
    const badge = await h.api('POST', `/api/v1/barcodes/user/${me.id}`, { body: {} });
    expect(badge.status).toBe(201);
    const hook = await h.api('POST', '/api/v1/notifications/webhooks', {
      body: { url: 'http://127.0.0.1:9/reset-test', event_codes: ['all'] },
    });
    expect(hook.status).toBe(201);
    const order = (await h.api('GET', '/api/v1/orders?page_size=1')).body[0];
    const res = await h.api('POST', RESET, { body: { seed: 9, orders: 12 } });
    expect(res.status).toBe(200);
    expect((await h.api('GET', `/api/v1/orders/${order.id}`, { as: 'technician' })).status).toBe(404);
    expect((await h.api('GET', '/api/v1/orders?page_size=1')).headers.get('x-total-count')).toBe('12');
    const hooks = (await h.api('GET', '/api/v1/notifications/webhooks')).body;
    expect(hooks.map((w: { url: string }) => w.url)).toContain('http://127.0.0.1:9/reset-test');
    const verified = await h.api('POST', '/api/v1/barcodes/verify', {
      as: 'technician',
      body: { barcode_value: badge.body.value },
    });
    expect(verified.status).toBe(200);
  });

  it('leaves the search finding the rebuilt records and none of the wiped ones', async () => {
    const made = await h.api('POST', '/api/v1/patients', {
      body: { first_name: 'Zephyrine', last_name: 'Resetworth', date_of_birth: '1971-02-03' },
    });
    expect(made.status).toBe(201);
    expect((await h.api('GET', '/api/v1/search?q=Resetworth')).body.results.length).toBeGreaterThan(0);
    await h.api('POST', RESET, { body: { seed: 9, orders: 12 } });
    expect((await h.api('GET', '/api/v1/search?q=Resetworth')).body.results).toEqual([]);
    const patient = (await h.api('GET', '/api/v1/patients?page_size=1')).body[0];
    const found = (await h.api('GET', `/api/v1/search?q=${encodeURIComponent(patient.last_name)}`)).body.results;
    expect(found.map((r: { id: string }) => r.id)).toContain(patient.id);
  });

  it('restarts the simulation from the reset: step count, seed and waits', async () => {
    await h.api('POST', STEP, { body: { minutes: 30 } });
    const res = await h.api('POST', RESET, { body: { seed: 11, orders: 10 } });
    const state = (await h.api('GET', SIMULATION)).body;
    expect(state).toMatchObject({ steps: 0, seed: 11, started_at: res.body.reset_at });
  });

  it('sticks the same orders for the same reasons when the same seed is stepped the same way', async () => {
    const stuckAfterReset = async () => {
      await h.api('POST', RESET, { body: { seed: 5, orders: 60 } });
      await h.api('PUT', SIMULATION, { body: { stuck_probability: 0.5 } });
      await h.api('POST', STEP, { body: { minutes: 600 } });
      return (await h.api<Order[]>('GET', '/api/v1/orders?page_size=200')).body
        .filter((o) => o.stuck_reason)
        .map((o) => [o.order_number, o.stuck_reason]);
    };
    const first = await stuckAfterReset();
    expect(first.length).toBeGreaterThan(0);
    expect(await stuckAfterReset()).toEqual(first);
  });

  it.each([
    ['more orders than the API builds', { orders: 5001 }],
    ['negative orders', { orders: -1 }],
    ['fractional orders', { orders: 1.5 }],
    ['a negative seed', { seed: -1 }],
    ['a seed as text', { seed: '7' }],
    ['an unknown field', { seed: 7, wipe_users: true }],
  ])('refuses %s with a 400 and keeps the data', async (_label, body) => {
    const before = await snapshot();
    const res = await h.api('POST', RESET, { body });
    expect(res.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it.each(['pharmacist', 'technician'] as Role[])('refuses a %s with a 403 and keeps the data', async (as) => {
    const before = await snapshot();
    const res = await h.api('POST', RESET, { as, body: { seed: 3, orders: 5 } });
    expect(res.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
