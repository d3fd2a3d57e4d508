// Scan to verify as a technician does it, in Chromium through the browser shell against the training service: every
// line scanned by codes found through the service (SKU with a count, NDC typed, GS1 DataMatrix, a service barcode),
// undo, a wrong product and one too many stopped until a reason is given (each in the audit log at once), verified and
// in the audit log; then an expired lot stopped and turned into a discrepancy task with Alt+D.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { InventoryLot } from '../../contract/service/inventory.ts';
import type { ProductCatalogue } from '../../contract/service/products.ts';
import { withCheckDigit } from '../../rules/verification/codes/gtin.ts';
import { type Line, linesOf, type Order, withLines } from './label-steps.ts';

import { reviewOrders } from './review-steps.ts';
import { call, expectAccessible, type Station, scan, scanField, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;

/** An order's line, as the service lists it. */
type Product = Line;

type Lot = InventoryLot;

/** Records the pitch of every tone the page starts: 1320 Hz is the good chirp, 220 Hz the bad buzz. */
function recordTones() {
  const w = window as unknown as { __tones: number[] };
  w.__tones = [];
  if (typeof OscillatorNode === 'undefined') return;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
    w.__tones.push(this.frequency.value);
    return start.apply(this, args);
  };
}
const tones = () => page.evaluate(() => (window as unknown as { __tones: number[] }).__tones.splice(0));
/** A tone plays once its scan is saved on the station, a moment after the screen shows the count: wait for them. */
async function expectTones(expected: number[]): Promise<void> {
  const heard: number[] = [];
  await expect
    .poll(async () => {
      heard.push(...(await tones()));
      return heard;
    })
    .toEqual(expected);
}

/** A GTIN no product carries (the lot number then names the product), and a lot's expiry as YYMMDD. */
const UNKNOWN_GTIN = withCheckDigit('0000001234567');
const yymmdd = (iso: string) => iso.slice(2, 10).replaceAll('-', '');
const gs1Of = (lot: Lot) => `(01)${UNKNOWN_GTIN}(17)${yymmdd(lot.expiration_date as string)}(10)${lot.batch_number}`;

const feedback = () => page.locator('.verify-feedback');
const stopDialog = () => page.getByRole('alertdialog');
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const row = (product: Product) => page.getByRole('row', { name: literally(product.name!) });

/** Scans the order number, then opens its verification from the order view's Verify button. */
async function openVerification(order: Order): Promise<void> {
  await scan(page, order.order_number);
  // The order view first (a check for the button before it painted raced with it), then its Verify button.
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.getByRole('heading', { name: `Verify order ${order.order_number}` })).toBeVisible();
  await expect(page.locator('#scan-label')).toContainText(`Scan each product of order ${order.order_number}`);
}

/** Types as a person does: a tenth of a second and more between keys. */
async function typeSlowly(text: string): Promise<void> {
  await scanField(page).focus();
  await page.keyboard.type(text, { delay: 120 });
  await page.keyboard.press('Enter');
}

let orders: Order[];
let catalogue: ProductCatalogue;
let lots: Lot[];
let technicianName: string;
let firstOrderId: string;
let secondOrderId: string;

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await page.addInitScript(recordTones);
  await signIn(page, station.url, 'technician');
  // Orders this technician may count: not past verification, not picked (a picked order may name this technician as
  // its picker), and without a controlled line (its count needs a pharmacist: test/e2e/safety.spec.ts).
  const all = (await call(page, 'orders', 'list', { query: { page_size: 200, status: 'received,data_entry' } })).map(
    withLines,
  );
  orders = all.filter((o) => !(o.products.prescription ?? []).some((p) => p.is_controlled_substance));
  // Their prescriptions reviewed "OK to fill" first: counting is what this spec tests (the gate: fill-gate.spec.ts).
  await reviewOrders(page, () => station.url, orders, 'technician');
  catalogue = await call(page, 'products', 'list');
  const inventory = await call(page, 'inventory', 'list');
  lots = [...(inventory.prescription ?? []), ...(inventory.non_prescription ?? [])];
  const session = await call(page, 'session', 'state');
  technicianName = `${session.user!.firstName} ${session.user!.lastName}`;
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

const today = new Date().toISOString().slice(0, 10);
const goodLotOf = (product: Product) =>
  lots.find((lot) => lot.product_id === product.id && (lot.expiration_date ?? '') > `${today}T23:59`);

test('the technician verifies every line, is stopped twice, gives reasons, and the audit log has it all', async () => {
  const order = orders.find(
    (o) =>
      (o.products.prescription?.length ?? 0) === 1 &&
      (o.products.non_prescription?.length ?? 0) === 1 &&
      (o.products.order_material?.length ?? 0) === 1 &&
      goodLotOf(o.products.prescription?.[0] as Product),
  ) as Order;
  expect(order, 'an order with a prescription, an OTC product and a box').toBeTruthy();
  const rx = order.products.prescription?.[0] as Product;
  const otc = order.products.non_prescription?.[0] as Product;
  const box = order.products.order_material?.[0] as Product;
  const wrong = catalogue.non_prescription!.find((p) => p.id !== otc.id) as Product;
  const rxLot = goodLotOf(rx) as Lot;
  const boxLabel = await call(page, 'barcodes', 'create', {
    params: { entity_type: 'order_material', entity_id: box.id },
    body: {},
  });
  const q = rx.quantity as number;
  firstOrderId = order.id;
  // Whole milliseconds: the station's clock and this one are the same computer's.
  const startedAt = Math.floor(Date.now() / 1000) * 1000;

  await openVerification(order);
  await expect(row(rx)).toContainText(`0 / ${q}`);
  await tones();

  // The counted quantity from the stock bottle, then one more, taken back with Alt+U.
  await scan(page, `${q - 2}*${rx.sku}`);
  await expect(row(rx)).toContainText(`${q - 2} / ${q}`);
  await scan(page, rx.sku);
  await expect(row(rx)).toContainText(`${q - 1} / ${q}`);
  await page.keyboard.press('Alt+U');
  await expect(row(rx)).toContainText(`${q - 2} / ${q}`);
  await expect(feedback()).toContainText('Took back one of');

  // The NDC typed without dashes, then the GS1 DataMatrix of a good lot completes the line.
  await typeSlowly((rx.product_code as string).replaceAll('-', ''));
  await expect(row(rx)).toContainText(`${q - 1} / ${q}`);
  await scan(page, gs1Of(rxLot));
  await expect(row(rx)).toContainText(`${q} / ${q}`);
  await expect(row(rx)).toContainText('Complete');
  await expectTones([1320, 1320, 1320, 1320]);

  // One too many: a hard stop that keeps the keyboard until a reason is given.
  await scan(page, rx.sku);
  await expect(stopDialog()).toBeVisible();
  await expect(stopDialog()).toContainText('One too many');
  await stopDialog().getByLabel('Reason').selectOption('count_corrected');
  await stopDialog().getByLabel('What was done').fill('Scanned the stock bottle twice');
  await page.keyboard.press('Enter');
  await expect(stopDialog()).toBeHidden();

  // A product that is not on the order.
  await scan(page, wrong.sku);
  await expect(stopDialog()).toBeVisible();
  await expect(stopDialog()).toContainText(`${wrong.name} (${wrong.sku}) is not on this order`);
  await expectTones([220, 220, 220, 220]);
  await expect(stopDialog().getByLabel('Reason')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(stopDialog()).toBeVisible();
  await expect(stopDialog().getByRole('alert')).toContainText('A hard stop needs a reason');
  await shoot(page, 'verify-stop');
  await expectAccessible(page, 'verify stop');
  await stopDialog()
    .getByRole('button', { name: /^Dismiss the stop/ })
    .click();
  await expect(stopDialog().getByRole('alert')).toHaveText('Choose why the stop is dismissed.');
  await stopDialog().getByLabel('Reason').selectOption('removed');
  await stopDialog().getByLabel('What was done').fill('Put it back on the shelf');
  await page.keyboard.press('Enter');
  await expect(stopDialog()).toBeHidden();
  await expect(scanField(page)).toBeFocused();

  // Both stops are in the audit log already, with who and why, though the verification has not ended.
  const stops = await call(page, 'audit', 'stops', { orderId: order.id });
  expect(stops.map((s) => [s.kind, s.reason, s.note, s.code, s.taskRef])).toEqual([
    ['not_on_order', 'removed', 'Put it back on the shelf', wrong.sku, null],
    ['too_many', 'count_corrected', 'Scanned the stock bottle twice', rx.sku, null],
  ]);
  expect(stops[0]).toMatchObject({ orderNumber: order.order_number, productId: wrong.id, entry: 'scanner' });
  expect(stops[0]!.user).toEqual({ id: expect.any(String), email: 'technician@training.local', name: technicianName });
  expect(await call(page, 'audit', 'list', { orderId: order.id })).toEqual([]);

  // The OTC product by SKU, the box by its service barcode: every line complete, verified and recorded.
  for (let i = 0; i < (otc.quantity as number); i++) await scan(page, otc.sku);
  await expect(row(otc)).toContainText('Complete');
  await scan(page, boxLabel.value!);
  const recorded = page.locator('.verify-recorded');
  await expect(recorded).toContainText(`Verified by ${technicianName}`);
  await expect(row(box)).toContainText('Complete');
  await expectAccessible(page, 'verify');
  await shoot(page, 'verify', { fullPage: true });

  const entry = (await call(page, 'audit', 'list', { orderId: order.id }))[0]!;
  expect(entry).toMatchObject({
    orderId: order.id,
    orderNumber: order.order_number,
    outcome: 'verified',
    user: { email: 'technician@training.local', name: technicianName },
    taskRef: null,
  });
  expect(entry.lines).toEqual(
    expect.arrayContaining([
      { productId: rx.id, sku: rx.sku, expected: q, scanned: q, controlled: false },
      { productId: box.id, sku: box.sku, expected: 1, scanned: 1, controlled: false },
    ]),
  );
  const steps = entry.scans.map((s) => [s.result, s.entry, s.matchedBy, s.quantity, s.stop?.kind ?? null]);
  expect(steps.slice(0, 7)).toEqual([
    ['counted', 'scanner', 'sku', q - 2, null],
    ['counted', 'scanner', 'sku', 1, null],
    ['undone', 'scanner', 'sku', 1, null],
    ['counted', 'typed', 'ndc', 1, null],
    ['counted', 'scanner', 'gs1', 1, null],
    ['stopped', 'scanner', 'sku', 1, 'too_many'],
    ['stopped', 'scanner', 'sku', 1, 'not_on_order'],
  ]);
  expect(entry.scans[4]).toMatchObject({ lotId: rxLot.id, lot: rxLot.batch_number });
  expect(entry.scans[6]!.stop).toEqual({
    kind: 'not_on_order',
    reason: 'removed',
    note: 'Put it back on the shelf',
    taskRef: null,
  });
  expect(entry.scans.at(-1)).toMatchObject({ result: 'counted', matchedBy: 'service_barcode', productId: box.id });
  expect(Date.parse(entry.recordedAt)).toBeGreaterThanOrEqual(startedAt);
  expect(Date.parse(entry.recordedAt)).toBeLessThanOrEqual(Date.now());
});

test('an expired lot is a hard stop; Alt+D turns it into a task, and Alt+D again ends short with a task', async () => {
  const expired = lots.find((lot) => lot.expiration_date != null && lot.expiration_date < today) as Lot;
  expect(expired, 'the demo data has an expired lot').toBeTruthy();
  const order = orders.find(
    (o) => o.id !== firstOrderId && o.products.prescription?.some((p) => p.id === expired.product_id),
  ) as Order;
  expect(order, 'an order of the product with the expired lot').toBeTruthy();
  secondOrderId = order.id;

  // The last verification let go of the scanner: this scan opens the next order.
  await openVerification(order);
  await scan(page, gs1Of(expired));
  await expect(stopDialog()).toContainText('Expired lot');
  await expect(stopDialog()).toContainText(`Lot ${expired.batch_number}`);
  const before = await call(page, 'outbox', 'list');
  await page.keyboard.press('Alt+D');
  await expect(stopDialog()).toBeHidden();
  await expect(feedback()).toContainText('Discrepancy task queued');
  const reported = (await call(page, 'audit', 'stops', { orderId: order.id }))[0]!;
  expect(reported).toMatchObject({ kind: 'expired_lot', reason: 'reported_as_task', lotId: expired.id });
  expect(reported!.taskRef).toEqual(expect.any(String));

  await page.keyboard.press('Alt+D');
  await expect(page.locator('.verify-recorded')).toContainText('Ended with a discrepancy');
  const after = await call(page, 'outbox', 'list');
  const created = after.entries.filter((e) => e.kind === 'create' && !before.entries.some((b) => b.id === e.id));
  expect(created).toHaveLength(2);
  for (const task of created) {
    expect(task.body).toMatchObject({
      order_id: order.id,
      name: `Verification discrepancy: order ${order.order_number}`,
    });
  }
  expect(created[0]!.body.description).toContain('Expired lot');
  expect(created[1]!.body.description).toContain('Short lines:');
  expect(reported!.taskRef).toBe(created[0]!.id);

  const entry = (await call(page, 'audit', 'list', { orderId: order.id }))[0]!;
  expect(entry).toMatchObject({ outcome: 'discrepancy', taskRef: created[1]!.id });
  expect(entry.scans[0]).toMatchObject({
    result: 'stopped',
    lotId: expired.id,
    stop: { kind: 'expired_lot', reason: 'reported_as_task', taskRef: created[0]!.id },
  });
});

test('a reload in the middle of a verification resumes it where it was, and it is recorded once', async () => {
  const used = new Set([firstOrderId, secondOrderId]);
  const order = orders.find(
    (o) => !used.has(o.id) && (o.products.prescription?.[0]?.quantity ?? 0) >= 2 && linesOf(o).every((p) => p?.sku),
  ) as Order;
  expect(order, 'an order whose first prescription line counts two or more').toBeTruthy();
  const rx = order.products.prescription?.[0] as Product;
  const q = rx.quantity as number;
  await openVerification(order);
  await scan(page, rx.sku);
  await expect(row(rx)).toContainText(`1 / ${q}`);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await openVerification(order);
  await expect(row(rx)).toContainText(`1 / ${q}`);
  await expect(feedback()).toContainText('Resumed this verification where it was (1 scans kept)');

  await scan(page, `${q - 1}*${rx.sku}`);
  for (const product of [...(order.products.non_prescription ?? []), ...(order.products.order_material ?? [])]) {
    await scan(page, `${product.quantity ?? 1}*${product.sku}`);
  }
  for (const product of (order.products.prescription ?? []).slice(1)) {
    await scan(page, `${product.quantity ?? 1}*${product.sku}`);
  }
  await expect(page.locator('.verify-recorded')).toBeVisible();
  await expect.poll(async () => (await call(page, 'audit', 'list', { orderId: order.id })).length).toBe(1);
});
