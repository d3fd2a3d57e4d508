// A station nobody has signed in to: it says what it is and how to sign in, and refuses everything else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames, stationChannels } from '../../../contract/ipc.ts';
import { createStation, OPEN_CHANNELS } from '../../../main/station/station.ts';
import { PASSWORD, type StationRig, startStationRig } from './harness.ts';

let rig: StationRig;
beforeAll(async () => {
  rig = await startStationRig();
});
afterAll(async () => {
  await rig.close();
});

describe('a signed-out station', () => {
  it('tells the sign-in screen it runs the training service, with its demo accounts and password', async () => {
    const info = await rig.station.invoke('app:info', undefined);
    expect(info.ok).toBe(true);
    const value = stationChannels['app:info'].output.parse((info as { value: unknown }).value);
    expect(value).toMatchObject({
      name: 'Fulfillment Station',
      shell: 'browser',
      training: true,
      demoPassword: PASSWORD,
    });
    expect(value.demoAccounts.map((a) => a.role).sort()).toEqual(['admin', 'pharmacist', 'technician']);
  });

  it('tells every screen its audit record is not keyed when there is no OS keychain (the rig keeps secrets in memory)', async () => {
    const info = await rig.station.invoke('app:info', undefined);
    expect(info).toMatchObject({ ok: true, value: { auditRecord: { keyed: false, brokenChainKept: null } } });
  });

  it('answers its session, settings and connectivity, and says nobody is signed in', async () => {
    expect(await rig.station.invoke('session:state', undefined)).toMatchObject({
      ok: true,
      value: { status: 'signed_out', user: null, keychain: 'memory' },
    });
    expect(await rig.station.invoke('settings:get', undefined)).toMatchObject({
      ok: true,
      value: { backend: 'training' },
    });
    const connectivity = await rig.station.invoke('connectivity:state', undefined);
    expect(connectivity).toMatchObject({
      ok: true,
      value: { online: true, backend: 'training', listener: { state: 'listening', message: null } },
    });
    expect((connectivity as { value: { baseUrl: string } }).value.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses every other channel with not_signed_in, before looking at the input', async () => {
    for (const name of channelNames.filter((n) => !OPEN_CHANNELS.has(n))) {
      const answer = await rig.station.invoke(name, { anything: true });
      expect([name, answer]).toEqual([
        name,
        { ok: false, error: { code: 'not_signed_in', message: 'Sign in first.' } },
      ]);
    }
  });

  it('refuses a channel that does not exist, whatever its name', async () => {
    for (const name of [
      'orders:destroyAll',
      'auth:login',
      'notifications:generateSecret',
      '__proto__',
      'constructor',
      '',
    ]) {
      const answer = await rig.station.invoke(name, undefined);
      expect(answer).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
    expect(await rig.station.invoke(42 as unknown as string, undefined)).toMatchObject({ ok: false });
  });

  it('refuses a sign-in with a malformed email, naming the field, and a wrong password plainly', async () => {
    const bad = await rig.station.invoke('session:signIn', { email: 'not-an-email', password: 'x' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', details: [{ field: 'email' }] } });
    expect((bad as { error: { message: string } }).error.message).toContain('email');
    const wrong = await rig.station.invoke('session:signIn', { email: 'technician@training.local', password: 'nope' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'invalid_credentials' } });
    expect(JSON.stringify(wrong)).not.toContain('nope');
  });

  it('keeps one station per data folder: a second copy is refused while the first runs', async () => {
    const second = createStation({ dataDir: rig.dataDir, shell: 'browser', version: '0', listenerPort: 0 });
    await expect(second).rejects.toThrow(/is using the data folder/);
  });
});
