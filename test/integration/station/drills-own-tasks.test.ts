// A drill's task writes count only when the trainee queued them: the outbox keeps who main's session had signed in
// when each write was queued, and the short-count drill's discrepancy task is scored from the trainee's alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drillDriver, PHARMACIST } from './drill-driver.ts';
import { ADMIN, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;
const driver = verifyDriver(() => rig);
const { value } = driver;
const d = drillDriver(driver);

beforeAll(async () => {
  rig = await startStationRig();
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

const shortLine = { short: [{ label: 'Metformin 500 mg tablet', scanned: 60, expected: 90 }], stops: [] };

/** The short-count drill played by the trainee, the discrepancy task queued by `taskBy` signed in at the station. */
async function playShortCount(taskBy: string) {
  const attempt = await d.startAs(ADMIN, 'short-count', TECHNICIAN);
  if (taskBy !== TECHNICIAN) await d.signInAs(taskBy);
  const taskRef = await d.discrepancyTask(attempt, shortLine);
  if (taskBy !== TECHNICIAN) await d.signInAs(TECHNICIAN);
  await value('verify:start', { orderId: attempt.orderId });
  await d.scanItem(attempt, attempt.bin[0]!);
  const ended = await d.finish(attempt, { taskRef });
  expect(ended).toMatchObject({ ok: true, value: { run: { recorded: { outcome: 'discrepancy' } } } });
  const { entries } = await value('outbox:list');
  const task = entries.find((e) => e.taskRef === taskRef);
  return { attempt, task, scored: await d.done(attempt) };
}

describe("a drill's discrepancy task counts only when the trainee queued it", () => {
  it('queued by a pharmacist signed in at the station during the drill, it is not the trainee’s: the task check is missed', async () => {
    const { task, scored } = await playShortCount(PHARMACIST);
    expect(task?.queuedBy).toMatchObject({ email: PHARMACIST, confirmed: true });
    expect(d.verdicts(scored)).toEqual({ verification: true, discrepancy_task: false });
    expect(d.reasons(scored)).toMatch(/No discrepancy task was made for the order/);
  });

  it('queued by the trainee themselves, the same task scores', async () => {
    const { task, scored } = await playShortCount(TECHNICIAN);
    expect(task?.queuedBy).toMatchObject({ email: TECHNICIAN, confirmed: true });
    expect(d.verdicts(scored)).toEqual({ verification: true, discrepancy_task: true });
  });
});
