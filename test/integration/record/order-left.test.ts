// An order that leaves without the pharmacy, with two whole stations on one real nats-server and relay over one
// permissive service: the service's "shipped" or "delivered" reaches both stations through the relay (a signed delivery
// over HTTP, as the service sends it); an order the record holds unverified, or verified and then held, raises the
// pharmacist's alarm at both and the record keeps the fact; a verified order that is not held raises nothing.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/service/orders.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import type { DesktopNotification } from '../../../main/events/notify/port.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import type { PharmacyRecord } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import type { StationEventArgs } from '../station/harness.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from '../station/harness.ts';
import { type PermissiveService, startPermissiveService } from '../station/permissive-service.ts';
import type { DrivenOrder } from '../station/verify-driver.ts';
import { verifyDriver } from '../station/verify-driver.ts';
import { relaySeedIn, testPharmacy } from './enrolled-pharmacy.ts';

const SECRET = 'order-left-relay-secret-synthetic';
let nats: NatsServer;
let relay: Relay;
let relayUrl: string;
let service: PermissiveService;
let three: StationRig;
let five: StationRig;
let reader: PharmacyRecord;
const relayDir = mkdtempSync(join(tmpdir(), 'order-left-relay-'));
const readerDir = mkdtempSync(join(tmpdir(), 'order-left-reader-'));
const at3 = verifyDriver(() => three);
const at5 = verifyDriver(() => five);
const shown = { three: [] as DesktopNotification[], five: [] as DesktopNotification[] };
const used = new Set<string>();

const onRelay = (id: string, name: string) => ({
  eventsRelayServers: nats.url,
  eventsRelayStation: id,
  eventsRelayName: name,
});

/** The service's delivery of an order moved on, through the relay as the service would post it. */
async function serviceMoves(order: Order, eventCode: 'order.shipped' | 'order.delivered') {
  const status = eventCode === 'order.shipped' ? { code: 'S01', name: 'Shipped' } : { code: 'D01', name: 'Delivered' };
  const data = {
    id: order.id,
    url: `https://service.invalid/orders/${order.id}`,
    order_number: order.order_number,
    status_code: status.code,
    status_name: status.name,
  };
  const answer = await fetch(relayUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
    body: JSON.stringify({ event_code: eventCode, data }),
  });
  expect(answer.status).toBeLessThan(300);
}

/** Both stations heard the service's event of the order (their own listeners ran on it). */
async function bothHeard(order: Order, eventCode: string) {
  const heard = (...[event, payload]: StationEventArgs) =>
    event === 'order.event' && payload.eventCode === eventCode && payload.subjectId === order.id;
  await three.waitForEvent(heard, 15_000, 0);
  await five.waitForEvent(heard, 15_000, 0);
}

const alarmsOf = (list: DesktopNotification[], order: Order) => list.filter((n) => n.orderId === order.id);

/** An open order, not controlled, each prescription line named by a prescription of the order. */
async function freshOrder(): Promise<{ order: DrivenOrder; prescriptionId: string }> {
  for (const order of await at3.orders('received,data_entry')) {
    if (used.has(order.id) || at3.controlled(order)) continue;
    const prescriptions = await at3.prescriptionsOf(order);
    const lines = order.products?.prescription ?? [];
    const named = lines.every((l) => prescriptions.some((p) => p.prescription_product_id === l.id));
    if (!named || prescriptions.length === 0) continue;
    used.add(order.id);
    return { order, prescriptionId: prescriptions[0]!.id };
  }
  throw new Error('the demo data has no such order left');
}

const pharmacyKey = testPharmacy();

beforeAll(async () => {
  nats = await startNatsServer();
  writeFileSync(join(relayDir, 'webhook-signing-secret'), SECRET, { mode: 0o600 });
  // The relay signs the service's events with its own key, which IT enrols as the pharmacy's relay.
  const relayKey = relaySeedIn(relayDir);
  relay = createRelay({
    port: 0,
    stateDir: relayDir,
    nats: { servers: [nats.url], seedFile: relayKey.seedFile },
    service: null,
    log: () => {},
  });
  relayUrl = (await relay.start()).url;
  service = await startPermissiveService(30);
  const training = { startTraining: async () => ({ url: service.url, stop: async () => {} }) };
  const showing = (list: DesktopNotification[]) => ({ show: (n: DesktopNotification) => void list.push(n) });
  three = await startStationRig(
    { ...training, policy: pharmacyKey.policy(), notifications: showing(shown.three) },
    { settings: onRelay('station-3', 'Station 3'), techCheckTech: 'allowed' },
  );
  five = await startStationRig(
    { ...training, policy: pharmacyKey.policy(), notifications: showing(shown.five) },
    { settings: onRelay('station-5', 'Station 5'), techCheckTech: 'allowed' },
  );
  await at3.value('session:signIn', { email: ADMIN, password: PASSWORD });
  await at3.value('settings:update', {
    pharmacyName: 'Maple Street',
    pharmacyAddress: '120 Maple St',
    pharmacyPhone: '555-0100',
  });
  await at3.value('session:signOut');
  await at3.value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  await at5.value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  reader = createNatsRecord({
    view: RecordView.inFolder(readerDir),
    stationName: 'Reader',
    key: stationKeyFromSeed(newStationSeed()),
    connect: () => connect({ servers: nats.url, maxReconnectAttempts: -1, waitOnFirstConnect: true }),
  });
  // Signed in: IT reads each station's enrolment code off its screen and enrols it.
  await pharmacyKey.enrol(nats.url, [three, five], [relayKey.publicKey]);
}, 90_000);
afterAll(async () => {
  await reader?.close();
  await three?.close();
  await five?.close();
  await service?.close();
  await relay?.stop();
  await nats?.stop();
  rmSync(relayDir, { recursive: true, force: true });
  rmSync(readerDir, { recursive: true, force: true });
});

describe('an order that leaves without the pharmacy', () => {
  it('shipped while no station verified it: both stations alarm the pharmacist, and the record keeps it', async () => {
    const { order } = await freshOrder();
    await serviceMoves(order, 'order.shipped');
    await expect.poll(() => alarmsOf(shown.three, order).length).toBe(1);
    await expect.poll(() => alarmsOf(shown.five, order).length).toBe(1);
    const [alarm] = alarmsOf(shown.five, order);
    expect(alarm).toMatchObject({ title: 'Order left unverified' });
    expect(alarm?.body).toContain(`Order ${order.order_number} was marked shipped at the service`);
    await expect
      .poll(() => reader.factsOf('order_left_unverified').filter((f) => f.order_id === order.id).length)
      .toBeGreaterThan(0);
    const facts = reader.factsOf('order_left_unverified').filter((f) => f.order_id === order.id);
    expect(facts.every((f) => f.status === 'shipped' && f.reason === 'unverified')).toBe(true);
  });

  it('verified at station 3 and not held: shipping it raises nothing; held afterwards, its delivery alarms both', async () => {
    const { order, prescriptionId } = await freshOrder();
    await at5.review(order, 'reviewed');
    await expect.poll(async () => (await at3.invoke('verify:start', { orderId: order.id })).ok).toBe(true);
    expect((await at3.scanAll(order)).run.recorded?.outcome).toBe('verified');
    const label = { document: { kind: 'prescription_label' as const, orderId: order.id, prescriptionId } };
    const { ticket } = await at3.value('print:prepare', label);
    if (!ticket) throw new Error('main gave no ticket for a verified label');
    await at3.value('print:document', { ticket, output: 'print' });
    // Station 5 has read station 3's verification and label before the service moves the order.
    await expect.poll(() => reader.factsOf('label_printed').some((f) => f.order_id === order.id)).toBe(true);
    await expect.poll(async () => (await at5.invoke('verify:start', { orderId: order.id })).ok).toBe(false);
    await serviceMoves(order, 'order.shipped');
    await bothHeard(order, 'order.shipped');
    expect(alarmsOf(shown.three, order)).toEqual([]);
    expect(alarmsOf(shown.five, order)).toEqual([]);
    // A pharmacist holds the prescription after the label went out; then the service delivers the order.
    const body = { name: 'Needs clarification: dose', description: 'Ask the prescriber', category_code: 'T02' };
    const task = await at5.value('tasks:enqueue', {
      kind: 'create',
      body: { ...body, prescription_id: prescriptionId },
    });
    await at5.review(order, 'needs_clarification', task.id);
    await expect.poll(async () => (await at3.invoke('print:prepare', label)).ok).toBe(false);
    await serviceMoves(order, 'order.delivered');
    await expect.poll(() => alarmsOf(shown.three, order).map((n) => n.title)).toEqual(['Order left on hold']);
    await expect.poll(() => alarmsOf(shown.five, order).map((n) => n.title)).toEqual(['Order left on hold']);
    await expect
      .poll(() => reader.factsOf('order_left_unverified').filter((f) => f.order_id === order.id))
      .toContainEqual(
        expect.objectContaining({ status: 'delivered', reason: 'on_hold', held_prescription: prescriptionId }),
      );
  });
});
