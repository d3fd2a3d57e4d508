// The work queue with the service frozen (SIGSTOP): the queue read this session answers from what the station read,
// marked offline and as of when; resumed, it is read from the service again. No timing is asserted: states are awaited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnTrainingRig, startWithOwnTraining, toldOnline } from './own-training.ts';

let own: OwnTrainingRig;
beforeAll(async () => {
  own = await startWithOwnTraining(20);
}, 60_000);
afterAll(async () => {
  await own?.close();
});

const queue = async () => (await own.rig.station.invoke('workQueue:get', undefined)) as { ok: boolean; value: any };

describe('the work queue offline', () => {
  it('answers what the station read, marked offline, and reads the service again once it answers', async () => {
    const online = await queue();
    expect(online.ok).toBe(true);
    expect(online.value.offline).toBe(false);
    expect(online.value.review.length).toBeGreaterThan(0);
    own.freeze();
    const since = own.rig.events.length;
    // The first read finds the service down (it does not wait out its timeout), then the gate answers from memory.
    await own.rig.station.invoke('orders:list', { query: { page_size: 1 } });
    await toldOnline(own.rig, false, since);
    const offline = await queue();
    expect(offline).toMatchObject({ ok: true });
    expect(offline.value).toMatchObject({ offline: true, review: online.value.review, verify: online.value.verify });
    expect(offline.value.readAt).toBeLessThanOrEqual(Date.now());
    const back = own.rig.events.length;
    own.resume();
    await toldOnline(own.rig, true, back);
    expect((await queue()).value.offline).toBe(false);
  }, 60_000);
});
