// The work queue with the service frozen (SIGSTOP): the queue read this session answers from what the station read,
// marked offline and as of when; resumed, it is read from the service again. No timing is asserted: states are awaited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationCalls } from '../support/station-calls.ts';
import { type OwnTrainingRig, startWithOwnTraining, toldOnline } from './own-training.ts';

let own: OwnTrainingRig;
beforeAll(async () => {
  own = await startWithOwnTraining(20);
}, 60_000);
afterAll(async () => {
  await own?.close();
});

const { invoke } = stationCalls(() => own.rig);
/** Main's answer on workQueue:get, as it came (a refusal included), typed by the channel. */
const queue = () => invoke('workQueue:get', undefined);
/** The queue of an answer that must be one. */
const queueOf = (answer: Awaited<ReturnType<typeof queue>>) => {
  if (!answer.ok) throw new Error(`workQueue:get refused: ${answer.error.message}`);
  return answer.value;
};

describe('the work queue offline', () => {
  it('answers what the station read, marked offline, and reads the service again once it answers', async () => {
    const answered = await queue();
    expect(answered.ok).toBe(true);
    const online = queueOf(answered);
    expect(online.offline).toBe(false);
    expect(online.review.length).toBeGreaterThan(0);
    own.freeze();
    const since = own.rig.events.length;
    // The first read finds the service down (it does not wait out its timeout), then the gate answers from memory.
    await own.rig.station.invoke('orders:list', { query: { page_size: 1 } });
    await toldOnline(own.rig, false, since);
    const offline = await queue();
    expect(offline).toMatchObject({ ok: true });
    expect(queueOf(offline)).toMatchObject({ offline: true, review: online.review, verify: online.verify });
    expect(queueOf(offline).readAt).toBeLessThanOrEqual(Date.now());
    const back = own.rig.events.length;
    own.resume();
    await toldOnline(own.rig, true, back);
    expect(queueOf(await queue()).offline).toBe(false);
  }, 60_000);
});
