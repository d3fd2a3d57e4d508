// A frozen service (SIGSTOP) against a real station: the station says offline on its own, a call that needs the
// service answers "offline" without waiting out its timeout, and it is online again once the service resumes.
// No timing is asserted: the states are awaited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationCalls } from '../support/station-calls.ts';
import { type OwnTrainingRig, startWithOwnTraining, toldOnline } from './own-training.ts';

let own: OwnTrainingRig;
beforeAll(async () => {
  own = await startWithOwnTraining();
}, 60_000);
afterAll(async () => {
  await own?.close();
});

const { invoke, value } = stationCalls(() => own.rig);
const state = () => value('connectivity:state', undefined);

describe('a frozen service', () => {
  it('is found offline by the call that hangs, which answers "offline", and so do the calls after it', async () => {
    const orderId = (await value('orders:list', { query: { page_size: 1 } }))[0]!.id;
    own.freeze();
    const since = own.rig.events.length;
    // Not read before: nothing to stand in for it.
    const hung = await invoke('orders:get', { params: { order_id: orderId } });
    expect(hung).toMatchObject({ ok: false, error: { code: 'offline' } });
    const told = await toldOnline(own.rig, false, since);
    expect(told).toMatchObject({ online: false, service: 'offline' });
    expect(typeof told.offlineSince).toBe('string');
    // While offline the next call does not try: it answers "offline" from the gate.
    const next = await invoke('orders:get', { params: { order_id: orderId } });
    expect(next).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(await state()).toMatchObject({ online: false, service: 'offline' });
  }, 60_000);

  it('is online again once the service resumes, found by a probe without any call', async () => {
    const since = own.rig.events.length;
    own.resume();
    await toldOnline(own.rig, true, since);
    expect(await state()).toMatchObject({ online: true, service: 'online', offlineSince: null });
    expect((await invoke('orders:list', { query: { page_size: 1 } })).ok).toBe(true);
  }, 60_000);
});
