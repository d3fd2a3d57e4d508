// Reads belong to a sign-in: an order read started by one person whose answer lands after they signed out and someone
// else signed in is dropped, neither answered nor kept for the next person's offline use. A real station, a training
// service the test owns (frozen with SIGSTOP for the offline part), and the answer held back on its way in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild } from '../../bench/lib/child.ts';
import { stationCalls } from '../support/station-calls.ts';
import { PASSWORD, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { toldOnline } from './own-training.ts';

const PHARMACIST = 'pharmacist@training.local';
let training: Awaited<ReturnType<typeof startChild>>;
let rig: StationRig;

/** Holds back the answers to one order's reads (headers received, body not yet handed on) until released. */
const gate = { orderId: '', waiting: 0, release: () => {}, held: Promise.resolve() };
function holdNext(orderId: string): void {
  gate.orderId = orderId;
  gate.held = new Promise((resolve) => {
    gate.release = () => resolve();
  });
}
const gatedFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (gate.orderId && String(input).endsWith(`/orders/${gate.orderId}`)) {
    gate.waiting += 1;
    await gate.held;
  }
  return response;
};

beforeAll(async () => {
  training = await startChild(
    ['training/cli.ts', '--port', '0', '--db', ':memory:', '--orders', '12', '--paused', '--quiet'],
    /training service listening on (http:\/\/\S+)/,
  );
  rig = await startStationRig({
    startTraining: async () => ({ url: training.url, stop: async () => {} }),
    fetch: gatedFetch,
  });
}, 60_000);
afterAll(async () => {
  training?.child.kill('SIGCONT');
  await rig?.close();
  training?.child.kill('SIGTERM');
});

const { invoke } = stationCalls(() => rig);
const signIn = async (email: string) =>
  expect((await invoke('session:signIn', { email, password: PASSWORD })).ok).toBe(true);

describe('reads belong to the sign-in they started in', () => {
  it('drops an answer that lands after a change of person, and keeps none of it for the next person offline', async () => {
    await signIn(TECHNICIAN);
    const list = (await invoke('orders:list', { query: { page_size: 2 } })) as { value: { id: string }[] };
    const [raced, own] = list.value.map((order) => order.id) as [string, string];

    holdNext(raced);
    const late = invoke('orders:get', { params: { order_id: raced } });
    await expect.poll(() => gate.waiting).toBe(1);
    expect((await invoke('session:signOut')).ok).toBe(true);
    await signIn(PHARMACIST);
    gate.release();
    expect(await late).toMatchObject({
      ok: false,
      error: { code: 'aborted', message: expect.stringContaining('The person signed in changed while orders.get') },
    });
    gate.orderId = '';

    // The pharmacist's own read is kept (the offline path works), the technician's late one is not.
    expect((await invoke('orders:get', { params: { order_id: own } })).ok).toBe(true);
    const since = rig.events.length;
    training.child.kill('SIGSTOP');
    const offlineOwn = await invoke('orders:get', { params: { order_id: own } });
    expect(offlineOwn).toMatchObject({ ok: true, value: { id: own } });
    await toldOnline(rig, false, since);
    expect(await invoke('orders:get', { params: { order_id: raced } })).toMatchObject({
      ok: false,
      error: { code: 'offline' },
    });
  }, 90_000);
});
