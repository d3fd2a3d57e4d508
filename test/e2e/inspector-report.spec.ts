// The inspector's report as a pharmacist meets it on the Report screen: a controlled order verified at the station
// with a pharmacist's count is in the controlled-substance log with its patient, drug, schedule, verifier and witness;
// "Save CSV" saves the very CSV main answers; "Print" gives the same table on a landscape sheet (a PDF here); a
// technician sees no inspector's report.
import { readFileSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type Order, type Line as Product, withLines } from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';
import { call, expectAccessible, type Station, scan, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

const PHARMACIST = 'pharmacist@training.local';
const PASSWORD = 'Training-2026!';
let station: Station;
let context: BrowserContext;
let page: Page;
let order: Order;

const linesOf = (o: Order) => [
  ...(o.products.prescription ?? []),
  ...(o.products.non_prescription ?? []),
  ...(o.products.order_material ?? []),
];
const controlled = (o: Order) => (o.products.prescription ?? []).some((p) => p.is_controlled_substance);
/** Yesterday to tomorrow on the station's calendar: today, whatever day the test runs. */
const around = () =>
  page.evaluate(() => {
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const now = new Date();
    return {
      from: day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1)),
      to: day(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)),
    };
  });
const card = () => page.getByRole('region', { name: "Inspector's report" });

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  page = await context.newPage();
  await signIn(page, station.url, 'technician');
  const orders = (await call(page, 'orders', 'list', { query: { page_size: 200 } })).map(withLines);
  order = orders.find(
    (o) => ['received', 'data_entry'].includes(o.status!) && controlled(o) && linesOf(o).every((p) => p.sku),
  ) as Order;
  expect(order, 'an open order with a controlled line').toBeTruthy();
  await reviewOrders(page, () => station.url, [order], 'technician');
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('a technician verifies a controlled order with the pharmacist’s count, and sees no inspector’s report', async () => {
  await scan(page, order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.getByRole('heading', { name: `Verify order ${order.order_number}` })).toBeVisible();
  for (const product of linesOf(order)) await scan(page, `${product.quantity ?? 1}*${product.sku}`);
  const rx = (order.products.prescription ?? []).find((p) => p.is_controlled_substance) as Product;
  const signOff = page.getByRole('region', { name: 'A pharmacist confirms the controlled count' });
  await signOff.getByLabel(/^Pharmacist’s count of/).fill(`${rx.quantity ?? 1}`);
  await signOff.getByLabel('Pharmacist’s badge or email').fill(PHARMACIST);
  await signOff.getByLabel('Pharmacist’s password').fill(PASSWORD);
  await signOff.getByRole('button', { name: 'Confirm the count as pharmacist' }).click();
  await expect(page.locator('.verify-recorded')).toContainText('Verified by');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+8');
  await expect(page.getByRole('heading', { name: 'Orders report', level: 1 })).toBeVisible();
  await expect(card()).toHaveCount(0);
});

test('a pharmacist shows the controlled-substance log, saves the CSV main wrote and prints the same table', async () => {
  await call(page, 'session', 'signOut');
  await signIn(page, station.url, 'pharmacist');
  await page.keyboard.press('Alt+8');
  await expect(card()).toBeVisible();
  const range = await around();
  await card().getByLabel('Log').selectOption({ label: 'Controlled-substance dispensing log' });
  await card().getByLabel('First day').fill(range.from);
  await card().getByLabel('Last day').fill(range.to);
  await card().getByRole('button', { name: 'Show the log' }).click();
  const table = card().getByRole('table', { name: /^Controlled-substance dispensing log/ });
  const row = table.getByRole('row').filter({ hasText: order.order_number });
  await expect(row).toHaveCount(1);
  const rx = (order.products.prescription ?? []).find((p) => p.is_controlled_substance) as Product;
  for (const text of [`${order.patient!.first_name} ${order.patient!.last_name}`, rx.name, 'Parker Pharmacist']) {
    await expect(row).toContainText(text);
  }
  await expect(row.getByRole('cell').nth(8)).toHaveText(/^(II|III|IV|V)$/);
  await expectAccessible(page, "report with the inspector's report");
  await card().scrollIntoViewIfNeeded();
  await shoot(page, 'inspector-report');

  // Save CSV: the file is main's CSV for the range, byte for byte (after the byte-order mark spreadsheets need).
  const main = await call(page, 'report', 'inspector', { log: 'controlled', ...range });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card().getByRole('button', { name: 'Save CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`controlled-log-${range.from}-to-${range.to}.csv`);
  const saved = readFileSync((await download.path()) as string, 'utf8');
  expect(saved).toBe(`\uFEFF${main.csv}`);
  await expect(card().getByRole('status').filter({ hasText: 'Saved controlled-log-' })).toBeVisible();

  // Print: on paper only the inspector's sheet, the same rows; here as a PDF of the page printed.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.print-layer .inspector-sheet')).toBeVisible();
  await expect(page.locator('main.report')).toBeHidden();
  await expect(page.locator('.print-layer tbody tr')).toHaveCount(main.table.length - 1);
  const pdf = await page.pdf({ preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.screenshot({ path: '.tmp/screenshots/inspector-report-print.png' });
  await page.emulateMedia({ media: 'screen' });
});
