// A frozen service (SIGSTOP) against a real station: the station says offline on its own, a call that needs the
// service answers "offline" without waiting out its timeout, and it is online again once the service resumes.
// No timing is asserted: the states are awaited.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild } from '../../bench/lib/child.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';

const root = join(import.meta.dirname, '../../..');
let training: { url: string; child: ChildProcess };
let rig: StationRig;

beforeAll(async () => {
  training = await startChild(
    [join(root, 'main/training/cli.ts'), '--port', '0', '--db', ':memory:', '--orders', '20', '--paused', '--quiet'],
    /training service listening on (http:\/\/\S+)/,
  );
  rig = await startStationRig({ startTraining: async () => ({ url: training.url, stop: async () => {} }) });
  expect((await rig.station.invoke('session:signIn', { email: TECHNICIAN, password: PASSWORD })).ok).toBe(true);
}, 60_000);

afterAll(async () => {
  training?.child.kill('SIGCONT');
  await rig?.close();
  training?.child.kill('SIGTERM');
});

const state = async () => ((await rig.station.invoke('connectivity:state', undefined)) as { value: any }).value;

describe('a frozen service', () => {
  it('is found offline by the call that hangs, which answers "offline", and so do the calls after it', async () => {
    const list = (await rig.station.invoke('orders:list', { query: { page_size: 1 } })) as { value: any[] };
    const orderId = list.value[0].id as string;
    training.child.kill('SIGSTOP');
    const since = rig.events.length;
    const hung = await rig.station.invoke('orders:get', { params: { order_id: orderId } });
    expect(hung).toMatchObject({ ok: false, error: { code: 'offline' } });
    const told = await rig.waitForEvent(
      (event, payload) => event === 'connectivity.changed' && !payload.online,
      20_000,
      since,
    );
    expect(told).toMatchObject({ online: false, service: 'offline' });
    expect(typeof told.offlineSince).toBe('string');
    // While offline the next call does not try: it answers "offline" from the gate (no new hang to detect).
    const next = await rig.station.invoke('orders:get', { params: { order_id: orderId } });
    expect(next).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(await state()).toMatchObject({ online: false, service: 'offline' });
  }, 60_000);

  it('is online again once the service resumes, found by a probe without any call', async () => {
    const since = rig.events.length;
    training.child.kill('SIGCONT');
    await rig.waitForEvent((event, payload) => event === 'connectivity.changed' && payload.online, 20_000, since);
    expect(await state()).toMatchObject({ online: true, service: 'online', offlineSince: null });
    expect((await rig.station.invoke('orders:list', { query: { page_size: 1 } })).ok).toBe(true);
  }, 60_000);
});
