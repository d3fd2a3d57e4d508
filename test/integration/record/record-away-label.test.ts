// A label printed while the pharmacy's record cannot be reached, on a whole station over a real nats-server (killed and
// started again) and the training service: a label its own verification allows needs a pharmacist's confirmation at the
// station while the record is away, prints with one, and needs none again once the record is back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentKeyOf } from '../../../contract/documents.ts';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from '../station/harness.ts';
import { verifyDriver } from '../station/verify-driver.ts';

const PHARMACIST = 'pharmacist@training.local';
let nats: NatsServer;
let relay: Relay;
let three: StationRig;
const relayDir = mkdtempSync(join(tmpdir(), 'away-label-relay-'));
const at3 = verifyDriver(() => three);
let label: { kind: 'prescription_label'; orderId: string; prescriptionId: string };

const check = async () => at3.value('print:check', { document: label });

beforeAll(async () => {
  nats = await startNatsServer();
  relay = createRelay({ port: 0, stateDir: relayDir, nats: { servers: [nats.url] }, service: null, log: () => {} });
  await relay.start();
  const onRelay = { eventsRelayServers: nats.url, eventsRelayStation: 'station-3', eventsRelayName: 'Station 3' };
  three = await startStationRig({}, { settings: onRelay, techCheckTech: 'allowed' });
  await at3.value('session:signIn', { email: ADMIN, password: PASSWORD });
  await at3.value('settings:update', {
    pharmacyName: 'Maple Street',
    pharmacyAddress: '120 Maple St',
    pharmacyPhone: '555-0100',
  });
  await at3.value('session:signOut');
  await at3.value('session:signIn', { email: TECHNICIAN, password: PASSWORD });
  for (const order of await at3.orders('received,data_entry')) {
    if (at3.controlled(order)) continue;
    const prescriptions = await at3.prescriptionsOf(order);
    const lines = order.products?.prescription ?? [];
    const named = lines.every((l) => prescriptions.some((p) => p.prescription_product_id === l.id));
    if (!named || prescriptions.length === 0) continue;
    await at3.review(order, 'reviewed');
    expect((await at3.value('verify:start', { orderId: order.id })).run).toBeTruthy();
    expect((await at3.scanAll(order)).run.recorded?.outcome).toBe('verified');
    label = { kind: 'prescription_label', orderId: order.id, prescriptionId: prescriptions[0]!.id };
    return;
  }
  throw new Error('the demo data has no such order');
}, 120_000);
afterAll(async () => {
  await three?.close();
  await relay?.stop();
  await nats?.stop();
  rmSync(relayDir, { recursive: true, force: true });
});

describe('a label while the pharmacy record cannot be reached', () => {
  it('a verified label is ready to print while the record is reachable', async () => {
    expect(await check()).toMatchObject({ allowed: true, blockedBy: null });
  });

  it('with nats-server killed, the same label needs a pharmacist’s confirmation at the station, and prints with one', async () => {
    await nats.kill();
    await expect.poll(async () => (await check()).blockedBy).toBe('record_unreachable');
    expect((await check()).reason).toMatch(
      /^The pharmacy record cannot be reached \(since .*\): a hold or a verification/,
    );
    const { ticket } = await at3.value('print:prepare', { document: label });
    const refused = await at3.invoke('print:document', { ticket, output: 'print' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    // A technician's own word is not a pharmacist's.
    const again = (await at3.value('print:prepare', { document: label })).ticket;
    const own = await at3.invoke('print:document', {
      ticket: again,
      output: 'print',
      override: { confirmationId: null, note: 'I checked it' },
    });
    expect(own).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const confirmation = await at3.value('session:confirmPharmacist', {
      who: PHARMACIST,
      password: PASSWORD,
      purpose: { kind: 'print_override', documentKey: documentKeyOf(label) },
    });
    const third = (await at3.value('print:prepare', { document: label })).ticket;
    if (!third) throw new Error('main gave no ticket for the label');
    const printed = await at3.value('print:document', {
      ticket: third,
      output: 'print',
      override: { confirmationId: confirmation.confirmationId, note: 'Checked the product; the record is down' },
    });
    expect(printed).toMatchObject({ copy: 1 });
  });

  it('once the record is back, the label needs no confirmation again (a reprint still needs its reason)', async () => {
    await nats.restart();
    await expect.poll(async () => (await check()).blockedBy).toBe(null);
    expect(await check()).toMatchObject({ allowed: true, copies: 1 });
  });
});
