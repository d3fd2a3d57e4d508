// A verification made during a hold elsewhere, with two whole stations on one real nats-server (killed and started
// again) and relay over one permissive service: while the record cannot be reached, station 5's pharmacist holds a
// prescription and station 3, which saw only the earlier OK, verifies its order; on return the record keeps the
// conflict and both stations alarm the pharmacist, once each; also when station 3 restarted before the record returned
// (the verification's `record_away` is in its signed fact in record.db, not in memory).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopNotification } from '../../../main/events/notify/port.ts';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from '../station/harness.ts';
import { type PermissiveService, startPermissiveService } from '../station/permissive-service.ts';
import type { DrivenOrder } from '../station/verify-driver.ts';
import { verifyDriver } from '../station/verify-driver.ts';
import { testPharmacy } from './enrolled-pharmacy.ts';

let nats: NatsServer;
let relay: Relay;
let service: PermissiveService;
let three: StationRig;
let five: StationRig;
const relayDir = mkdtempSync(join(tmpdir(), 'hold-return-relay-'));
const at3 = verifyDriver(() => three);
const at5 = verifyDriver(() => five);
const shown = { three: [] as DesktopNotification[], five: [] as DesktopNotification[] };

const onRelay = (id: string, name: string) => ({
  eventsRelayServers: nats.url,
  eventsRelayStation: id,
  eventsRelayName: name,
});
const recordState = async (calls: typeof at3) => (await calls.value('connectivity:state')).events.record?.state;

const pharmacyKey = testPharmacy();

beforeAll(async () => {
  nats = await startNatsServer();
  relay = createRelay({ port: 0, stateDir: relayDir, nats: { servers: [nats.url] }, service: null, log: () => {} });
  await relay.start();
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
  await at3.value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  await at5.value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  // Signed in: IT reads each station's enrolment code off its screen and enrols it.
  await pharmacyKey.enrol(nats.url, [three, five]);
}, 90_000);
afterAll(async () => {
  await three?.close();
  await five?.close();
  await service?.close();
  await relay?.stop();
  await nats?.stop();
  rmSync(relayDir, { recursive: true, force: true });
});

const used = new Set<string>();
/** An order station 3 can verify whole (not controlled, every line's prescription known), not used before. */
async function anOrder(): Promise<{ order: DrivenOrder; prescriptionId: string }> {
  for (const order of await at3.orders('received,data_entry')) {
    if (used.has(order.id) || at3.controlled(order)) continue;
    const prescriptions = await at3.prescriptionsOf(order);
    const lines = order.products?.prescription ?? [];
    if (prescriptions.length === 0) continue;
    if (!lines.every((l) => prescriptions.some((p) => p.prescription_product_id === l.id))) continue;
    used.add(order.id);
    return { order, prescriptionId: prescriptions[0]!.id };
  }
  throw new Error('the demo data has no such order');
}

/** Station 5's pharmacist holds the prescription while the record cannot be reached; station 3 cannot know it. */
async function holdAt5(order: DrivenOrder, prescriptionId: string) {
  const body = { name: 'Needs clarification: dose', description: 'Ask the prescriber', category_code: 'T02' };
  const task = await at5.value('tasks:enqueue', { kind: 'create', body: { ...body, prescription_id: prescriptionId } });
  await at5.review(order, 'needs_clarification', task.id);
}

const held = (list: DesktopNotification[], orderId: string) =>
  list.filter((n) => n.orderId === orderId && n.title === 'Order verified during a hold');

describe('a verification made during a hold elsewhere', () => {
  it('is found on return: the record keeps the conflict and both stations alarm the pharmacist once', async () => {
    const { order, prescriptionId } = await anOrder();
    await at5.review(order, 'reviewed');
    await expect.poll(async () => (await at3.invoke('verify:start', { orderId: order.id })).ok).toBe(true);
    await nats.kill();
    await expect.poll(() => recordState(at3)).toBe('unreachable');
    await expect.poll(() => recordState(at5)).toBe('unreachable');
    await holdAt5(order, prescriptionId);
    expect((await at3.scanAll(order)).run.recorded?.outcome).toBe('verified');
    expect(shown.three).toEqual([]);
    await nats.restart();
    // Station 3 reads station 5's hold once its reader of the record starts over on the reconnection.
    await expect.poll(() => held(shown.three, order.id).length).toBe(1);
    await expect.poll(() => held(shown.five, order.id).length).toBe(1);
    expect(held(shown.five, order.id)[0]?.body).toMatch(/verified at Station 3 .* during a hold given at Station 5/);
    // Station 5 wrote nothing of it: its alarm comes from the fact station 3 put into the record. Once each.
    await expect.poll(() => held(shown.three, order.id).length + held(shown.five, order.id).length).toBe(2);
  }, 240_000);

  it('is found on return though station 3 was restarted before the record came back', async () => {
    const { order, prescriptionId } = await anOrder();
    await at5.review(order, 'reviewed');
    await expect.poll(async () => (await at3.invoke('verify:start', { orderId: order.id })).ok).toBe(true);
    await nats.kill();
    await expect.poll(() => recordState(at3)).toBe('unreachable');
    await expect.poll(() => recordState(at5)).toBe('unreachable');
    await holdAt5(order, prescriptionId);
    expect((await at3.scanAll(order)).run.recorded?.outcome).toBe('verified');
    // The station closes and starts again on the same data folder while the record is still away.
    await three.stop();
    await three.restart();
    await expect.poll(() => recordState(at3)).toBe('unreachable');
    expect(held(shown.three, order.id)).toEqual([]);
    await nats.restart();
    await expect.poll(() => held(shown.three, order.id).length).toBe(1);
    await expect.poll(() => held(shown.five, order.id).length).toBe(1);
    expect(held(shown.five, order.id)[0]?.body).toMatch(/verified at Station 3 .* during a hold given at Station 5/);
  }, 240_000);
});
