// The notification settings learn from main why desktop notifications fail here (macOS without a Developer ID).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

let rig: StationRig;
let failure: string | null = null;
beforeAll(async () => {
  rig = await startStationRig({ notifications: { show: () => {}, failure: () => failure } });
  await rig.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD });
});
afterAll(() => rig.close());

describe('app:desktopNotifications', () => {
  it('says nothing while notifications show, and the system’s reason once they fail', async () => {
    expect(await rig.station.invoke('app:desktopNotifications', undefined)).toEqual({
      ok: true,
      value: { failure: null },
    });
    failure = 'Notifications are not allowed for this application';
    expect(await rig.station.invoke('app:desktopNotifications', undefined)).toEqual({
      ok: true,
      value: { failure: 'Notifications are not allowed for this application' },
    });
  });
});
