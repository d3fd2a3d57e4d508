// Signing in through the station's channels: the renderer sees who and which role, never a token; lock, sign-out and
// a restart of the station (a new training port) keep to that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationChannels, stationEvents } from '../../../contract/ipc.ts';
import {
  ADMIN,
  everythingSaid,
  expectNoSecretIn,
  PASSWORD,
  type StationRig,
  startStationRig,
  TECHNICIAN,
} from './harness.ts';

let rig: StationRig;
beforeAll(async () => {
  rig = await startStationRig();
});
afterAll(async () => {
  await rig.close();
});

const sessionKeys = ['capabilities', 'expiresAt', 'keychain', 'role', 'roleConfirmed', 'status', 'user'];

describe('the session through the station', () => {
  it('signs in with email and password and answers who, which role and until when — nothing more', async () => {
    const answer = await rig.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD });
    expect(answer).toMatchObject({
      ok: true,
      value: { status: 'signed_in', role: 'technician', user: { email: TECHNICIAN }, capabilities: [] },
    });
    const state = (answer as { value: Record<string, unknown> }).value;
    expect(Object.keys(state).sort()).toEqual(sessionKeys);
    stationChannels['session:signIn'].output.parse(state);
    const change = await rig.waitForEvent((...args) => args[0] === 'session.changed', 5_000, 0);
    expect(stationEvents['session.changed'].payload.parse(change)).toMatchObject({ reason: 'signed_in' });
  });

  it('reads orders through the service once signed in', async () => {
    const answer = await rig.station.invoke('orders:list', { query: { page_size: 3 } });
    expect(answer.ok).toBe(true);
    expect((answer as { value: unknown[] }).value).toHaveLength(3);
  });

  it('locks: only the lock screen channels answer until the password is given again', async () => {
    expect(await rig.station.invoke('session:lock', undefined)).toMatchObject({
      ok: true,
      value: { status: 'locked' },
    });
    expect(await rig.station.invoke('orders:list', undefined)).toMatchObject({ ok: false, error: { code: 'locked' } });
    expect(await rig.station.invoke('outbox:list', undefined)).toMatchObject({ ok: false, error: { code: 'locked' } });
    expect(await rig.station.invoke('session:state', undefined)).toMatchObject({
      ok: true,
      value: { status: 'locked' },
    });
    const wrong = await rig.station.invoke('session:unlock', { password: 'not it' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'invalid_credentials' } });
    expect(await rig.station.invoke('session:unlock', { password: PASSWORD })).toMatchObject({
      ok: true,
      value: { status: 'signed_in' },
    });
    expect((await rig.station.invoke('orders:list', undefined)).ok).toBe(true);
  });

  it('restores the sign-in after a restart, although the training service came back on another port', async () => {
    const before = (await rig.station.invoke('connectivity:state', undefined)) as { value: { baseUrl: string } };
    await rig.stop();
    await rig.restart();
    const after = (await rig.station.invoke('connectivity:state', undefined)) as { value: { baseUrl: string } };
    expect(after.value.baseUrl).not.toBe(before.value.baseUrl);
    expect(await rig.station.invoke('session:state', undefined)).toMatchObject({
      ok: true,
      value: { status: 'signed_in', user: { email: TECHNICIAN }, role: 'technician' },
    });
    expect((await rig.station.invoke('orders:list', undefined)).ok).toBe(true);
  });

  it('signs out: the channels are refused again and the saved sign-in is gone from the keychain', async () => {
    expect(await rig.secrets.get(TECHNICIAN)).not.toBeNull();
    const refreshToken = await rig.secrets.get(TECHNICIAN);
    expect(await rig.station.invoke('session:signOut', undefined)).toMatchObject({
      ok: true,
      value: { status: 'signed_out', user: null, capabilities: [] },
    });
    expect(await rig.secrets.get(TECHNICIAN)).toBeNull();
    expect(await rig.station.invoke('orders:list', undefined)).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    });
    // Nothing the station logged or sent the renderer carried a token, the password or anything JWT-shaped.
    expectNoSecretIn(everythingSaid(rig), [refreshToken]);
    expectNoSecretIn(rig.lines, [PASSWORD]);
  });

  it("answers what an admin may do, from the rules' table, for the screens to show", async () => {
    const answer = await rig.station.invoke('session:signIn', { email: ADMIN, password: PASSWORD });
    const state = stationChannels['session:signIn'].output.parse((answer as { value: unknown }).value);
    expect(state).toMatchObject({ role: 'admin', roleConfirmed: true });
    expect(state.capabilities).toContain('export_audit');
    expect(state.capabilities).toContain('change_settings');
    expect(state.capabilities).not.toContain('review_decision');
    await rig.station.invoke('session:signOut', undefined);
  });
});
