// Issue 15 item 4: nobody at a signed-out station (nor a non-admin) may point it at another service or webhook URL,
// and after an admin does, the station names the new service and sends it no password before someone confirms it.
// Through the real settings channel, with a recording HTTP server standing in for "another service".
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

let rig: StationRig;
let elsewhere: Server;
let elsewhereUrl: string;
/** Every request the other service received: a password sent there would be in one of these bodies. */
const received: { path: string; body: string }[] = [];

beforeAll(async () => {
  rig = await startStationRig();
  elsewhere = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', body });
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'unauthorized', message: 'Wrong email or password.' }));
    });
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await rig.close();
  await new Promise((resolve) => elsewhere.close(resolve));
});

const settings = async () => {
  const answer = await rig.station.invoke('settings:get', undefined);
  if (!answer.ok) throw new Error('settings:get refused');
  return answer.value as { backend: string; baseUrl: string | null; publicWebhookUrl: string | null };
};
const signIn = (email: string) => rig.station.invoke('session:signIn', { email, password: PASSWORD });

describe('who may change the service or the webhook URL', () => {
  it('a signed-out station refuses a new service address and a new public webhook URL, and stores neither', async () => {
    const before = await settings();
    for (const patch of [
      { backend: 'custom', baseUrl: elsewhereUrl },
      { baseUrl: elsewhereUrl },
      { publicWebhookUrl: 'https://tunnel.attacker.example/hook' },
    ]) {
      const answer = await rig.station.invoke('settings:update', patch);
      expect([patch, answer]).toMatchObject([patch, { ok: false, error: { code: 'forbidden' } }]);
    }
    expect(await settings()).toEqual(before);
  });

  it('a signed-in technician may not change them either, but may still shorten the idle lock', async () => {
    expect(await signIn(TECHNICIAN)).toMatchObject({ ok: true });
    expect(await rig.station.invoke('settings:update', { backend: 'custom', baseUrl: elsewhereUrl })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await rig.station.invoke('settings:update', { idleLockMinutes: 5 })).toMatchObject({
      ok: true,
      value: { idleLockMinutes: 5, backend: 'training' },
    });
    await rig.station.invoke('session:signOut', undefined);
  });

  it('an admin may change them', async () => {
    expect(await signIn(ADMIN)).toMatchObject({ ok: true });
    expect(await rig.station.invoke('settings:update', { backend: 'custom', baseUrl: elsewhereUrl })).toMatchObject({
      ok: true,
      value: { backend: 'custom', baseUrl: elsewhereUrl },
    });
    await rig.station.invoke('session:signOut', undefined);
  });
});

describe('the next sign-in on a new service (issue 12: no restart needed)', () => {
  it('names the new service and sends it no password until someone at the station confirms it', async () => {
    // The admin signed out above: the sign-in screen now names the new service, without a restart.
    await expect
      .poll(async () => (await rig.station.invoke('connectivity:state', undefined)) as unknown)
      .toMatchObject({ ok: true, value: { backend: 'custom', baseUrl: elsewhereUrl, serviceConfirmed: false } });
    expect(await rig.station.invoke('app:info', undefined)).toMatchObject({
      ok: true,
      value: { training: false, demoAccounts: [], demoPassword: null },
    });
    const refused = await signIn(TECHNICIAN);
    expect(refused).toMatchObject({ ok: false, error: { code: 'service_unconfirmed' } });
    expect((refused as { error: { message: string } }).error.message).toContain(elsewhereUrl);
    expect(
      received.filter((r) => r.body.includes(PASSWORD)),
      'no password reached the new service',
    ).toEqual([]);

    // Confirming another address than the one in use is refused: the person must have seen the right one.
    expect(await rig.station.invoke('session:confirmService', { baseUrl: 'https://other.example' })).toMatchObject({
      ok: false,
      error: { code: 'service_changed' },
    });
    expect(await rig.station.invoke('session:confirmService', { baseUrl: elsewhereUrl })).toMatchObject({
      ok: true,
      value: { serviceConfirmed: true, baseUrl: elsewhereUrl },
    });
    expect(await signIn(TECHNICIAN)).toMatchObject({ ok: false, error: { code: 'invalid_credentials' } });
    expect(received.some((r) => r.path === '/api/v1/auth/login')).toBe(true);
  });

  it('remembers the confirmation across a restart, and going back to Training needs no admin', async () => {
    await rig.stop();
    await rig.restart();
    expect(await rig.station.invoke('connectivity:state', undefined)).toMatchObject({
      value: { serviceConfirmed: true },
    });
    // The way out of a service that does not answer: Training is on this computer, no password leaves it.
    expect(await rig.station.invoke('settings:update', { backend: 'training' })).toMatchObject({
      ok: true,
      value: { backend: 'training', baseUrl: elsewhereUrl },
    });
    // It applies at once, without a restart: the sign-in screen names Training and a sign-in reaches it.
    expect(await rig.station.invoke('connectivity:state', undefined)).toMatchObject({
      value: { backend: 'training', serviceConfirmed: true },
    });
    const before = received.length;
    expect(await signIn(TECHNICIAN)).toMatchObject({ ok: true, value: { status: 'signed_in' } });
    expect(received.length, 'the custom service heard nothing of it').toBe(before);
    // Yet from Training, pointing it back at the custom address is an admin's change again.
    expect(await rig.station.invoke('settings:update', { backend: 'custom' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });
});
