// printers:list and printers:testPage through the real station, called as a page would (forged input included): the
// test page is an admin's, goes to the printer saved for that document found again under this session's name, and a
// station without a system printer list (the browser shell) says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPrinter } from '../../../main/work/print/printer-port.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

const testPages: string[] = [];
const testPageSizes: { width: number; height: number }[] = [];
const printer: DocumentPrinter = {
  print: async () => ({ printed: true, problem: null }),
  savePdf: async () => ({ savedTo: null }),
  printers: async () => [
    { name: 'HP LaserJet 4250 (redirected 5)', displayName: 'HP LaserJet 4250', description: '' },
    { name: 'Zebra ZD421', displayName: 'Zebra ZD421', description: '' },
  ],
  testPage: async (name, pageSize) => {
    testPages.push(name);
    testPageSizes.push(pageSize);
    return { sent: true, problem: null };
  },
};

let rig: StationRig;
const signIn = (email: string) => rig.station.invoke('session:signIn', { email, password: PASSWORD });
beforeAll(async () => {
  rig = await startStationRig({ printer });
});
afterAll(() => rig.close());

describe('printers through the station', () => {
  it('lists the system’s printers', async () => {
    expect(await signIn(TECHNICIAN)).toMatchObject({ ok: true });
    expect(await rig.station.invoke('printers:list', undefined)).toMatchObject({
      ok: true,
      value: { available: true, printers: [{ name: 'HP LaserJet 4250 (redirected 5)' }, { name: 'Zebra ZD421' }] },
    });
  });

  it('a test page is an admin’s: a technician is refused, and nothing prints', async () => {
    expect(await rig.station.invoke('printers:testPage', { kind: 'packing_slip' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(testPages).toEqual([]);
  });

  it('goes to the saved printer found again under this session’s name; no printer set or a forged kind is refused', async () => {
    await rig.station.invoke('session:signOut', undefined);
    expect(await signIn(ADMIN)).toMatchObject({ ok: true });
    const printers = {
      prescription_label: null,
      packing_slip: 'HP LaserJet 4250 (redirected 2)',
      lot_label: null,
      staff_badge: null,
    };
    expect(await rig.station.invoke('settings:update', { printers })).toMatchObject({ ok: true });
    expect(await rig.station.invoke('printers:testPage', { kind: 'packing_slip' })).toEqual({
      ok: true,
      value: { printer: 'HP LaserJet 4250 (redirected 5)', sent: true, problem: null },
    });
    expect(testPages).toEqual(['HP LaserJet 4250 (redirected 5)']);
    // On the page the packing slip prints on: US letter.
    expect(testPageSizes).toEqual([{ width: 8.5, height: 11 }]);
    expect(await rig.station.invoke('printers:testPage', { kind: 'lot_label' })).toMatchObject({
      ok: false,
      error: { code: 'not_allowed' },
    });
    expect(await rig.station.invoke('printers:testPage', { kind: 'receipt', printer: 'Zebra ZD421' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(testPages).toHaveLength(1);
  });
});

describe('a station without a system printer list (the browser shell)', () => {
  let plain: StationRig;
  beforeAll(async () => {
    plain = await startStationRig();
    await plain.station.invoke('session:signIn', { email: ADMIN, password: PASSWORD });
  });
  afterAll(() => plain.close());

  it('says the list is not available, and a test page is not possible here', async () => {
    expect(await plain.station.invoke('printers:list', undefined)).toEqual({
      ok: true,
      value: { available: false, printers: [] },
    });
    expect(await plain.station.invoke('printers:testPage', { kind: 'packing_slip' })).toMatchObject({
      ok: false,
      error: { code: 'not_allowed' },
    });
  });
});
