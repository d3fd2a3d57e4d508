// Issue 15 item 1: one station must not break every other station's events. Two stations (each with its own keychain,
// as on two computers) on one real training service: the second signs in with no webhook secret and must leave the
// service's secret alone; a secret changed elsewhere shows on the Events indicator; an admin shares it to mend it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../training/harness.ts';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

const KEY_ACCOUNT = 'webhook-secret training';
let service: Harness;
let first: StationRig;
let second: StationRig;
/** The secret an admin made elsewhere (the admin keeps it to share with the stations). */
let rotatedElsewhere = '';

const onSharedService = () =>
  startStationRig({ startTraining: async () => ({ url: service.url, stop: async () => {} }) });

beforeAll(async () => {
  service = await startHarness();
  first = await onSharedService();
  second = await onSharedService();
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await service?.close();
});

type Events = { mode: string; reason: string | null; message: string | null };
async function eventsOf(rig: StationRig): Promise<Events> {
  const answer = await rig.station.invoke('connectivity:state', undefined);
  if (!answer.ok) throw new Error('connectivity:state refused');
  return (answer.value as { events: Events }).events;
}
/** Waits (by state, not time) until the station's Events indicator says `mode`. */
async function eventsBecome(rig: StationRig, mode: string, reason: string | null = null): Promise<Events> {
  await expect.poll(async () => eventsOf(rig), { timeout: 15_000 }).toMatchObject({ mode, reason });
  return eventsOf(rig);
}
async function listenerUrl(rig: StationRig): Promise<string> {
  const answer = await rig.station.invoke('notifications:stationWebhook', undefined);
  if (!answer.ok) throw new Error('stationWebhook refused');
  return (answer.value as { url: string }).url;
}
/** A sample the service delivers to `url`, sent by the admin API (signed with the service's current secret). */
async function deliverSampleTo(url: string): Promise<void> {
  const answer = await fetch(`${service.url}/api/v1/notifications/sample`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.tokens.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ event_code: 'order.shipped', webhook_url: url }),
  });
  expect(answer.status).toBeLessThan(300);
}
/** Deliveries the listener authenticated: accepted, or recognised as a repeat of one (the sample is the same event). */
async function accepted(rig: StationRig): Promise<number> {
  const answer = await rig.station.invoke('notifications:stationWebhook', undefined);
  const { received } = (answer as { value: { received: { accepted: number; duplicates: number } } }).value;
  return received.accepted + received.duplicates;
}

describe('one webhook secret shared by every station', () => {
  it('the first station on a service with no receivers generates the secret and says events are pushed', async () => {
    expect(await first.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD })).toMatchObject({
      ok: true,
    });
    await eventsBecome(first, 'pushed');
    expect(await first.secrets.get(KEY_ACCOUNT)).toMatch(/^whsec_/);
  });

  it('a second station signing in with no secret leaves the service’s secret alone: the first keeps receiving', async () => {
    const firstSecret = await first.secrets.get(KEY_ACCOUNT);
    expect(await second.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD })).toMatchObject({
      ok: true,
    });
    const events = await eventsBecome(second, 'polling', 'secret_missing');
    expect(events.message).toContain('an admin must share it with this station');
    expect(await second.secrets.get(KEY_ACCOUNT)).toBeNull();
    expect(await first.secrets.get(KEY_ACCOUNT)).toBe(firstSecret);

    const before = await accepted(first);
    await deliverSampleTo(await listenerUrl(first));
    await expect.poll(() => accepted(first), { timeout: 15_000 }).toBeGreaterThan(before);
    expect(await eventsOf(first)).toMatchObject({ mode: 'pushed' });
  });

  it('an admin shares the secret with the second station, which then subscribes and is pushed events', async () => {
    await second.station.invoke('session:signOut', undefined);
    expect(await second.station.invoke('session:signIn', { email: ADMIN, password: PASSWORD })).toMatchObject({
      ok: true,
    });
    const secret = (await first.secrets.get(KEY_ACCOUNT)) as string;
    const shared = await second.station.invoke('notifications:shareSecret', { secret });
    expect(shared).toMatchObject({ ok: true });
    expect(JSON.stringify(shared)).not.toContain(secret);
    await eventsBecome(second, 'pushed');
    const before = await accepted(second);
    await deliverSampleTo(await listenerUrl(second));
    await expect.poll(() => accepted(second), { timeout: 15_000 }).toBeGreaterThan(before);
  });

  it('a listener that gets deliveries signed with a secret it does not know says the secret changed elsewhere', async () => {
    // An admin elsewhere rotates: the service signs with a secret neither station was given.
    const rotated = await fetch(`${service.url}/api/v1/notifications/webhook-secret`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.tokens.admin}` },
    });
    expect(rotated.status).toBe(201);
    rotatedElsewhere = ((await rotated.json()) as { webhook_secret: string }).webhook_secret;
    await deliverSampleTo(await listenerUrl(first));
    const events = await eventsBecome(first, 'polling', 'secret_changed');
    expect(events.message).toContain('the webhook secret changed elsewhere');
    expect(events.message).toContain('an admin must share it with this station');
  });

  it('a technician may not share a secret; an admin sharing the service’s current one brings pushed events back', async () => {
    const current = rotatedElsewhere;
    expect(await first.station.invoke('notifications:shareSecret', { secret: current })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    await first.station.invoke('session:signOut', undefined);
    expect(await first.station.invoke('session:signIn', { email: ADMIN, password: PASSWORD })).toMatchObject({
      ok: true,
    });
    expect(await first.station.invoke('notifications:shareSecret', { secret: current })).toMatchObject({ ok: true });
    await eventsBecome(first, 'pushed');
    const before = await accepted(first);
    await deliverSampleTo(await listenerUrl(first));
    await expect.poll(() => accepted(first), { timeout: 15_000 }).toBeGreaterThan(before);
  });
});
