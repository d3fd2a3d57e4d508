// Training drills played through the station's channels, once right and once with the drill's mistake: main scores
// each from its own records (audit log, outbox, the service), with the reasons in words and the time on main's clock.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drillDriver } from './drill-driver.ts';
import { ADMIN, type StationRig, startStationRig, TECHNICIAN } from './harness.ts';
import { verifyDriver } from './verify-driver.ts';

let rig: StationRig;
let clock = Date.parse('2026-11-27T09:00:00Z');
const driver = verifyDriver(() => rig);
const { invoke, value, refusal } = driver;
const d = drillDriver(driver);

beforeAll(async () => {
  rig = await startStationRig({ now: () => clock });
}, 60_000);
afterAll(async () => {
  await rig?.close();
});

describe('the look-alike drill: hydralazine handed for hydroxyzine', () => {
  it('right: the stop is taken out and reported in a discrepancy task, nothing verified — every check passes', async () => {
    const attempt = await d.startAs(ADMIN, 'look-alike-hydroxyzine', TECHNICIAN);
    expect(attempt.bin).toEqual([expect.objectContaining({ name: 'Hydralazine HCl 25 mg tablet', count: 30 })]);
    expect(attempt.lesson).toBe('');
    await value('verify:start', { orderId: attempt.orderId });
    const stopped = await d.scanItem(attempt, attempt.bin[0]!);
    expect(stopped.run.pending).toMatchObject({ kind: 'not_on_order' });
    await value('verify:answerStop', {
      orderId: attempt.orderId,
      reason: 'removed',
      note: 'Hydralazine in the bin, the order is for hydroxyzine',
      taskRef: null,
      confirmationId: null,
    });
    const taskRef = await d.discrepancyTask(attempt, {
      short: [{ label: 'Hydroxyzine HCl 25 mg tablet', scanned: 0, expected: 30 }],
      stops: [
        {
          kind: 'not_on_order',
          label: 'Hydralazine HCl 25 mg tablet',
          code: attempt.bin[0]!.code,
          quantity: 30,
          message: 'Not on this order',
          line: null,
          reason: 'removed',
          note: 'look-alike',
        },
      ],
    });
    const ended = await d.finish(attempt, { taskRef });
    expect(ended).toMatchObject({ ok: true });
    clock += 4 * 60_000;
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ stop_raised: true, verification: true, discrepancy_task: true });
    expect(scored).toMatchObject({ passed: 3, total: 3, secondsTaken: 240, overTime: false });
    expect(scored.lesson).toMatch(/look and sound alike/);
  });

  it('wrong: the stop is waved through as a misread and no task is made — missed, with the reason named', async () => {
    const attempt = await d.startAs(ADMIN, 'look-alike-hydroxyzine', TECHNICIAN);
    await value('verify:start', { orderId: attempt.orderId });
    await d.scanItem(attempt, attempt.bin[0]!);
    await value('verify:answerStop', {
      orderId: attempt.orderId,
      reason: 'misread',
      note: 'scanner misread',
      taskRef: null,
      confirmationId: null,
    });
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ stop_raised: false, verification: true, discrepancy_task: false });
    expect(d.reasons(scored)).toMatch(/let go as "Scanned by mistake or misread"/);
    expect(d.reasons(scored)).toMatch(/No discrepancy task was made/);
    expect(scored.passed).toBe(1);
  });
});

describe('the short-count drill: 60 handed for 90', () => {
  it('right: counted as 60, finished as a discrepancy with its task — both checks pass', async () => {
    const attempt = await d.startAs(ADMIN, 'short-count', TECHNICIAN);
    await value('verify:start', { orderId: attempt.orderId });
    await d.scanItem(attempt, attempt.bin[0]!);
    const taskRef = await d.discrepancyTask(attempt, {
      short: [{ label: 'Metformin 500 mg tablet', scanned: 60, expected: 90 }],
      stops: [],
    });
    const ended = await d.finish(attempt, { taskRef });
    expect(ended).toMatchObject({ ok: true, value: { run: { recorded: { outcome: 'discrepancy' } } } });
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ verification: true, discrepancy_task: true });
  });

  it('wrong: the trainee types the full 90 and the order is verified — both checks missed', async () => {
    const attempt = await d.startAs(ADMIN, 'short-count', TECHNICIAN);
    await value('verify:start', { orderId: attempt.orderId });
    await d.scanItem(attempt, attempt.bin[0]!, 90);
    await d.finish(attempt);
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ verification: false, discrepancy_task: false });
    expect(d.reasons(scored)).toMatch(/recorded as verified, and it should not have been/);
  });
});

describe("the controlled-count drill: a pharmacist's count", () => {
  it("right: the pharmacist's count is confirmed at the station and the order verified — both pass", async () => {
    const attempt = await d.startAs(ADMIN, 'controlled-count', TECHNICIAN);
    const started = await value('verify:start', { orderId: attempt.orderId });
    const line = started.run.lines.find((l) => l.controlled);
    await d.scanItem(attempt, attempt.bin[0]!);
    const confirmationId = await d.confirm('controlled_count', attempt.orderId);
    const counts = [{ productId: line?.productId, counted: line?.expected }];
    const ended = await d.finish(attempt, {
      controlledCount: { confirmationId, counts, note: 'Counted with the tech' },
    });
    expect(ended).toMatchObject({ ok: true, value: { run: { recorded: { outcome: 'verified' } } } });
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ sign_off: true, verification: true });
  });

  it('wrong: the trainee finishes without a pharmacist — refused, and the score says so', async () => {
    const attempt = await d.startAs(ADMIN, 'controlled-count', TECHNICIAN);
    await value('verify:start', { orderId: attempt.orderId });
    await d.scanItem(attempt, attempt.bin[0]!);
    expect(await d.finish(attempt)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    clock += 11 * 60_000;
    const scored = await d.done(attempt);
    expect(d.verdicts(scored)).toEqual({ sign_off: false, verification: false });
    expect(d.reasons(scored)).toMatch(/No verification was recorded with a pharmacist's count/);
    expect(scored.overTime).toBe(true);
  });
});

describe('who may do what with drills, tried as a hostile page would', () => {
  it('a technician may list drills, without what is checked, but not set one up', async () => {
    await d.signInAs(TECHNICIAN);
    const listed = await value('drills:list');
    expect(listed.length).toBeGreaterThanOrEqual(10);
    expect(listed.every((drill) => drill.expects.length === 0)).toBe(true);
    expect(await refusal('drills:start', { drillId: 'short-count', trainee: TECHNICIAN })).toMatchObject({
      code: 'forbidden',
    });
  });

  it('the score is never taken from the page: forged fields are refused, a second "done" keeps the first score', async () => {
    const attempt = await d.startAs(ADMIN, 'short-count', TECHNICIAN);
    for (const input of [
      { attemptId: attempt.id, passed: 2 },
      { attemptId: attempt.id, results: [] },
      { attemptId: 'not-an-id' },
    ]) {
      expect(await refusal('drills:done', input)).toMatchObject({ code: 'invalid_input' });
    }
    const first = await d.done(attempt);
    await value('verify:start', { orderId: attempt.orderId });
    await d.scanItem(attempt, attempt.bin[0]!);
    const again = await d.done(attempt);
    expect(again).toEqual(first);
  });

  it("another trainee cannot say done on someone's drill; its id answers as unknown", async () => {
    const attempt = await d.startAs(ADMIN, 'short-count', TECHNICIAN);
    await d.signInAs('pharmacist@training.local');
    expect(await refusal('drills:done', { attemptId: attempt.id })).toMatchObject({ code: 'not_found' });
  });

  it('the trainer sees what each drill checks, in words', async () => {
    await d.signInAs(ADMIN);
    const lookAlike = (await value('drills:list')).find((drill) => drill.id === 'look-alike-hydroxyzine');
    expect(lookAlike?.expects[0]).toMatch(/stops on "Not on this order"/);
  });

  it("a trainee sees their own results; the trainer sees every trainee's", async () => {
    await d.startAs(ADMIN, 'expired-lot', 'pharmacist@training.local');
    const own = await value('drills:results');
    expect(new Set(own.map((a) => a.trainee))).toEqual(new Set(['pharmacist@training.local']));
    await d.signInAs(ADMIN);
    const all = await value('drills:results');
    expect(new Set(all.map((a) => a.trainee))).toEqual(new Set([TECHNICIAN, 'pharmacist@training.local']));
  });

  it('a trainee’s card names only their role’s practice until it is scored; the trainer’s names the drill', async () => {
    const attempt = await d.startAs(ADMIN, 'expired-lot', TECHNICIAN);
    const own = (await value('drills:results')).find((a) => a.id === attempt.id);
    expect(own?.title).toBe('Technician practice drill');
    const done = await value('drills:done', { attemptId: attempt.id });
    expect(done.title).toBe('An expired lot');
    await d.signInAs(ADMIN);
    const trainers = (await value('drills:results')).find((a) => a.id === attempt.id);
    expect(trainers?.title).toBe('An expired lot');
  });

  it('a drill left without "done" is scored when its time has run out, marked past the time allowed', async () => {
    const attempt = await d.startAs(ADMIN, 'short-count', TECHNICIAN);
    const unscored = (await value('drills:results')).find((a) => a.id === attempt.id);
    expect(unscored).toMatchObject({ results: null, passed: null });
    clock += 10 * 60_000 + 1000;
    const late = (await value('drills:results')).find((a) => a.id === attempt.id);
    expect(late).toMatchObject({ passed: 1, total: 2, overTime: true, secondsTaken: 601 });
    expect(d.reasons(late!)).toMatch(/No discrepancy task was made/);
  });

  it('drill results are their own file, never in the audit log', async () => {
    await d.signInAs(ADMIN);
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(rig.dataDir)).toContain('drill-results.db');
    const exported = await value('audit:export', { from: '2026-11-27', to: '2026-11-27', format: 'json' });
    expect(JSON.stringify(exported)).not.toMatch(/drill_attempts|"drillId"/);
  });

  it('any input a hostile page sends to a drill channel gets a clear refusal, never an internal error', async () => {
    await d.signInAs(ADMIN);
    const channels = ['drills:start', 'drills:done', 'drills:results', 'drills:list'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...channels), fc.jsonValue(), async (channel, input) => {
        const answer = await invoke(channel, input);
        if (!answer.ok) expect(['invalid_input', 'not_found', 'forbidden']).toContain(answer.error.code);
      }),
      { numRuns: 60 },
    );
    for (const drillId of ['../../etc/passwd', 'no-such-drill']) {
      const answer = await invoke('drills:start', { drillId, trainee: TECHNICIAN });
      expect(answer).toMatchObject({ ok: false });
      if (!answer.ok) expect(['invalid_input', 'not_found']).toContain(answer.error.code);
    }
  });

  it('signed out, every drill channel refuses', async () => {
    await invoke('session:signOut');
    for (const [channel, input] of [
      ['drills:list', undefined],
      ['drills:results', undefined],
    ] as const) {
      expect(await refusal(channel, input)).toMatchObject({ code: 'not_signed_in' });
    }
  });
});
