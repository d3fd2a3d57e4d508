// Prescription review as a pharmacist meets it: scan the order with the seeded allergy conflict, open its prescription
// from the order view, see the allergy check fail with its reason, reach the checks and the order by keyboard, and keep
// reading the review, marked stale, while the service is unreachable.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { call, expectAccessible, type Station, scan, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;
let orderNumber: string;
let prescriptionId: string;

/**
 * The order of an amoxicillin prescription whose patient is allergic to penicillin, found through the service the
 * way a trainer would look for it (the demo data always holds one: see training/README.md).
 */
async function findSeededConflict(): Promise<{ orderNumber: string; prescriptionId: string }> {
  for (let pageNumber = 1; ; pageNumber++) {
    const items = await call(page, 'prescriptions', 'list', { query: { page_size: 200, page: pageNumber } });
    for (const item of items.filter((p) => p.drug_name === 'Amoxicillin' && p.patient_id)) {
      const allergies = await call(page, 'patients', 'riskFactors', {
        params: { patient_id: item.patient_id! },
        query: { type: 'allergy' },
      });
      if (!allergies.some((a) => /penicillin/i.test(a.name ?? ''))) continue;
      const detail = await call(page, 'prescriptions', 'get', {
        params: { prescription_id: item.id },
        query: { include_all: true },
      });
      const orderId = detail.electronic_prescription?.order_id;
      if (typeof orderId !== 'string' || !orderId) continue;
      const order = await call(page, 'orders', 'get', { params: { order_id: orderId } });
      return { orderNumber: order.order_number, prescriptionId: item.id };
    }
    if (items.length < 200)
      throw new Error('the demo data holds no penicillin allergy with an amoxicillin prescription');
  }
}

const checksPanel = () => page.getByRole('region', { name: 'Checks' });
const check = (title: string) => checksPanel().getByRole('listitem').filter({ hasText: title });

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('the pharmacist scans the order with the seeded conflict and opens its prescription from the order view', async () => {
  await signIn(page, station.url, 'pharmacist');
  ({ orderNumber, prescriptionId } = await findSeededConflict());
  await scan(page, orderNumber);
  const open = page.getByRole('button', { name: /^Open prescription/ });
  await expect(open.first()).toBeVisible();
  await open.first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prescription review: Amoxicillin 500 mg');
  // The review opens with the focus on its heading, where a screen reader starts, not on the page body.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('the allergy check fails and says why, in words and not only colour', async () => {
  const allergy = checksPanel().locator('[data-check="allergy"]');
  await expect(allergy).toContainText('Fail');
  // Worded as a finding, never a double negative ("Fail — No allergy conflict").
  await expect(allergy.locator('.rx-check-title')).toHaveText('Allergy conflict');
  await expect(allergy).toContainText('Penicillin allergy on file, Amoxicillin is a penicillin.');
  // The summary counts it (the demo prescriber may also lack a license for the state: that check can fail too).
  await expect(checksPanel().getByRole('status')).toContainText(/\d fails?,/);
  // The other checks ran against the service's data too.
  await expect(check('Prescriber licensed in')).toHaveCount(1);
  await expect(check('DEA number valid for controlled substances')).toContainText('Not a controlled substance');
  await expect(check('Fills remaining')).toContainText('remaining');
});

test('every item of the prescription and the prescriber are shown, with dates for people', async () => {
  const medication = page.getByRole('article', { name: 'Amoxicillin 500 mg' });
  await expect(medication).toContainText('Take 1 capsule by mouth three times daily for 10 days');
  await expect(medication).toContainText('Under review');
  await expect(medication.getByRole('definition').filter({ hasText: /^\d{1,2} [A-Z][a-z]{2} \d{4}$/ })).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'State licenses' }).getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('region', { name: /^Prescriber:/ })).toContainText(
    /[A-Z]{2}\d{7} \(check digit correct\)/,
  );
  await expect(page.locator('main')).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
});

test('the review screen has no serious accessibility problem', async () => {
  await expectAccessible(page, 'prescription review');
  await shoot(page, 'prescription-review');
});

test('Alt+C brings the checks into view and reads out what did not pass', async () => {
  await page.keyboard.press('Alt+C');
  await expect(checksPanel().locator('[aria-live="assertive"]')).toContainText(
    'Fail, Allergy conflict: Penicillin allergy on file',
  );
  await expect(checksPanel()).toBeInViewport();
});

test('a failed check must be acknowledged before "Reviewed — OK to fill" is offered', async () => {
  const decision = page.getByRole('region', { name: 'Decision' });
  const reviewed = decision.getByRole('button', { name: 'Reviewed — OK to fill' });
  await expect(reviewed).toBeDisabled();
  await expect(decision).toContainText('offered once every failed check is acknowledged');
  const acknowledgements = decision.getByRole('group', { name: 'Acknowledge each failed check with a reason' });
  await expect(acknowledgements.getByLabel('Allergy conflict: why it is acceptable')).toBeVisible();
  const fields = acknowledgements.getByRole('textbox');
  const count = await fields.count();
  for (let i = 0; i < count; i++) {
    await expect(reviewed).toBeDisabled();
    await fields.nth(i).fill('Prescriber called: documented reaction was a rash in 1998');
  }
  await expect(reviewed).toBeEnabled();
});

test('an exception (Alt+X) makes a task naming the patient, order and prescriber, with the findings, and goes to the audit log', async () => {
  const decision = page.getByRole('region', { name: 'Decision' });
  const before = await call(page, 'outbox', 'list');
  await expect(decision.getByRole('button', { name: 'Exception' })).toHaveAttribute('aria-keyshortcuts', 'Alt+X');
  await decision.getByLabel(/^Note/).fill('Ask the prescriber for a non-penicillin antibiotic');
  await page.keyboard.press('Alt+X');
  await expect(decision.getByRole('status')).toContainText('Recorded: Exception by Parker Pharmacist');
  const after = await call(page, 'outbox', 'list');
  const task = after.entries.filter((e) => !before.entries.some((b) => b.id === e.id))[0]!;

  expect(task.body).toMatchObject({
    name: expect.stringMatching(new RegExp(`^Exception: Amoxicillin 500 mg — \\S.+, order ${orderNumber}$`)),
    category_code: 'T02',
    prescription_id: prescriptionId,
  });
  expect(task.body.description).toMatch(/^Patient: \S/m);
  expect(task.body.description).toContain(`Order: ${orderNumber}`);
  expect(task.body.description).toMatch(/^Prescriber: \S/m);
  expect(task.body.description).toContain('Allergy conflict: Penicillin allergy on file, Amoxicillin is a penicillin.');
  expect(task.body.description).toContain("Pharmacist's note: Ask the prescriber for a non-penicillin antibiotic");
  const recorded = (await call(page, 'audit', 'reviews', { prescriptionId }))[0]!;
  expect(recorded).toMatchObject({
    decision: 'exception',
    taskRef: task.id,
    user: { email: 'pharmacist@training.local' },
  });
  expect(recorded.findings.find((f) => f.check === 'allergy')).toMatchObject({
    status: 'fail',
    acknowledgement: 'Prescriber called: documented reaction was a rash in 1998',
  });
  // Decided: the next prescription waiting for review is a key away (Alt+Shift+N).
  await expect(decision.getByRole('button', { name: /^Next prescription: / })).toHaveAttribute(
    'aria-keyshortcuts',
    'Alt+Shift+N',
  );
  await decision.scrollIntoViewIfNeeded();
  await shoot(page, 'review-decision', { fullPage: true });
});

test('the review stays readable, marked as possibly out of date, while the service is unreachable', async () => {
  await station.training.stop();
  try {
    await page.keyboard.press('Alt+R');
    await expect(page.locator('.stale-note')).toContainText(/As of .+, offline/);
    await expect(checksPanel().locator('[data-check="allergy"]')).toContainText('Fail');
  } finally {
    await station.training.start();
  }
  // The station learns the service is back from its probes: read again until the review is current.
  await expect(async () => {
    await page.keyboard.press('Alt+R');
    await expect(page.locator('.stale-note')).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
});

test('Alt+O goes back to the order the prescription was opened from', async () => {
  const back = page.getByRole('button', { name: `Back to order ${orderNumber}` });
  await expect(back).toHaveAttribute('aria-keyshortcuts', 'Alt+O');
  await page.keyboard.press('Alt+O');
  await expect(page.getByRole('article', { name: new RegExp(`^Order ${orderNumber}`) })).toBeVisible();
});
