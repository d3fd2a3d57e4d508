// Every training drill played twice through the browser shell on one station: once as a trainee who does it right
// (every check passes) and once as one who makes the drill's mistake (the checks it tempts are missed, with main's
// reasons in words). Each play is a new drill set up on the training service (its own order, products and patient);
// the trainee's moves go through the page's bridge as the screens make them (drill-steps.ts). No sleeps: the outage
// drill waits for the outbox's state. Last, the trainer's Drills screen shows every attempt scored.
// No reset of the training data between plays: each play sets up its own records, and a reset would restart the
// service's drill counter, which seeds a drill's ids, so a later drill's order would reuse an id the station's audit
// log already holds for an earlier one (the duplicate-patient drill counts its patient at set-up for the same reason).
import { expect, type Page, test } from '@playwright/test';
import { PHARMACY } from './documents-support.ts';
import { type Attempt, drillSteps, PHARMACIST, reasons, TECHNICIAN, verdicts } from './drill-steps.ts';
import { call, openStation, refusalOf, type Station, signIn } from './support.ts';

let station: Station;
let page: Page;
let opened: Awaited<ReturnType<typeof openStation>> | undefined;
const s = drillSteps(() => page);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  opened = await openStation(browser, { role: 'admin' });
  ({ station, page } = opened);
  // The damaged-label drill prints labels: the pharmacy a label names.
  await call(page, 'settings', 'update', {
    pharmacyName: PHARMACY.name,
    pharmacyAddress: PHARMACY.address,
    pharmacyPhone: PHARMACY.phone,
  });
});

test.afterAll(async () => {
  await opened?.close();
});

/** How a play ends: each check's verdict, and (for the mistake) what main's reasons must say. */
interface Play {
  trainee: string;
  play(a: Attempt): Promise<unknown>;
  verdicts: Record<string, boolean>;
  reason?: RegExp;
  /** The station refuses the mistake itself (main's rule), so no check can be missed: the play asserts the refusal. */
  prevented?: true;
}

const shortOf = (label: string, scanned: number, expected: number): Parameters<typeof s.discrepancyTask>[1] => ({
  short: [{ label, scanned, expected }],
  stops: [],
});
type Line = { label: string; scanned: number; expected: number };
const stopOf = (a: Attempt, kind: 'not_on_order' | 'expired_lot', label: string, line: Line | null) => ({
  kind,
  label,
  code: a.bin[0]?.code as string,
  quantity: 30,
  message: kind === 'expired_lot' ? 'Expired lot' : 'Not on this order',
  line,
  reason: 'removed' as const,
  note: 'taken out',
});

/** The outage: the count made, the service stopped, the task made and the run finished offline, the service back. */
async function throughOutage(a: Attempt, again: boolean) {
  await s.verifyStart(a);
  await s.scanBin(a);
  await station.training.stop();
  const taskRef = await s.discrepancyTask(a, shortOf('Amlodipine 5 mg tablet', 20, 30));
  expect(await s.finish(a, { taskRef })).toMatchObject({ ok: true });
  await station.training.start();
  if (again) await s.discrepancyTask(a, shortOf('Amlodipine 5 mg tablet', 20, 30));
  await expect
    .poll(async () => {
      const { entries } = await call(page, 'outbox', 'list');
      const mine = entries.filter((e) => e.kind === 'create' && e.body.order_id === a.orderId);
      return mine.length > 0 && mine.every((e) => e.state === 'done') ? mine.length : 0;
    })
    .toBe(again ? 2 : 1);
}

const patientAgain = (firstName: string) => ({
  body: {
    first_name: firstName,
    last_name: 'Syntheticson',
    date_of_birth: '1966-10-02',
    email: 'parker.again@drills.example',
    phone: '5550001111',
    address: { address_1: '9 Elm St', city: 'Columbus', state: 'OH', zip_code: '43004', country: 'US' },
  },
});

const DRILLS: Record<string, { right: Play; mistake: Play }> = {
  'look-alike-hydroxyzine': {
    right: {
      trainee: TECHNICIAN,
      async play(a) {
        await s.verifyStart(a);
        await s.scanBin(a);
        await s.letGo(a, 'removed', 'Hydralazine in the bin, the order is for hydroxyzine');
        const stop = stopOf(a, 'not_on_order', 'Hydralazine HCl 25 mg tablet', null);
        const taskRef = await s.discrepancyTask(a, {
          short: [{ label: 'Hydroxyzine HCl 25 mg tablet', scanned: 0, expected: 30 }],
          stops: [stop],
        });
        return s.finish(a, { taskRef });
      },
      verdicts: { stop_raised: true, verification: true, discrepancy_task: true },
    },
    mistake: {
      trainee: TECHNICIAN,
      async play(a) {
        await s.verifyStart(a);
        await s.scanBin(a);
        await s.letGo(a, 'misread', 'scanner misread');
      },
      verdicts: { stop_raised: false, verification: true, discrepancy_task: false },
      reason: /let go as "Scanned by mistake or misread".*No discrepancy task was made/,
    },
  },
  'short-count': {
    right: {
      trainee: TECHNICIAN,
      async play(a) {
        await s.verifyStart(a);
        await s.scanBin(a);
        const taskRef = await s.discrepancyTask(a, shortOf('Metformin 500 mg tablet', 60, 90));
        return s.finish(a, { taskRef });
      },
      verdicts: { verification: true, discrepancy_task: true },
    },
    mistake: {
      trainee: TECHNICIAN,
      async play(a) {
        await s.verifyStart(a);
        await s.scanBin(a, 90);
        await s.finish(a);
      },
      verdicts: { verification: false, discrepancy_task: false },
      reason: /recorded as verified, and it should not have been/,
    },
  },
  'controlled-count': {
    right: {
      trainee: TECHNICIAN,
      async play(a) {
        const started = await s.verifyStart(a);
        const line = started.run.lines.find((l) => l.controlled)!;
        await s.scanBin(a);
        const confirmationId = await s.confirm('controlled_count', a);
        // The pharmacist's own count, a plain number, which main compares with the technician's scans.
        const counts = [{ productId: line.productId, counted: line.expected }];
        const controlledCount = { confirmationId, counts, note: 'Counted 30 with the tech' };
        expect(await s.finish(a, { controlledCount })).toMatchObject({ ok: true });
      },
      verdicts: { sign_off: true, verification: true },
    },
    mistake: {
      trainee: TECHNICIAN,
      async play(a) {
        await s.verifyStart(a);
        await s.scanBin(a);
        expect(await s.finish(a)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      },
      verdicts: { sign_off: false, verification: false },
      reason: /No verification was recorded with a pharmacist's count/,
    },
  },
  'expired-lot': {
    right: {
      trainee: TECHNICIAN,
      async play(a) {
        await s.verifyStart(a);
        await s.scanBin(a);
        await s.letGo(a, 'removed', 'Expired lot taken out');
        const line = { label: 'Lisinopril 10 mg tablet', scanned: 0, expected: 30 };
        const stop = stopOf(a, 'expired_lot', 'Lisinopril 10 mg tablet', line);
        const taskRef = await s.discrepancyTask(a, { short: [line], stops: [stop] });
        return s.finish(a, { taskRef });
      },
      verdicts: { stop_raised: true, verification: true, discrepancy_task: true },
    },
    mistake: {
      trainee: TECHNICIAN,
      async play(a) {
        await s.verifyStart(a);
        await s.scanBin(a);
        await s.letGo(a, 'misread', 'looks fine');
      },
      verdicts: { stop_raised: false, verification: true, discrepancy_task: false },
      reason: /let go as "Scanned by mistake or misread"/,
    },
  },
  'one-too-many': {
    right: {
      trainee: TECHNICIAN,
      async play(a) {
        await s.verifyStart(a);
        await s.scanBin(a);
        await s.letGo(a, 'count_corrected', 'Counted four, the order wants three');
        await s.scanBin(a, 3);
      },
      verdicts: { stop_raised: true, verification: true },
    },
    mistake: {
      trainee: TECHNICIAN,
      async play(a) {
        await s.verifyStart(a);
        await s.scanBin(a);
        await s.letGo(a, 'other', 'whatever');
        await s.scanBin(a, 3);
      },
      verdicts: { stop_raised: false, verification: true },
      reason: /let go as "Other"/,
    },
  },
  'cancelled-mid-verification': {
    right: {
      trainee: TECHNICIAN,
      async play(a) {
        const order = await call(page, 'orders', 'get', { params: { order_id: a.orderId } });
        expect(order.cancellation_requested).toBe(true);
      },
      verdicts: { verification: true, labels_after_verification: true },
    },
    mistake: {
      trainee: TECHNICIAN,
      // Verifying it all the same: main's run refuses an order with a cancellation requested, so nothing is recorded.
      async play(a) {
        const refused = await s.invoke('verify', 'start', { orderId: a.orderId });
        expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
        expect(refusalOf(refused).message).toContain('has a cancellation requested');
      },
      verdicts: { verification: true, labels_after_verification: true },
      prevented: true,
    },
  },
  'outage-mid-shift': {
    right: {
      trainee: TECHNICIAN,
      play: (a) => throughOutage(a, false),
      verdicts: { discrepancy_task: true, task_sent_once: true, verification: true },
    },
    mistake: {
      trainee: TECHNICIAN,
      play: (a) => throughOutage(a, true),
      verdicts: { discrepancy_task: true, task_sent_once: false, verification: true },
      reason: /written 2 times/,
    },
  },
  'allergy-conflict': {
    right: {
      trainee: PHARMACIST,
      play: (a) => s.review(a, 'needs_clarification', 'allergy'),
      verdicts: { review_decision: true, verification: true, labels_after_verification: true },
    },
    mistake: {
      trainee: PHARMACIST,
      play: (a) => s.review(a, 'reviewed', 'allergy'),
      verdicts: { review_decision: false, verification: true, labels_after_verification: true },
      reason: /recorded as "Reviewed: OK to fill"; it needed "Needs clarification"/,
    },
  },
  'licence-wrong-state': {
    right: {
      trainee: PHARMACIST,
      play: (a) => s.review(a, 'needs_clarification', 'license'),
      verdicts: { review_decision: true, verification: true },
    },
    mistake: {
      trainee: PHARMACIST,
      play: (a) => s.review(a, 'reviewed', 'license'),
      verdicts: { review_decision: false, verification: true },
      reason: /recorded as "Reviewed: OK to fill"; it needed "Needs clarification"/,
    },
  },
  'duplicate-patient-intake': {
    right: {
      trainee: TECHNICIAN,
      // Found on file by name and birth date: nobody is created.
      play: () => call(page, 'search', 'patients', { query: { q: '1966-10-02', limit: 20 } }),
      verdicts: { no_duplicate_patient: true },
    },
    mistake: {
      trainee: TECHNICIAN,
      play: () => call(page, 'patients', 'create', patientAgain('Parkerr')),
      verdicts: { no_duplicate_patient: false },
      reason: /holds 2 records of the same patient; it held 1 when the drill began/,
    },
  },
  'damaged-label-reprint': {
    right: {
      trainee: TECHNICIAN,
      async play(a) {
        await s.verifyStart(a);
        await s.scanBin(a);
        await s.printLabel(a);
        await s.printLabel(a, { reason: 'damaged', note: 'Smudged across the directions' });
      },
      verdicts: { verification: true, labels_after_verification: true, reprint_reason: true },
    },
    mistake: {
      trainee: TECHNICIAN,
      async play(a) {
        await s.verifyStart(a);
        await s.scanBin(a);
        await s.printLabel(a);
        await s.printLabel(a, { reason: 'lost', note: 'could not find it' });
      },
      verdicts: { verification: true, labels_after_verification: true, reprint_reason: false },
      reason: /reprinted, but not for the reason "damaged"/,
    },
  },
};

test('every drill on offer is played here', async () => {
  const offered = (await call(page, 'drills', 'list')).map((d: { id: string }) => d.id);
  expect(offered.sort()).toEqual(Object.keys(DRILLS).sort());
});

for (const [drillId, { right, mistake }] of Object.entries(DRILLS)) {
  test(`${drillId}: done right, every check passes; with its mistake, those checks are missed and main says why`, async () => {
    const rightAttempt = await s.start(drillId, right.trainee);
    await right.play(rightAttempt);
    const rightScore = await s.done(rightAttempt);
    expect(verdicts(rightScore), reasons(rightScore)).toEqual(right.verdicts);
    expect(rightScore.passed).toBe(rightScore.total);
    expect(rightScore.lesson).not.toBe('');

    const wrongAttempt = await s.start(drillId, mistake.trainee);
    await mistake.play(wrongAttempt);
    const wrongScore = await s.done(wrongAttempt);
    expect(verdicts(wrongScore), reasons(wrongScore)).toEqual(mistake.verdicts);
    if (mistake.prevented) {
      expect(wrongScore.passed).toBe(wrongScore.total);
    } else {
      expect(wrongScore.passed).toBeLessThan(wrongScore.total);
      expect(reasons(wrongScore)).toMatch(mistake.reason as RegExp);
    }
  });
}

test("the trainer's Drills screen shows every attempt scored, each with main's reasons", async () => {
  await call(page, 'session', 'signOut');
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+Shift+D');
  const attempts = page.getByRole('main', { name: 'Drills' }).getByRole('region', { name: 'Drills set up and scored' });
  const total = Object.keys(DRILLS).length * 2;
  await expect(attempts.getByRole('listitem').filter({ hasText: /\d+ of \d+ checks passed/ })).toHaveCount(total);
  await expect(attempts.getByRole('listitem').filter({ hasText: 'In progress' })).toHaveCount(0);
  // The look-alike's and the expired lot's mistakes, in main's words on the screen (one missed check each).
  const misread = attempts
    .getByRole('listitem')
    .filter({ hasText: /^Missed:.*let go as "Scanned by mistake or misread"/ });
  await expect(misread).toHaveCount(2);
});
