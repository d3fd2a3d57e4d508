// Pharmacy-wide settings as facts in the pharmacy's record, with two whole stations on one real nats-server and relay
// over one permissive service (it refuses nothing a role could: whatever is refused here, main refused): an admin's
// change at one station holds at the other, a technician's is refused, a value the IT policy locks is the policy's
// whatever the record says, and the pharmacy's details cannot be saved blank.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelay, type Relay } from '../../../relay/relay.ts';
import { type NatsServer, startNatsServer } from '../relay/nats-server.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from '../station/harness.ts';
import { type PermissiveService, startPermissiveService } from '../station/permissive-service.ts';
import { stationCalls } from '../support/station-calls.ts';
import { testPharmacy } from './enrolled-pharmacy.ts';

let nats: NatsServer;
let relay: Relay;
let service: PermissiveService;
let three: StationRig;
let five: StationRig;
const relayDir = mkdtempSync(join(tmpdir(), 'settings-relay-'));
const at3 = stationCalls(() => three);
const at5 = stationCalls(() => five);

const onRelay = (id: string, name: string) => ({
  eventsRelayServers: nats.url,
  eventsRelayStation: id,
  eventsRelayName: name,
});
const signInAs = async (calls: typeof at3, email: string) => {
  await calls.value('session:signOut');
  await calls.value('session:signIn', { email, password: PASSWORD });
};
const settingAt = async (calls: typeof at3, name: string) =>
  (await calls.value('settings:pharmacy')).find((setting) => setting.name === name);

const pharmacyKey = testPharmacy();

beforeAll(async () => {
  nats = await startNatsServer();
  relay = createRelay({ port: 0, stateDir: relayDir, nats: { servers: [nats.url] }, service: null, log: () => {} });
  await relay.start();
  service = await startPermissiveService(30);
  const training = { startTraining: async () => ({ url: service.url, stop: async () => {} }) };
  three = await startStationRig(
    { ...training, policy: pharmacyKey.policy() },
    { settings: onRelay('station-3', 'Station 3') },
  );
  // Station 5's IT policy locks the label stock to 4x6.
  const policy = pharmacyKey.policy({ labelStock: '4x6' });
  five = await startStationRig({ ...training, policy }, { settings: onRelay('station-5', 'Station 5') });
  await at3.value('session:signIn', { email: ADMIN, password: PASSWORD });
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

describe("the pharmacy's settings are the same at every station", () => {
  it('tech-check-tech is not allowed anywhere until an admin allows it', async () => {
    expect(await settingAt(at3, 'techCheckTechAllowed')).toMatchObject({ value: false, source: 'default' });
    expect(await settingAt(at5, 'techCheckTechAllowed')).toMatchObject({ value: false, source: 'default' });
  });

  it('an admin allows tech-check-tech at station 3 and station 5 obeys it, naming who changed it and where', async () => {
    await at3.value('settings:changePharmacy', { techCheckTechAllowed: true });
    await expect.poll(async () => (await settingAt(at5, 'techCheckTechAllowed'))?.value).toBe(true);
    const seen = await settingAt(at5, 'techCheckTechAllowed');
    expect(seen).toMatchObject({ source: 'record', changed: { station: 'Station 3' } });
  });

  it("the pharmacy's name an admin saves at station 3 is what station 5's labels read", async () => {
    const details = { pharmacyName: 'Maple Street', pharmacyAddress: '120 Maple St', pharmacyPhone: '555-0100' };
    await at3.value('settings:update', details);
    await expect.poll(async () => (await at5.value('settings:get')).pharmacyName).toBe('Maple Street');
    expect(await at5.value('settings:get')).toMatchObject(details);
  });

  it("station 5's screens are told when station 3's admin changes the pharmacy's phone, and read the new one", async () => {
    const since = five.events.length;
    await at3.value('settings:changePharmacy', { pharmacyPhone: '555-0199' });
    await five.waitForEvent((...event) => event[0] === 'pharmacy.settingsChanged', 15_000, since);
    expect((await at5.value('settings:get')).pharmacyPhone).toBe('555-0199');
    await at3.value('settings:changePharmacy', { pharmacyPhone: '555-0100' });
  });

  it("each change is in the admin's station's audit chain: who, which setting, from what to what", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const exported = await at3.value('audit:export', { from, to: day, format: 'json' });
    const records = JSON.parse(exported.content).records as { kind: string; record: Record<string, unknown> }[];
    const changes = records.filter((r) => r.kind === 'setting_change').map((r) => r.record);
    expect(changes).toContainEqual(
      expect.objectContaining({ field: 'pharmacy.techCheckTechAllowed', user_email: ADMIN }),
    );
    const techCheck = changes.find((change) => change.field === 'pharmacy.techCheckTechAllowed');
    expect(techCheck).toMatchObject({ value_before: 'false', value_after: 'true' });
  });

  it("a technician's change is refused by main, and the record keeps the admin's", async () => {
    const refused = await at5.refusal('settings:changePharmacy', { techCheckTechAllowed: false });
    expect(refused.code).toBe('forbidden');
    expect(refused.message).toMatch(/Only an admin may change the pharmacy's settings/);
    expect((await at5.refusal('settings:update', { licensedStates: ['IL'] })).code).toBe('forbidden');
    expect(await settingAt(at3, 'techCheckTechAllowed')).toMatchObject({ value: true, source: 'record' });
    expect(await settingAt(at3, 'licensedStates')).toMatchObject({ value: [] });
    // A form that sends the pharmacy's settings as they stand changes nothing, so nothing is refused or recorded.
    const same = await at5.invoke('settings:update', { pharmacyName: 'Maple Street', licensedStates: [] });
    expect(same.ok).toBe(true);
  });

  it('the pharmacy details cannot be saved blank', async () => {
    const blank = await at3.refusal('settings:changePharmacy', { pharmacyName: '   ' });
    expect(blank.message).toMatch(/pharmacyName must not be blank/);
    const cleared = await at3.refusal('settings:update', { pharmacyPhone: null });
    expect(cleared.message).toMatch(/pharmacyPhone/);
    expect((await at3.value('settings:get')).pharmacyName).toBe('Maple Street');
  });

  it("a label stock the IT policy locks at station 5 stays the policy's: the record's is not read there", async () => {
    await at3.value('settings:changePharmacy', { labelStock: '4x2.125' });
    await expect.poll(async () => (await settingAt(at3, 'labelStock'))?.value).toBe('4x2.125');
    // Station 5 has read the record past that change (its tech-check-tech came before it; its newest change after).
    await at3.value('settings:changePharmacy', { licensedStates: ['il', 'TX'] });
    await expect.poll(async () => (await settingAt(at5, 'licensedStates'))?.value).toEqual(['IL', 'TX']);
    expect(await settingAt(at5, 'labelStock')).toMatchObject({ value: '4x6', source: 'policy' });
    expect((await at5.value('settings:get')).labelStock).toBe('4x6');
    await signInAs(at5, ADMIN);
    const locked = await at5.refusal('settings:changePharmacy', { labelStock: '4x2.5' });
    expect(locked).toMatchObject({ code: 'forbidden' });
    expect(locked.message).toMatch(/^Set by your pharmacy's IT: labelStock/);
    // What the policy does not lock, an admin at station 5 changes for every station.
    await at5.value('settings:changePharmacy', { maxIdleLockMinutes: 5 });
    await expect.poll(async () => (await at3.value('settings:get')).idleLockMinutes).toBe(5);
  });
});
