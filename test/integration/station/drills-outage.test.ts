// The outage drill against a training service the test owns and freezes (SIGSTOP) mid-shift: the trainee's
// discrepancy task waits in the outbox and reaches the service once when it is back; writing it again is the mistake.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrillAttempt } from '../../../contract/ipc/drills.ts';
import type { ChannelValueOf } from '../support/station-calls.ts';
import { drillDriver } from './drill-driver.ts';
import { ADMIN, TECHNICIAN } from './harness.ts';
import { type OwnTrainingRig, startWithOwnTraining, toldOnline } from './own-training.ts';
import { verifyDriver } from './verify-driver.ts';

let own: OwnTrainingRig;
const driver = verifyDriver(() => own.rig);
const { value } = driver;
const d = drillDriver(driver);

beforeAll(async () => {
  own = await startWithOwnTraining();
}, 60_000);
afterAll(async () => {
  await own?.close();
});

/** The outbox's task creates for the order, once every one of them reached the service. */
async function sentFor(orderId: string): Promise<ChannelValueOf<'outbox:list'>['entries']> {
  let mine: ChannelValueOf<'outbox:list'>['entries'] = [];
  await expect
    .poll(
      async () => {
        const { entries } = await value('outbox:list');
        mine = entries.filter((e) => e.kind === 'create' && e.body.order_id === orderId);
        return mine.length > 0 && mine.every((e) => e.state === 'done');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return mine;
}

/** Counts 20 of 30, loses the service, makes the discrepancy task offline, finishes, and gets the service back. */
async function workThroughOutage(attempt: DrillAttempt): Promise<void> {
  await value('verify:start', { orderId: attempt.orderId });
  await d.scanItem(attempt, attempt.bin[0]!);
  const since = own.rig.events.length;
  own.freeze();
  expect(await driver.invoke('orders:get', { params: { order_id: attempt.orderId } })).toMatchObject({ ok: true });
  const taskRef = await d.discrepancyTask(attempt, {
    short: [{ label: 'Amlodipine 5 mg tablet', scanned: 20, expected: 30 }],
    stops: [],
  });
  await d.finish(attempt, { taskRef });
  const back = own.rig.events.length;
  own.resume();
  if (own.rig.events.slice(since).some((e) => e.event === 'connectivity.changed'))
    await toldOnline(own.rig, true, back);
}

describe('the outage drill', () => {
  it('right: the task made offline is sent once when the service is back — every check passes', async () => {
    const attempt = await d.startAs(ADMIN, 'outage-mid-shift', TECHNICIAN);
    await workThroughOutage(attempt);
    expect(await sentFor(attempt.orderId)).toHaveLength(1);
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ discrepancy_task: true, task_sent_once: true, verification: true });
  }, 90_000);

  it('wrong: the trainee writes the task again after the outage — "sent once" is missed', async () => {
    const attempt = await d.startAs(ADMIN, 'outage-mid-shift', TECHNICIAN);
    await workThroughOutage(attempt);
    await d.discrepancyTask(attempt, {
      short: [{ label: 'Amlodipine 5 mg tablet', scanned: 20, expected: 30 }],
      stops: [],
    });
    expect(await sentFor(attempt.orderId)).toHaveLength(2);
    const scored = await d.done(attempt);
    expect(d.verdicts(scored).task_sent_once).toBe(false);
    expect(d.reasons(scored)).toMatch(/written 2 times/);
  }, 90_000);
});
