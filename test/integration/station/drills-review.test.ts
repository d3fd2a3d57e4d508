// More drills played through the station's channels, right and wrong: an expired lot, one too many, and a pharmacist's
// review of an allergy conflict and of a prescriber licensed in another state (main runs the clinical checks itself).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrillAttempt } from '../../../contract/ipc/drills.ts';
import { CHECK_IDS } from '../../../rules/clinical/check-model.ts';
import type { ChannelInputOf } from '../support/station-calls.ts';
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

const letGo = (attempt: DrillAttempt, reason: ChannelInputOf<'verify:answerStop'>['reason'], note: string) =>
  value('verify:answerStop', { orderId: attempt.orderId, reason, note, taskRef: null, confirmationId: null });

describe('the expired-lot drill', () => {
  it('right: the expired lot stops the count, is replaced (removed) and reported — every check passes', async () => {
    const attempt = await d.startAs(ADMIN, 'expired-lot', TECHNICIAN);
    await value('verify:start', { orderId: attempt.orderId });
    const stopped = await d.scanItem(attempt, attempt.bin[0]!);
    expect(stopped.run.pending).toMatchObject({ kind: 'expired_lot' });
    await letGo(attempt, 'removed', 'Expired lot LX-4471 taken out');
    const taskRef = await d.discrepancyTask(attempt, {
      short: [{ label: 'Lisinopril 10 mg tablet', scanned: 0, expected: 30 }],
      stops: [
        {
          kind: 'expired_lot',
          label: 'Lisinopril 10 mg tablet',
          code: attempt.bin[0]!.code,
          quantity: 30,
          message: 'Expired lot',
          line: { label: 'Lisinopril 10 mg tablet', scanned: 0, expected: 30 },
          reason: 'removed',
          note: 'expired',
        },
      ],
    });
    await d.finish(attempt, { taskRef });
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ stop_raised: true, verification: true, discrepancy_task: true });
  });

  it('wrong: the expired lot is dismissed as a misread — the stop check is missed, naming the reason', async () => {
    const attempt = await d.startAs(ADMIN, 'expired-lot', TECHNICIAN);
    await value('verify:start', { orderId: attempt.orderId });
    await d.scanItem(attempt, attempt.bin[0]!);
    await letGo(attempt, 'misread', 'looks fine');
    const scored = await d.done(attempt);
    expect(d.verdicts(scored).stop_raised).toBe(false);
    expect(d.reasons(scored)).toMatch(/let go as "Scanned by mistake or misread"/);
  });
});

describe('the one-too-many drill', () => {
  /** The four units counted at once (4 typed before the code): one too many stops before anything counts. */
  const countFour = (attempt: DrillAttempt) => d.scanItem(attempt, attempt.bin[0]!);
  /** The three the order wants, counted once the extra is out: the run completes and main records it verified. */
  const countThree = (attempt: DrillAttempt) => d.scanItem(attempt, attempt.bin[0]!, 3);

  it('right: the fourth unit stops, the count is corrected, the order verified — both pass', async () => {
    const attempt = await d.startAs(ADMIN, 'one-too-many', TECHNICIAN);
    await value('verify:start', { orderId: attempt.orderId });
    const view = await countFour(attempt);
    expect(view.run.pending).toMatchObject({ kind: 'too_many' });
    await letGo(attempt, 'count_corrected', 'Counted four, the order wants three');
    await countThree(attempt);
    expect(d.verdicts(await d.done(attempt))).toEqual({ stop_raised: true, verification: true });
  });

  it('wrong: the extra is let go as "other" — the stop check is missed', async () => {
    const attempt = await d.startAs(ADMIN, 'one-too-many', TECHNICIAN);
    await value('verify:start', { orderId: attempt.orderId });
    await countFour(attempt);
    await letGo(attempt, 'other', 'whatever');
    await countThree(attempt);
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ stop_raised: false, verification: true });
    expect(d.reasons(scored)).toMatch(/let go as "Other"/);
  });
});

/** A pharmacist's review: a clarification (with its task) or "reviewed", acknowledging the failed checks. */
async function review(attempt: DrillAttempt, decision: 'needs_clarification' | 'reviewed', check: string) {
  const prescriptionId = attempt.prescriptionId!;
  let taskRef: string | null = null;
  if (decision === 'needs_clarification') {
    const queued = await value('tasks:enqueue', {
      kind: 'create',
      body: {
        name: `Clarify with the prescriber: order ${attempt.orderNumber}`,
        category_code: 'T02',
        order_id: attempt.orderId,
      },
    });
    taskRef = queued.taskRef ?? queued.id;
  }
  return value('audit:recordReview', {
    prescriptionId,
    decision,
    // The drill's check, and any other main finds failing (the right attempt's prescription, still open, is a
    // duplicate for the wrong one), each acknowledged after reading it.
    findings: [check, ...CHECK_IDS.filter((other) => other !== check)].map((id) => ({
      check: id,
      status: 'fail' as const,
      finding: 'as shown',
      acknowledgement: 'Acknowledged after reading the check',
    })),
    note: decision === 'reviewed' ? '' : 'Asked the prescriber',
    taskRef,
  });
}

describe("the pharmacist's drills", () => {
  for (const [drillId, check] of [
    ['allergy-conflict', 'allergy'],
    ['licence-wrong-state', 'license'],
  ] as const) {
    it(`${drillId} right: main finds the ${check} check failing, the review asks for clarification — passes`, async () => {
      const attempt = await d.startAs(ADMIN, drillId, PHARMACIST);
      const recorded = await review(attempt, 'needs_clarification', check);
      expect(recorded.findings).toEqual(expect.arrayContaining([expect.objectContaining({ check, status: 'fail' })]));
      const scored = await d.done(attempt);
      expect(d.verdicts(scored).review_decision).toBe(true);
      expect(scored.passed).toBe(scored.total);
    });

    it(`${drillId} wrong: the failed ${check} check is acknowledged and marked reviewed — missed`, async () => {
      const attempt = await d.startAs(ADMIN, drillId, PHARMACIST);
      await review(attempt, 'reviewed', check);
      const scored = await d.done(attempt);
      expect(d.verdicts(scored).review_decision).toBe(false);
      expect(d.reasons(scored)).toMatch(/recorded as "Reviewed: OK to fill"; it needed "Needs clarification"/);
    });
  }
});
