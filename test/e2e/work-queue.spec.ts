// The review and verify work queue in Chromium through the browser shell against the training service: reached from
// the palette and by Alt+Shift+Q; the tramadol order of a child waits for review flagged controlled, minor and with the age
// finding; the arrows move between rows and Enter opens the review; a "Needs clarification" moves it to the holds,
// naming the task and saying it is the pharmacist's own.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { call, expectAccessible, type Station, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;

const queueHeading = () => page.getByRole('heading', { name: 'Work queue', level: 1 });
const section = (name: RegExp) => page.getByRole('region', { name });
/** The tramadol prescription of a child (order 1000144 in the demo data). */
const childTramadol = () =>
  section(/^Waiting for review/)
    .getByRole('button', { name: /Tramadol/ })
    .filter({ hasText: 'Minor' })
    .first();

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await signIn(page, station.url, 'pharmacist');
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('the palette finds the work queue by "queue" and "holds", and Alt+Shift+Q opens it', async () => {
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  for (const words of ['queue', 'holds']) {
    // Ctrl+K again if the station had not taken the keys yet just after signing in.
    await expect(async () => {
      if (!(await palette.isVisible())) await page.keyboard.press('Control+k');
      await expect(palette).toBeVisible({ timeout: 1000 });
    }).toPass();
    // The field has the focus as the palette opens; the scan field taking it back just after sign-in is not the test.
    await palette.getByRole('combobox').focus();
    await page.keyboard.type(words);
    await expect(palette.getByRole('combobox')).toHaveValue(words);
    await expect(palette.getByRole('option', { name: /Work queue/ }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
  }
  await page.keyboard.press('Alt+Shift+Q');
  await expect(queueHeading()).toBeVisible();
});

test('the tramadol order of a child waits for review, flagged controlled, minor and with the age finding', async () => {
  const review = section(/^Waiting for review/);
  const tramadol = childTramadol();
  await expect(tramadol).toBeVisible();
  await expect(tramadol).toContainText('C-IV');
  await expect(review.getByRole('button', { name: /Tramadol/ }).filter({ hasText: 'C-IV' })).not.toHaveCount(0);
  await expect(tramadol).toContainText(/failed check/);
  await expect(tramadol).toContainText(/Tramadol is not for a patient of \d+/);
  await expect(
    section(/^Waiting for verification/)
      .getByRole('button')
      .first(),
  ).toBeVisible();
  await expectAccessible(page, 'work queue');
  await shoot(page, 'work-queue');
});

test('keyboard first: the first row has the focus, the arrows move between rows, Enter opens the review', async () => {
  const rows = page.locator('[data-queue-row]');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(rows.first()).toBeFocused();
  await childTramadol().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Prescription review: Tramadol');
});

test('"Needs clarification" moves it to the holds, naming the task and that it is yours', async () => {
  await page
    .getByLabel('Note (for a clarification or an exception, say what)')
    .fill('Tramadol under 12: ask the prescriber');
  await page.getByRole('button', { name: 'Needs clarification', exact: true }).click();
  await expect(page.locator('.rx-decision-recorded')).toContainText('Recorded: Needs clarification');
  await page.keyboard.press('Alt+Shift+Q');
  await expect(queueHeading()).toBeVisible();
  const held = section(/^Holds/).getByRole('button', { name: /Tramadol/ });
  await expect(held).toContainText('Needs clarification by you');
  await expect(held).toContainText(/Task: "Needs clarification: Tramadol/);
  await expect(held).toContainText('Note: Tramadol under 12: ask the prescriber');
  const orders = await call(page, 'workQueue', 'get');
  expect(orders.holds[0]).toMatchObject({ hold: { decision: 'needs_clarification', mine: true } });
  await held.scrollIntoViewIfNeeded();
  await shoot(page, 'work-queue-held');
});
