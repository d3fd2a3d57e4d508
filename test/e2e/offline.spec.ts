// The station with its service gone, as a technician meets it: an order opened earlier opens again at once, marked
// "as of <time>, offline"; one never opened says so in one line; when the service is back the offline marks go.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { call, expectAccessible, type Station, scan, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;
let orders: { id: string; order_number: string }[];

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, station.url, 'technician');
  orders = await call(page, 'orders', 'list', { query: { page_size: 2 } });
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

const scanStatus = () => page.locator('.scan-status');
const indicator = () => page.locator('.conn-button');
const orderView = () => page.locator('main[aria-label="Order"]');

test('an order opened earlier opens again while the service is down, marked with when it was read', async () => {
  const [read, unread] = orders;
  await scan(page, read!.order_number);
  await expect(orderView()).toContainText(read!.order_number);
  await page.keyboard.press('Alt+1');
  await expect(orderView()).toHaveCount(0);

  await station.training.stop();
  await scan(page, read!.order_number);
  await expect(orderView()).toContainText(read!.order_number);
  await expect(scanStatus()).toContainText(new RegExp(`Opened order ${read!.order_number} \\(as of .+, offline\\)`));
  await expect(page.locator('.stale-note')).toContainText(/^As of .+, offline:/);
  await expect(indicator()).toContainText('Offline');
  await expectAccessible(page, 'order offline');
  await shoot(page, 'offline-scan');

  await page.keyboard.press('Alt+1');
  await scan(page, unread!.order_number);
  await expect(page.getByRole('alert')).toHaveText(
    `Offline: ${unread!.order_number} is not among what this station opened today, so it cannot be shown until the service answers.`,
  );
});

test('when the service is back the station finds it by itself, and the offline answers leave the screen', async () => {
  await station.training.start();
  await expect(indicator()).toContainText('Online');
  await expect(page.getByRole('alert').filter({ hasText: 'Offline:' })).toHaveCount(0);
  await expect(scanStatus()).not.toContainText('Not opened');
  const [, unread] = orders;
  await scan(page, unread!.order_number);
  await expect(orderView()).toContainText(unread!.order_number);
  await expect(page.locator('.stale-note')).toHaveCount(0);
});
