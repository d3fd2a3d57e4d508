// The Drills screen in the browser shell: a trainer sets the short-count drill up for the technician, the technician
// sees the order and practice bin, counts the full 90 (the drill's mistake) and says done; main's score shows each
// check missed with its reason. Screenshots of the list, a drill in progress and a scored drill.
import { expect, type Page, test } from '@playwright/test';
import { call, expectAccessible, type Station, shoot, signIn, startStation } from './support.ts';

let station: Station;
let page: Page;

const screen = () => page.getByRole('main', { name: 'Drills' });
const attempts = () => screen().getByRole('region', { name: 'Drills set up and scored' });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await station?.close();
});

test('the trainer sees every drill and sets the short count up for the technician', async () => {
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+Shift+D');
  await expect(screen()).toBeVisible();
  const list = screen().getByRole('region', { name: 'Drills' }).last();
  await expect(list.getByText('Look-alike in the bin: hydroxyzine or hydralazine?')).toBeVisible();
  await expect(attempts()).toContainText('No drill set up yet.');
  await expectAccessible(page, 'drills');
  await shoot(page, 'drills-list', { fullPage: true });

  await screen().getByLabel('For').selectOption('technician@training.local');
  await list.getByRole('listitem').filter({ hasText: 'Short count' }).getByRole('button', { name: 'Set up' }).click();
  await expect(attempts().getByRole('listitem', { name: 'Short count' })).toContainText('60 × Metformin 500 mg tablet');
});

test('the technician sees the order and the practice bin, and a scored drill after saying done', async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, station.url, 'technician');
  await page.keyboard.press('Alt+Shift+D');
  const attempt = attempts().getByRole('listitem', { name: 'Short count' });
  await expect(attempt).toContainText('In progress');
  await expect(screen().getByRole('button', { name: 'Set up' })).toHaveCount(0);
  await shoot(page, 'drill-in-progress', { fullPage: true });

  // The drill's mistake, at the station's own verification: the full 90 typed for a bin of 60.
  const [mine] = await call(page, 'drills', 'results');
  await call(page, 'verify', 'start', { orderId: mine.orderId });
  await call(page, 'verify', 'scan', { orderId: mine.orderId, code: mine.bin[0].code, entry: 'typed', quantity: 90 });

  await attempt.getByRole('button', { name: 'I am done: score it' }).click();
  await expect(attempt).toContainText('0 of 2 checks passed');
  await expect(attempt).toContainText('The order was recorded as verified, and it should not have been.');
  await expect(attempt).toContainText('No discrepancy task was made for the order.');
  await expectAccessible(page, 'drills');
  await shoot(page, 'drill-scored', { fullPage: true });
});
