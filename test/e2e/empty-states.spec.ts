// Issue 12: an empty state only after a successful read. With the service not answering, Tasks and Prescribers show
// why they could not read, with Try again — never "No tasks are assigned to you" under the error, never rows of
// "Loading…" that cannot end — and Try again reads them once the service answers.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, type Station, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let page: Page;

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, station.url, 'technician');
  // The station has subscribed to the service's events before it goes, so each screenshot shows the same top bar.
  await expect(page.getByRole('button', { name: /^Connection:/ })).toContainText('Events pushed');
  // Nothing is read yet on those screens; now the service stops answering.
  await station.training.stop();
});

test.afterAll(async () => {
  await page?.context().close();
  await station?.close();
});

test('Tasks says the tasks could not be read, and not that none are assigned', async () => {
  await page.keyboard.press('Alt+2');
  const screen = page.getByRole('main', { name: 'Tasks' });
  await expect(screen.getByRole('alert').filter({ hasText: 'The tasks could not be read' })).toBeVisible();
  await expect(screen).not.toContainText('No tasks are assigned to you');
  await expect(screen).not.toContainText('Reading the tasks');
  await expectAccessible(page, 'tasks that could not be read');
  await shoot(page, 'tasks-unread');
});

test('Prescribers shows the failure alone: no rows of "Loading…", no empty state', async () => {
  await page.keyboard.press('Alt+5');
  await expect(page.getByRole('heading', { name: 'Prescribers', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not read prescribers' })).toBeVisible();
  await expect(page.getByText('The prescribers could not be read.')).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await expect(page.getByText('No prescribers yet')).toHaveCount(0);
  await shoot(page, 'prescribers-unread');
});

test('once the service answers, Try again reads the lists', async () => {
  await station.training.start();
  // Try again reads at once; the station may also read again by itself when its probe sees the service back (then
  // the button is gone before the click lands): either way the list is read.
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  const firstPrescriber = page.getByRole('list', { name: 'Prescribers' }).getByRole('button').first();
  await expect(async () => {
    if ((await tryAgain.count()) > 0) await tryAgain.click({ timeout: 2_000 });
    await expect(firstPrescriber).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Alt+2');
  const screen = page.getByRole('main', { name: 'Tasks' });
  // Coming back to the screen reads again (a failed read is retried when its screen opens).
  await expect(screen.getByRole('alert')).toHaveCount(0);
  await expect(
    screen.getByRole('list', { name: 'My tasks' }).or(screen.getByText('No tasks are assigned to you')),
  ).toBeVisible();
});
