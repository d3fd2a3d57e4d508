// The training simulation over HTTP: steps move orders through the floor with history and tracked shipments, requests are settled,
// orders get stuck with a real reason, and a running simulation moves with the clock until it is paused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/service/orders.ts';
import type { Patient } from '../../../contract/service/patient-schemas.ts';
import { newOrder } from '../support/new-records.ts';
import { type Harness, startHarness } from './harness.ts';

const FORWARD = ['received', 'data_entry', 'picked', 'verified', 'shipped', 'delivered'];
const STUCK_REASONS = [
  'too early to fill',
  'missing active prescription after 24 h',
  'no refills left and prescription expired',
];
const DAY = 86_400_000;

let h: Harness;
let receiver: Server;
let receiverUrl = '';
const received: { event_code: string; data: Record<string, unknown> }[] = [];

beforeAll(async () => {
  h = await startHarness();
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      received.push(JSON.parse(text));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const reset = await h.api('POST', '/api/v1/training/reset', { body: { seed: 21, orders: 80 } });
  expect(reset.status).toBe(200);
  // The floor tests first, with nothing getting stuck in the way.
  expect((await h.api('PUT', '/api/v1/training/simulation', { body: { stuck_probability: 0 } })).status).toBe(200);
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await h.close();
});

async function allOrders(): Promise<Map<string, Order>> {
  const orders = new Map<string, Order>();
  for (let page = 1; ; page++) {
    const res = await h.api<Order[]>('GET', `/api/v1/orders?page_size=200&page=${page}`);
    for (const order of res.body) orders.set(order.id, order);
    if (res.body.length < 200) return orders;
  }
}

const step = async (minutes: number) => {
  const res = await h.api('POST', '/api/v1/training/simulation/step', { body: { minutes } });
  expect(res.status).toBe(200);
  return res.body;
};

async function createOrder(): Promise<Order> {
  const patient = (await h.api<Patient[]>('GET', '/api/v1/patients?page_size=1')).body[0]!;
  const res = await h.api<Order>('POST', '/api/v1/orders?force_new=true', {
    body: newOrder(patient.id, { sku: 'RX-0003' }, 30),
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('a step of the simulation', () => {
  it('advances the simulated clock by its minutes and says what moved', async () => {
    const before = (await h.api('GET', '/api/v1/training/simulation')).body;
    const { state, summary } = await step(90);
    expect(Date.parse(state.simulated_now) - Date.parse(before.simulated_now)).toBe(90 * 60_000);
    expect(state.steps).toBe(before.steps + 1);
    expect(summary.from).toBe(before.simulated_now);
    expect(summary.to).toBe(state.simulated_now);
    expect(summary.orders_moved).toBeGreaterThan(0);
    expect(summary.more_due).toBe(false);
  });

  it('moves orders forward through the floor, each move in the status history at a time within the step', async () => {
    const before = await allOrders();
    const { summary } = await step(240);
    const after = await allOrders();
    const moved = [...after.values()].filter((o) => before.has(o.id) && before.get(o.id)!.status !== o.status);
    expect(moved.length).toBeGreaterThan(3);
    for (const order of moved.slice(0, 8)) {
      const was = FORWARD.indexOf(before.get(order.id)!.status!);
      expect(FORWARD.indexOf(order.status!)).toBeGreaterThan(was);
      const history = (await h.api('GET', `/api/v1/orders/${order.id}/status_history`)).body;
      const last = history.at(-1);
      expect(last.status).toBe(order.status);
      expect(Date.parse(last.updated_at)).toBeGreaterThan(Date.parse(summary.from));
      expect(Date.parse(last.updated_at)).toBeLessThanOrEqual(Date.parse(summary.to));
      // Every status on the way is in the history, in order.
      const path = history.map((entry: { status: string }) => entry.status);
      expect(path.slice(path.indexOf(FORWARD[was]))).toEqual(FORWARD.slice(was, FORWARD.indexOf(order.status!) + 1));
    }
  });

  it('ships verified orders with a shipment whose tracking number and URL follow the carrier', async () => {
    const verified = [...(await allOrders()).values()].filter((o) => o.status === 'verified');
    expect(verified.length).toBeGreaterThan(0);
    await step(600);
    for (const { id } of verified) {
      const order = (await h.api('GET', `/api/v1/orders/${id}`)).body;
      expect(['shipped', 'delivered']).toContain(order.status);
      const shipment = order.shipments.at(-1);
      expect(['usps', 'ups']).toContain(shipment.carrier);
      expect(shipment.service_level).toMatch(/^(usps_ground_advantage|ups_ground|next_day)$/);
      if (shipment.carrier === 'ups') {
        expect(shipment.tracking_number).toMatch(/^1Z[0-9A-Z]{6}(03|01)\d{8}$/);
        expect(shipment.tracking_url).toBe(`https://www.ups.com/track?tracknum=${shipment.tracking_number}`);
      } else {
        expect(shipment.tracking_number).toMatch(/^(9400\d{18}|EA\d{9}US)$/);
        expect(shipment.tracking_url).toBe(
          `https://tools.usps.com/go/TrackConfirmAction?tLabels=${shipment.tracking_number}`,
        );
      }
    }
  });
});

describe('requests the simulation settles', () => {
  it('turns a replacement request into a replacement order linked both ways', async () => {
    const shipped = (await h.api('GET', '/api/v1/orders?status=shipped&page_size=1')).body[0];
    const asked = await h.api('PUT', `/api/v1/orders/${shipped.id}/request_replacement`, {
      as: 'technician',
      body: { reason: 'Package arrived damaged' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.replacement_request_status).toBe('pending');
    const { summary } = await step(300);
    expect(summary.replacements_approved).toBeGreaterThanOrEqual(1);

    const original = (await h.api('GET', `/api/v1/orders/${shipped.id}`)).body;
    expect(original.replacement_request_status).toBe('approved');
    expect(original.replacement_order_ids).toHaveLength(1);
    const replacement = (await h.api('GET', `/api/v1/orders/${original.replacement_order_ids[0]}`)).body;
    expect(replacement.is_replacement).toBe(true);
    expect(replacement.original_order_id).toBe(original.id);
    expect(replacement.replacement_reason).toBe('Package arrived damaged');
    expect(replacement.patient.id).toBe(original.patient.id);
    const skus = (order: Order) => order.products!.prescription!.map((p) => [p.sku, p.quantity]);
    expect(skus(replacement)).toEqual(skus(original));
    expect(FORWARD).toContain(replacement.status);
  });

  it('rejects a second replacement of an order that was already replaced', async () => {
    const replaced = (await h.api<Order[]>('GET', '/api/v1/orders?page_size=200')).body.find(
      (o) => o.replacement_request_status === 'approved',
    )!;
    await h.api('PUT', `/api/v1/orders/${replaced.id}/request_replacement`, { body: { reason: 'Lost again' } });
    await step(300);
    const after = (await h.api('GET', `/api/v1/orders/${replaced.id}`)).body;
    expect(after.replacement_request_status).toBe('rejected');
    expect(after.replacement_order_ids).toHaveLength(1);
    expect(after.replacement_rejected_reason).toMatch(/already replaced by order \d+/);
  });

  it('rejects a replacement reported more than 30 days after delivery', async () => {
    const now = Date.parse((await h.api('GET', '/api/v1/training/simulation')).body.simulated_now);
    let old: Order | undefined;
    for (const order of (await h.api('GET', '/api/v1/orders?status=delivered&page_size=200')).body) {
      const history = (await h.api('GET', `/api/v1/orders/${order.id}/status_history`)).body;
      const delivered = history.find((e: { status: string }) => e.status === 'delivered');
      if (order.replacement_request_status === null && now - Date.parse(delivered.updated_at) > 31 * DAY) {
        old = order;
        break;
      }
    }
    if (!old) throw new Error('the demo data has no order delivered more than 31 days ago');
    await h.api('PUT', `/api/v1/orders/${old.id}/request_replacement`, { body: { reason: 'Never arrived' } });
    await step(300);
    const after = (await h.api('GET', `/api/v1/orders/${old.id}`)).body;
    expect(after.replacement_request_status).toBe('rejected');
    expect(after.replacement_order_ids).toEqual([]);
    expect(after.replacement_rejected_reason).toContain('more than 30 days after delivery');
  });

  it('honours a cancellation request before the order moves on', async () => {
    const order = await createOrder();
    const asked = await h.api('PUT', `/api/v1/orders/${order.id}/request_cancellation`, {
      as: 'pharmacist',
      body: { comments: 'Patient moved abroad' },
    });
    expect(asked.status).toBe(200);
    await step(120);
    const after = (await h.api('GET', `/api/v1/orders/${order.id}`)).body;
    expect(after.status).toBe('cancelled');
  });
});

describe('stuck orders', () => {
  it('get stuck in data entry with a reason of the real service, hold there, and are announced as order.stuck', async () => {
    const hook = await h.api('POST', '/api/v1/notifications/webhooks', {
      body: { url: receiverUrl, event_codes: ['order.stuck', 'prescription.cancelled'] },
    });
    expect(hook.status).toBe(201);
    expect((await h.api('PUT', '/api/v1/training/simulation', { body: { stuck_probability: 1 } })).status).toBe(200);
    const order = await createOrder();
    const { summary } = await step(300);
    expect(summary.stuck).toBeGreaterThanOrEqual(1);

    const stuck = (await h.api('GET', `/api/v1/orders/${order.id}`)).body;
    expect(stuck.status).toBe('data_entry');
    // An order without a prescription is stuck for the missing one.
    expect(stuck.stuck_reason).toBe('missing active prescription after 24 h');
    expect(stuck.stuck_reason_code).toBe('missing_active_prescription');
    expect(Date.parse(stuck.stuck_at)).toBeLessThanOrEqual(Date.parse(summary.to));
    const others = [...(await allOrders()).values()].filter((o) => o.stuck_reason);
    for (const other of others) expect(STUCK_REASONS).toContain(other.stuck_reason);

    await step(120);
    expect((await h.api('GET', `/api/v1/orders/${order.id}`)).body.status).toBe('data_entry');

    for (let i = 0; i < 50 && !received.some((e) => e.data.id === order.id); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const event = received.find((e) => e.event_code === 'order.stuck' && e.data.id === order.id);
    expect(event?.data).toMatchObject({ order_number: stuck.order_number, stuck_reason: stuck.stuck_reason });
  });

  it('cancel the prescriptions of an order stuck for an expired prescription, announced as prescription.cancelled', async () => {
    const patient = (await h.api('GET', '/api/v1/patients?page_size=1')).body[0];
    const prescriber = (await h.api('GET', '/api/v1/prescribers?page_size=1')).body[0];
    const erx = await h.api('POST', '/api/v1/prescriptions/electronic_prescriptions', {
      body: {
        patient: { id: patient.id },
        prescriber: { npi: prescriber.npi },
        medication: {
          drug_name: 'Metformin',
          quantity: 60,
          sig: 'Take 1 twice daily',
          refills: 0,
          written_at: '2024-01-02',
          expires_at: '2025-01-02',
        },
      },
    });
    expect(erx.status).toBe(201);
    const prescriptionId = erx.body.prescriptions[0].id;
    const created = await h.api('POST', '/api/v1/orders?force_new=true', {
      body: {
        patient_id: patient.id,
        products: { prescription: [{ sku: 'RX-0003', quantity: 60 }] },
        electronic_prescription_ids: [erx.body.id],
      },
    });
    expect(created.status).toBe(201);
    await step(300);

    const order = (await h.api('GET', `/api/v1/orders/${created.body.id}`)).body;
    expect(order).toMatchObject({
      status: 'data_entry',
      stuck_reason: 'no refills left and prescription expired',
      stuck_reason_code: 'no_refills_prescription_expired',
    });
    expect((await h.api('GET', `/api/v1/prescriptions/${prescriptionId}`)).body.status).toBe('cancelled');
    for (let i = 0; i < 50 && !received.some((e) => e.data.id === prescriptionId); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const event = received.find((e) => e.event_code === 'prescription.cancelled' && e.data.id === prescriptionId);
    expect(event?.data).toMatchObject({ status: 'cancelled', order_id: order.id });
  });

  it('are settled after a while and move on without their stuck reason', async () => {
    expect((await h.api('PUT', '/api/v1/training/simulation', { body: { stuck_probability: 0 } })).status).toBe(200);
    const stuck = [...(await allOrders()).values()].filter((o) => o.stuck_reason);
    expect(stuck.length).toBeGreaterThan(0);
    const { summary } = await step(4 * 24 * 60);
    expect(summary.unstuck).toBeGreaterThanOrEqual(stuck.length);
    for (const { id, stuck_reason_code: code } of stuck) {
      const order = (await h.api('GET', `/api/v1/orders/${id}`)).body;
      expect(order.stuck_reason).toBeNull();
      // An expired prescription with no refills cannot be filled: that order is cancelled; the others continue.
      if (code === 'no_refills_prescription_expired') expect(order.status).toBe('cancelled');
      else expect(FORWARD.indexOf(order.status)).toBeGreaterThan(FORWARD.indexOf('data_entry'));
    }
  });
});

describe('a running simulation (moves the clock: last in the file)', () => {
  it('moves orders as the clock moves, at its speed', async () => {
    await createOrder();
    const running = await h.api('PUT', '/api/v1/training/simulation', { body: { running: true, speed: 3600 } });
    expect(running.body).toMatchObject({ running: true, speed: 3600, time_scale: 3600 });
    const before = await allOrders();
    // Three real seconds at 3600 are three simulated hours.
    h.clock.advance(3000);
    let changed = false;
    for (let i = 0; i < 40 && !changed; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      changed = [...(await allOrders()).values()].some((o) => before.get(o.id)?.status !== o.status);
    }
    expect(changed).toBe(true);
  });

  it('stops moving orders when paused, and its clock then keeps the wall clock pace', async () => {
    const paused = await h.api('PUT', '/api/v1/training/simulation', { body: { running: false } });
    expect(paused.body).toMatchObject({ running: false, time_scale: 1 });
    const before = JSON.stringify([...(await allOrders()).values()]);
    h.clock.advance(5000);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const after = (await h.api('GET', '/api/v1/training/simulation')).body;
    expect(Date.parse(after.simulated_now) - Date.parse(paused.body.simulated_now)).toBe(5000);
    expect(JSON.stringify([...(await allOrders()).values()])).toBe(before);
  });
});
