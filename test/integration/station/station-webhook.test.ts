// notifications:stationWebhook: the renderer learns where this station's listener is, that a signing key is kept and
// when it was rotated — and never the key itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationChannels } from '../../../contract/ipc.ts';
import { ADMIN, everythingSaid, expectNoSecretIn, PASSWORD, type StationRig, startStationRig } from './harness.ts';

let rig: StationRig;
beforeAll(async () => {
  rig = await startStationRig();
  // Replacing the key every station shares is an admin's (the training service refuses other roles).
  const signIn = await rig.station.invoke('session:signIn', { email: ADMIN, password: PASSWORD });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.error.message}`);
});
afterAll(async () => {
  await rig.close();
});

const KEY_ACCOUNT = 'webhook-secret training';

async function state() {
  const answer = await rig.station.invoke('notifications:stationWebhook', undefined);
  if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer.error)}`);
  return stationChannels['notifications:stationWebhook'].output.parse(answer.value);
}

/** The subscription and the key are made in the background after sign-in. */
async function subscribed() {
  for (let i = 0; i < 200; i++) {
    const now = await state();
    if (now.keyStored && now.rotatedAt !== null) return now;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the station made no key at sign-in');
}

describe('the station’s own webhook state', () => {
  it('names the listener’s URL and says a key was made at sign-in, without the key', async () => {
    const now = await subscribed();
    expect(now.listener).toBe('listening');
    expect(now.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/fulfillment$/);
    const key = await rig.secrets.get(KEY_ACCOUNT);
    expect(key).toMatch(/^whsec_/);
    expectNoSecretIn([JSON.stringify(now)], [key]);
  });

  it('says when the key was rotated from this station, and the answer still carries no key', async () => {
    const before = await subscribed();
    const rotated = await rig.station.invoke('notifications:rotateSecret', { confirmed: true });
    if (!rotated.ok) throw new Error('rotation refused');
    const after = await state();
    expect(after.rotatedAt).toBe((rotated.value as { rotatedAt: string }).rotatedAt);
    expect(after.rotatedAt).not.toBe(before.rotatedAt);
    expectNoSecretIn([JSON.stringify(after), ...everythingSaid(rig)], [await rig.secrets.get(KEY_ACCOUNT)]);
  });

  it('counts a delivery signed with the current key as accepted', async () => {
    const before = await state();
    const url = before.url as string;
    const sent = await rig.station.invoke('notifications:sendSample', {
      body: { event_code: 'order.delivered', webhook_url: url },
    });
    expect(sent.ok).toBe(true);
    for (let i = 0; i < 200; i++) {
      if ((await state()).received.accepted > before.received.accepted) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the listener accepted nothing');
  });
});
