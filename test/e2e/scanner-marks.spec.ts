// A site whose scanners mark each code: an admin sets the marks in Settings with the settings' own words (a technician
// is not offered them), and then a marked code counts as scanned and an unmarked one as typed, however fast or slow
// the keys came.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { call, type Station, scanField, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

const panel = () => page.getByRole('region', { name: 'Scanner marks' });
const scanStatus = () => page.locator('.scan-status');

test('the scanner marks are refused with the settings’ words, then saved, by an admin', async () => {
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+Shift+S');
  await expect(panel().getByLabel('Prefix')).toHaveValue('~');
  await panel().getByLabel('Prefix').fill('a b');
  await panel().getByRole('button', { name: 'Save marks' }).click();
  await expect(panel()).toContainText('The prefix must be 1 to 8 visible characters, without spaces.');
  expect((await call(page, 'settings', 'get')).scannerPrefix).toBe('~');

  await panel().getByLabel('Prefix').fill(']S');
  await panel().getByLabel('Suffix').fill('');
  await panel().getByRole('button', { name: 'Save marks' }).click();
  await expect(panel()).toContainText('Saved: scans are told by their marks.');
  expect(await call(page, 'settings', 'get')).toMatchObject({ scannerPrefix: ']S', scannerSuffix: null });
  await page.getByRole('button', { name: 'Sign out' }).click();
});

test('a code with the prefix opens as scanned, the same code without it as typed', async () => {
  await signIn(page, station.url, 'technician');
  await page.keyboard.press('Alt+Shift+S');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(panel()).toHaveCount(0);
  await page.keyboard.press('Alt+1');
  const order = (await call(page, 'orders', 'list', { query: { page_size: 1 } }))[0]!;
  const number = order?.order_number as string;
  await scanField(page).focus();
  await page.keyboard.type(`]S${number}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: new RegExp(`^Order ${number}`) })).toBeVisible();
  await expect(scanStatus()).toContainText('Scanned');

  await page.keyboard.press('Alt+1');
  await scanField(page).focus();
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  await expect(scanStatus()).toContainText(`Opened order ${number}`);
  await expect(scanStatus()).toContainText('Typed');
});
