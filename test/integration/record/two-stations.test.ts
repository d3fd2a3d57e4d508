// Two whole stations of one pharmacy on one real nats-server and relay, over one training service: a hold given at
// one stops the label and the verification at the other; an OK given at one counts at the other, until the patient
// gets a new allergy; an order verified at one is refused at the other; a claim left by a station that stopped frees
// the order two minutes after its last heartbeat.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_LIVES_MS } from '../../../contract/pharmacy-record.ts';
import type { Order } from '../../../contract/service/orders.ts';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { createNatsRecord } from '../../../main/events/record/nats-record.ts';
import type { PharmacyRecord } from '../../../main/events/record/record.ts';
import { RecordView } from '../../../main/events/record/record-view.ts';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from '../station/harness.ts';
import { type PermissiveService, startPermissiveService } from '../station/permissive-service.ts';
import type { DrivenOrder } from '../station/verify-driver.ts';
import { verifyDriver } from '../station/verify-driver.ts';
import { testPharmacy } from './enrolled-pharmacy.ts';

let nats: NatsServer;
let relay: Relay;
let service: PermissiveService;
let three: StationRig;
let five: StationRig;
const relayDir = mkdtempSync(join(tmpdir(), 'record-relay-'));
/** Station 5's clock: the real one, moved on when a test needs two minutes to pass. */
const fiveClock = { ahead: 0 };
const at3 = verifyDriver(() => three);
const at5 = verifyDriver(() => five);
const used = new Set<string>();
const pharmacyKey = testPharmacy();

function onRelay(id: string, name: string) {
  return { eventsRelayServers: nats.url, eventsRelayStation: id, eventsRelayName: name };
}

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

/** A third reader of the pharmacy's record (as an inspector's tool would read it), closed after the tests. */
async function recordReader(): Promise<PharmacyRecord> {
  const dir = mkdtempSync(join(tmpdir(), 'record-reader-'));
  readerDirs.push(dir);
  const reader = createNatsRecord({
    view: RecordView.inFolder(dir),
    stationName: 'Reader',
    key: stationKeyFromSeed(newStationSeed()),
    connect: () => connect({ servers: nats.url, maxReconnectAttempts: -1, waitOnFirstConnect: true }),
  });
  readers.push(reader);
  return reader;
}
const readers: PharmacyRecord[] = [];
const readerDirs: string[] = [];

const labelOf = (order: Order, prescriptionId: string) => ({
  document: { kind: 'prescription_label' as const, orderId: order.id, prescriptionId },
});

beforeAll(async () => {
  nats = await startNatsServer();
  relay = createRelay({ port: 0, stateDir: relayDir, nats: { servers: [nats.url] }, service: null, log: () => {} });
  await relay.start();
  service = await startPermissiveService(30);
  const training = { startTraining: async () => ({ url: service.url, stop: async () => {} }) };
  three = await startStationRig(
    { ...training, policy: pharmacyKey.policy() },
    { settings: onRelay('station-3', 'Station 3'), techCheckTech: 'allowed' },
  );
  five = await startStationRig(
    { ...training, policy: pharmacyKey.policy(), now: () => Date.now() + fiveClock.ahead },
    { settings: onRelay('station-5', 'Station 5'), techCheckTech: 'allowed' },
  );
  // Station 3's labels name the pharmacy; without it a label is refused for that reason before any other.
  await at3.value('session:signIn', { email: ADMIN, password: PASSWORD });
  const pharmacy = { pharmacyName: 'Maple Street', pharmacyAddress: '120 Maple St', pharmacyPhone: '555-0100' };
  await at3.value('settings:update', pharmacy);
  await at3.value('session:signOut');
  await at3.value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  await at5.value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  // Signed in: IT reads each station's enrolment code off its screen and enrols it.
  await pharmacyKey.enrol(nats.url, [three, five]);
}, 90_000);
afterAll(async () => {
  for (const reader of readers) await reader.close();
  for (const dir of readerDirs) rmSync(dir, { recursive: true, force: true });
  await three?.close();
  await five?.close();
  await service?.close();
  await relay?.stop();
  await nats?.stop();
  rmSync(relayDir, { recursive: true, force: true });
});

describe('two stations obey one pharmacy record', () => {
  it('an OK given at station 5 counts at station 3; a hold given after it at station 5 stops the label and the run at 3', async () => {
    const { order, prescriptionId } = await freshOrder();
    expect((await at3.refusal('verify:start', { orderId: order.id })).message).toMatch(/Not reviewed/);
    await at5.review(order, 'reviewed');
    await expect.poll(async () => (await at3.invoke('verify:start', { orderId: order.id })).ok).toBe(true);
    await at3.value('verify:dropRun', { orderId: order.id });
    const body = { name: 'Needs clarification: dose', description: 'Ask the prescriber', category_code: 'T02' };
    const task = await at5.value('tasks:enqueue', {
      kind: 'create',
      body: { ...body, prescription_id: prescriptionId },
    });
    await at5.review(order, 'needs_clarification', task.id);
    await expect.poll(async () => (await at3.invoke('print:prepare', labelOf(order, prescriptionId))).ok).toBe(false);
    const refused = await at3.refusal('print:prepare', labelOf(order, prescriptionId));
    expect(refused.message).toMatch(/No label yet: Held: .* is marked Needs clarification by .* at Station 5/);
    expect((await at3.refusal('verify:start', { orderId: order.id })).message).toMatch(/at Station 5/);
    // Station 3's work queue shows the hold given at station 5.
    const queue = await at3.value('workQueue:get');
    expect(queue.holds.map((row) => row.prescriptionId)).toContain(prescriptionId);
  });

  it('an OK given before the patient got a new allergy no longer counts at either station', async () => {
    const { order } = await freshOrder();
    await at5.review(order, 'reviewed');
    await expect.poll(async () => (await at3.invoke('verify:start', { orderId: order.id })).ok).toBe(true);
    await at3.value('verify:dropRun', { orderId: order.id });
    // The order names its patient by `patient_id` (not in the contract's shape: read as it came) or in `patient`.
    const patientId = typeof order.patient_id === 'string' ? order.patient_id : order.patient!.id;
    await at3.value('patients:createRiskFactor', {
      params: { patient_id: patientId },
      body: { type: 'allergy', name: `Sulfa ${order.id.slice(0, 6)}` },
    });
    for (const at of [at3, at5]) {
      expect((await at.refusal('verify:start', { orderId: order.id })).message).toMatch(/Changed since review/);
    }
  });

  it('an order verified at station 3 is refused at station 5, whose own count is not recorded; 3’s label is in the record', async () => {
    const { order, prescriptionId } = await freshOrder();
    await at5.review(order, 'reviewed');
    await expect.poll(async () => (await at5.invoke('verify:start', { orderId: order.id })).ok).toBe(true);
    await expect.poll(async () => (await at3.invoke('verify:start', { orderId: order.id })).ok).toBe(true);
    const first = await at3.scanAll(order);
    expect(first.run.recorded?.outcome).toBe('verified');
    await expect
      .poll(async () => {
        const second = await at5.scanAll(order);
        return second.said?.text ?? '';
      })
      .toMatch(/Counted, but not recorded: Already verified at Station 3/);
    expect((await at5.refusal('verify:start', { orderId: order.id })).message).toMatch(/Already verified at Station 3/);
    // The label printed at station 3 is in the record for anyone who reads it, with the hash of what printed.
    const { ticket } = await at3.value('print:prepare', labelOf(order, prescriptionId));
    if (!ticket) throw new Error('main gave no ticket for a verified label');
    const printed = await at3.value('print:document', { ticket, output: 'print' });
    const reader = await recordReader();
    await expect
      .poll(() => reader.factsOf('label_printed').filter((f) => f.order_id === order.id))
      .toEqual([
        expect.objectContaining({ prescription_id: prescriptionId, content_hash: printed.contentHash, copy: 1 }),
      ]);
    expect(reader.verificationOf(order.id)?.station.name).toBe('Station 3');
  });

  it('a claim left by a station that stopped frees the order two minutes after its last heartbeat', async () => {
    const { order } = await freshOrder();
    expect(await at3.value('pharmacy:claim', { orderId: order.id })).toMatchObject({ ok: true, shared: true });
    await expect.poll(async () => (await at5.value('pharmacy:claim', { orderId: order.id })).ok).toBe(false);
    const held = await at5.value('pharmacy:claim', { orderId: order.id });
    expect(held.ok ? null : held.heldBy.station).toBe('Station 3');
    await three.stop();
    fiveClock.ahead = CLAIM_LIVES_MS + 1000;
    expect(await at5.value('pharmacy:claim', { orderId: order.id })).toMatchObject({ ok: true });
    // Counted at station 5 and recorded: the relay's older share of 3's claim (it holds 2 hours) does not hold it.
    await at5.review(order, 'reviewed');
    await expect.poll(async () => (await at5.invoke('verify:start', { orderId: order.id })).ok).toBe(true);
    expect((await at5.scanAll(order)).run.recorded?.outcome).toBe('verified');
    fiveClock.ahead = 0;
    await three.restart();
  });

  it('says the record is unreachable, and since when, when nats-server dies; a hold given meanwhile reaches the other station once it is back', async () => {
    const { order, prescriptionId } = await freshOrder();
    const recordOf = async (at: typeof at3) => (await at.value('connectivity:state')).events.record;
    await expect.poll(() => recordOf(at3)).toMatchObject({ state: 'reachable' });
    await nats.kill();
    await expect.poll(() => recordOf(at3)).toMatchObject({ state: 'unreachable', since: expect.any(String) });
    await expect.poll(() => recordOf(at5)).toMatchObject({ state: 'unreachable' });
    const body = { name: 'Exception: dose', description: 'Ask the prescriber', category_code: 'T02' };
    const task = await at5.value('tasks:enqueue', {
      kind: 'create',
      body: { ...body, prescription_id: prescriptionId },
    });
    await at5.review(order, 'exception', task.id);
    expect((await recordOf(at5))?.pending).toBeGreaterThan(0);
    await nats.restart();
    await expect.poll(() => recordOf(at5)).toMatchObject({ state: 'reachable', pending: 0 });
    await expect
      .poll(async () => (await at3.refusal('verify:start', { orderId: order.id })).message)
      .toMatch(/marked Exception by .* at Station 5/);
  });
});
