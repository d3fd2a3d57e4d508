// The machine policy through the real station: every locked setting is refused by its channel (called directly, as a
// hostile page would, even by a signed-in admin), shown as locked, and what the station runs with.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedPolicy } from '../../../main/platform/policy/policy-file.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

const POLICY_FILE = '/etc/fulfillment-station/policy.json';
const devicePolicy: LoadedPolicy = {
  file: POLICY_FILE,
  policy: {
    maxIdleLockMinutes: 5,
    scannerPrefix: '[',
    scannerSuffix: ']',
    printers: { prescription_label: 'Zebra ZD421' },
    updateFeedUrl: 'https://updates.pharmacy.example/station',
  },
  ignoredFields: ['labelTemplate'],
};

const get = async (rig: StationRig, channel: string) => {
  const answer = await rig.station.invoke(channel, undefined);
  if (!answer.ok) throw new Error(`${channel} refused`);
  return answer.value as Record<string, unknown>;
};
const stored = async (rig: StationRig) =>
  JSON.parse(await readFile(join(rig.dataDir, 'settings.json'), 'utf8').catch(() => '{}'));

describe('a policy that sets the idle lock, the scanner marks and a printer', () => {
  let rig: StationRig;
  beforeAll(async () => {
    rig = await startStationRig({ policy: devicePolicy });
    // An admin, who may change every one of these settings without a policy.
    expect(await rig.station.invoke('session:signIn', { email: ADMIN, password: PASSWORD })).toMatchObject({
      ok: true,
    });
  });
  afterAll(() => rig.close());

  it('shows what it set and locked, and names the field it does not know and ignored', async () => {
    expect(await get(rig, 'settings:policy')).toEqual({
      file: POLICY_FILE,
      serviceUrl: null,
      maxIdleLockMinutes: 5,
      scannerMarks: true,
      techCheckTechAllowed: false,
      printers: ['prescription_label'],
      updateFeedUrl: 'https://updates.pharmacy.example/station',
      ignoredFields: ['labelTemplate'],
      kioskMode: false,
      eventsRelay: false,
    });
    expect(await get(rig, 'settings:get')).toMatchObject({
      idleLockMinutes: 5,
      scannerPrefix: '[',
      scannerSuffix: ']',
      printers: { prescription_label: 'Zebra ZD421', packing_slip: null },
    });
  });

  it.each([
    [{ idleLockMinutes: 30 }, 'idleLockMinutes'],
    [{ scannerPrefix: '~' }, 'scannerPrefix'],
    [{ scannerSuffix: null }, 'scannerSuffix'],
    [
      { printers: { prescription_label: 'Other', packing_slip: null, lot_label: null, staff_badge: null } },
      'printers.prescription_label',
    ],
  ])('refuses %j naming %s, and stores nothing of it', async (patch, field) => {
    const before = await stored(rig);
    const answer = await rig.station.invoke('settings:update', patch);
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden', details: [{ field }] } });
    expect(answer.ok ? '' : answer.error.message).toContain("Set by your pharmacy's IT (/etc/fulfillment-station");
    expect(await stored(rig)).toEqual(before);
  });

  it('lets the station choose within it: a shorter idle lock, another printer for an unlocked document', async () => {
    expect(await rig.station.invoke('settings:update', { idleLockMinutes: 2 })).toMatchObject({
      ok: true,
      value: { idleLockMinutes: 2 },
    });
    const printers = {
      prescription_label: 'Zebra ZD421',
      packing_slip: 'HP LaserJet',
      lot_label: null,
      staff_badge: null,
    };
    expect(await rig.station.invoke('settings:update', { printers })).toMatchObject({ ok: true, value: { printers } });
  });

  it('a longer idle lock stored before the policy came is shortened to its longest', async () => {
    await rig.stop();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      join(rig.dataDir, 'settings.json'),
      JSON.stringify({ ...(await stored(rig)), idleLockMinutes: 60 }),
    );
    await rig.restart();
    expect((await get(rig, 'settings:get')).idleLockMinutes).toBe(5);
  });
});

describe('a policy that sets the service', () => {
  let rig: StationRig;
  const serviceUrl = 'https://fulfillment.pharmacy.example';
  beforeAll(async () => {
    rig = await startStationRig({ policy: { file: POLICY_FILE, policy: { serviceUrl }, ignoredFields: [] } });
  });
  afterAll(() => rig.close());

  it('uses it without anyone at the station confirming it (IT chose it)', async () => {
    expect(await get(rig, 'settings:get')).toMatchObject({ backend: 'custom', baseUrl: serviceUrl });
    expect(await get(rig, 'connectivity:state')).toMatchObject({ serviceConfirmed: true });
    expect((await get(rig, 'settings:policy')).serviceUrl).toBe(serviceUrl);
  });

  it('refuses going back to training (open to anyone without a policy) and any other address', async () => {
    for (const [patch, field] of [
      [{ backend: 'training' }, 'backend'],
      [{ backend: 'custom', baseUrl: 'https://elsewhere.example' }, 'baseUrl'],
    ] as const) {
      expect(await rig.station.invoke('settings:update', patch)).toMatchObject({
        ok: false,
        error: { code: 'forbidden', details: [{ field }] },
      });
    }
    expect(await get(rig, 'settings:get')).toMatchObject({ backend: 'custom', baseUrl: serviceUrl });
  });
});

describe('what an update must not interrupt, and who sees the updates', () => {
  let rig: StationRig;
  beforeAll(async () => {
    rig = await startStationRig();
  });
  afterAll(() => rig.close());

  it('counts a verification in progress until it is finished', async () => {
    expect(await rig.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD })).toMatchObject({
      ok: true,
    });
    expect(rig.station.pendingWork()).toEqual({ verificationRuns: 0, waitingWrites: 0 });
    // Main's own run, started on an open order as the verify screen starts one.
    const { orders, review } = verifyDriver(() => rig);
    const order = (await orders('received,data_entry'))[0]!;
    const orderId = order.id;
    await review(order); // "OK to fill" first: the pharmacist's gate holds an order nobody reviewed
    expect(await rig.station.invoke('verify:start', { orderId })).toMatchObject({ ok: true });
    expect(rig.station.pendingWork().verificationRuns).toBe(1);
    expect(await rig.station.invoke('verify:dropRun', { orderId })).toMatchObject({ ok: true });
    expect(rig.station.pendingWork().verificationRuns).toBe(0);
  });

  it('updates:state is an admin’s: a technician is refused, an admin sees the browser shell has none', async () => {
    expect(await rig.station.invoke('updates:state', undefined)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    await rig.station.invoke('session:signOut', undefined);
    expect(await rig.station.invoke('session:signIn', { email: ADMIN, password: PASSWORD })).toMatchObject({
      ok: true,
    });
    expect(await rig.station.invoke('updates:state', undefined)).toMatchObject({
      ok: true,
      value: { version: '0.0.0-test', status: 'off', feed: null },
    });
  });
});
