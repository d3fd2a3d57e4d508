// Lot and stock at fill, as a technician meets them in Chromium through the browser shell against the training
// service: the stock bottle's GS1 DataMatrix (GTIN, expiry, lot, serial; the lot ended by the group separator) counts
// the line and the scan log names the lot; a DataMatrix whose expiry has passed is a hard stop; the verified order takes
// its units from that lot at the service once, through the outbox.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { formatGs1 } from '../../rules/verification/codes/gs1.ts';
import { toGtin14 } from '../../rules/verification/codes/gtin.ts';
import { type Order, type Line as Product, withLines } from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';
import { call, type Station, scan, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

interface Lot {
  id: string;
  product_id: string;
  batch_number: string;
  current_quantity: number;
  expiration_date: string;
  upc: string;
}

let station: Station;
let context: BrowserContext;
let page: Page;
let order: Order;
let line: Product;
let lot: Lot;

const linesOf = (o: Order) => [
  ...(o.products.prescription ?? []),
  ...(o.products.non_prescription ?? []),
  ...(o.products.order_material ?? []),
];
const DAY = 86_400_000;
/** YYMMDD `days` from today on this machine's calendar, as the station judges expiry. */
function yymmdd(days: number): string {
  const day = new Date(Date.now() + days * DAY);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(day.getFullYear() % 100)}${two(day.getMonth() + 1)}${two(day.getDate())}`;
}
/** The stock bottle's DataMatrix as a scanner sends it: ]d2, then GTIN, expiry, the lot ended by GS, the serial. */
const dataMatrix = (expiry: string) =>
  formatGs1(
    [
      { ai: '01', value: toGtin14(lot.upc) as string },
      { ai: '17', value: expiry },
      { ai: '10', value: lot.batch_number },
      { ai: '21', value: 'SN40017' },
    ],
    'symbology',
  );
const stopDialog = () => page.getByRole('alertdialog');
const row = (product: Product) => page.getByRole('row', { name: new RegExp(product.sku) });
const lotAtService = async () =>
  (await call(page, 'inventory', 'get', { params: { lot_id: lot.id } })).current_quantity;

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, station.url, 'technician');
  const orders = (
    await call(page, 'orders', 'list', {
      query: { page_size: 200, status: 'received,data_entry' },
    })
  ).map(withLines);
  const inventory = await call(page, 'inventory', 'list');
  for (const candidate of orders) {
    const rx = candidate.products.prescription ?? [];
    if (rx.length !== 1 || rx[0]?.is_controlled_substance || !linesOf(candidate).every((p) => p.sku)) continue;
    const found = (inventory.prescription as Lot[]).find(
      (l) =>
        l.product_id === rx[0]?.id &&
        l.upc &&
        l.current_quantity >= (rx[0]?.quantity ?? 1) &&
        Date.parse(l.expiration_date) > Date.now() + 30 * DAY,
    );
    if (found) {
      order = candidate;
      line = rx[0] as Product;
      lot = found;
      break;
    }
  }
  expect(order, 'an open order of one medication with a lot in date').toBeTruthy();
  await reviewOrders(page, () => station.url, [order], 'technician');
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('a DataMatrix whose expiry has passed is a hard stop; the in-date one counts and names its lot; stock goes down once', async () => {
  const before = lot.current_quantity;
  const q = line.quantity ?? 1;
  await scan(page, order.order_number);
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.getByRole('heading', { name: `Verify order ${order.order_number}` })).toBeVisible();

  await scan(page, dataMatrix(yymmdd(-40)));
  await expect(stopDialog()).toBeVisible();
  await expect(stopDialog()).toContainText('Expired lot');
  await expect(stopDialog()).toContainText(`Lot ${lot.batch_number}`);
  await expect(row(line)).toContainText(`0 / ${q}`);
  await stopDialog().getByLabel('Reason').selectOption('removed');
  await stopDialog().getByLabel('What was done').fill('Took the expired bottle off the shelf');
  await page.keyboard.press('Enter');
  await expect(stopDialog()).toBeHidden();

  await scan(page, `${q}*${dataMatrix(yymmdd(400))}`);
  await expect(row(line)).toContainText(`${q} / ${q}`);
  const counted = page.locator('.verify-log-counted').first();
  await expect(counted).toContainText(`Lot ${lot.batch_number}, expires`);
  await expect(counted).toContainText('<GS>21SN40017');
  await shoot(page, 'verify-lot-at-fill', { fullPage: true });

  for (const other of linesOf(order).filter((p) => p.id !== line.id)) {
    await scan(page, `${other.quantity ?? 1}*${other.sku}`);
  }
  await expect(page.locator('.verify-recorded')).toContainText('Verified by');
  const entry = (await call(page, 'audit', 'list', { orderId: order.id }))[0]!;
  expect(entry.outcome).toBe('verified');
  expect(JSON.stringify(entry)).toContain(lot.batch_number);

  // The stock leaves through the outbox: waited for as a state, never a time.
  await expect.poll(lotAtService, { timeout: 20_000 }).toBe(before - q);
  const { entries } = await call(page, 'outbox', 'list');
  expect(entries.filter((e: { kind: string }) => e.kind === 'stock')).toEqual([
    expect.objectContaining({
      state: 'done',
      taskRef: lot.id,
      body: expect.objectContaining({ additional_quantity: -q }),
    }),
  ]);
  expect(await lotAtService()).toBe(before - q);
});
