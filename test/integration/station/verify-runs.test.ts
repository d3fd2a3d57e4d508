// A verification in progress is kept on the station at every scan: it comes back after a restart of the station, for
// the same person only, and a new run replaces it. Real SQLite file, real station, training service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

let rig: StationRig;
beforeAll(async () => {
  rig = await startStationRig();
}, 60_000);
afterAll(async () => {
  await rig.close();
});

const ORDER = '0b6f1c2e-4d5a-4b7c-9e8f-1a2b3c4d5e6f';
const run = (scans: number) => ({
  lines: [{ productId: 'p1', expected: 3 }],
  scans: Array.from({ length: scans }, (_, i) => ({ seq: i + 1, code: 'SKU-1', result: 'counted' })),
  pending: null,
  recorded: null,
  shortReportedIn: null,
  nextSeq: scans + 1,
});
const invoke = (channel: string, input: unknown) => rig.station.invoke(channel, input);
const signIn = (email: string) => invoke('session:signIn', { email, password: PASSWORD });

describe('verification runs on the station', () => {
  it('needs someone signed in', async () => {
    expect(await invoke('verify:loadRun', { orderId: ORDER })).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    });
  });

  it('keeps each step and answers the latest, across a restart of the station', async () => {
    expect((await signIn(TECHNICIAN)).ok).toBe(true);
    expect(await invoke('verify:loadRun', { orderId: ORDER })).toEqual({ ok: true, value: null });
    expect((await invoke('verify:saveRun', { orderId: ORDER, run: run(1) })).ok).toBe(true);
    expect((await invoke('verify:saveRun', { orderId: ORDER, run: run(2) })).ok).toBe(true);
    await rig.stop();
    await rig.restart();
    const loaded = (await invoke('verify:loadRun', { orderId: ORDER })) as { ok: true; value: any };
    expect(loaded.ok).toBe(true);
    expect(loaded.value.run).toEqual(run(2));
    expect(typeof loaded.value.savedAt).toBe('string');
  }, 60_000);

  it("is the same person's only: another person opening the order starts their own", async () => {
    await invoke('session:signOut', undefined);
    expect((await signIn(ADMIN)).ok).toBe(true);
    expect(await invoke('verify:loadRun', { orderId: ORDER })).toEqual({ ok: true, value: null });
    await invoke('session:signOut', undefined);
    expect((await signIn(TECHNICIAN)).ok).toBe(true);
    expect(((await invoke('verify:loadRun', { orderId: ORDER })) as any).value.run.scans).toHaveLength(2);
  });

  it('lets a run go when asked, and refuses a run that is not an object or an order id with odd characters', async () => {
    expect(await invoke('verify:dropRun', { orderId: ORDER })).toEqual({ ok: true, value: { orderId: ORDER } });
    expect(await invoke('verify:loadRun', { orderId: ORDER })).toEqual({ ok: true, value: null });
    expect(await invoke('verify:saveRun', { orderId: ORDER, run: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await invoke('verify:saveRun', { orderId: '../x y', run: run(1) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('refuses a run too large to keep, and keeps the one before', async () => {
    expect((await invoke('verify:saveRun', { orderId: ORDER, run: run(1) })).ok).toBe(true);
    const huge = { ...run(1), note: 'x'.repeat(600 * 1024) };
    expect(await invoke('verify:saveRun', { orderId: ORDER, run: huge })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(((await invoke('verify:loadRun', { orderId: ORDER })) as any).value.run).toEqual(run(1));
  });
});
