// The pharmacist's final check by scan, as a pharmacy meets it in Chromium through the browser shell against the
// training service (tech-check-tech not allowed, the pharmacy's default): a technician verifies an order; it waits in
// the pharmacy-wide "waiting for final check" list; the pharmacist opens it and scans the stock bottle and the label.
// Main parses both raw scans and compares them with what it read: a wrong product or a wrong label is a hard stop; the
// right product and the right label pass, the order leaves the list and its label is released as final.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { drugOf, findOrder, type Item, type Order, setPharmacy, verifyOrder } from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';
import { call, expectAccessible, type Station, scan, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

interface Lot {
  product_id: string;
  upc?: string | null;
}

let station: Station;
let context: BrowserContext;
let page: Page;
let order: Order;
let item: Item;
let other: { order: Order; items: Item[] };
let labelCode: string;
let otherLabelCode: string;
let bottle: string;
let wrongBottle: string;

const list = () => page.getByRole('region', { name: /^Waiting for final check/ });
const panel = () => page.getByRole('region', { name: `Final check of order ${order.order_number}` });
const labelOf = (o: Order, i: Item) => ({ kind: 'prescription_label', orderId: o.id, prescriptionId: i.id });

/** The code a label carries: the prescription's service barcode, issued when its label was first prepared. */
async function labelCodeOf(o: Order, i: Item): Promise<string> {
  await call(page, 'print', 'prepare', { document: labelOf(o, i) });
  const params = { entity_type: 'prescription', entity_id: i.id };
  const listed = await call(page, 'barcodes', 'list', { params, query: { is_active: true } });
  return listed.at(-1).value;
}

/** A stock bottle's barcode for the product: a lot's UPC when the service sends one, else the product's SKU. */
async function bottleOf(productId: string, sku: string): Promise<string> {
  const inventory = await call(page, 'inventory', 'list');
  const lot = (inventory.prescription as Lot[]).find((each) => each.product_id === productId && each.upc);
  return lot?.upc ?? sku;
}

test.beforeAll(async ({ browser }) => {
  station = await startStation({ techCheckTech: false });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await setPharmacy(page, station.url);
  await signIn(page, station.url, 'technician');
  const found = await findOrder(page, () => true);
  order = found.order;
  item = found.items[0] as Item;
  other = await findOrder(page, (each) => each.prescription_product_id !== item.prescription_product_id, [order.id]);
  await reviewOrders(page, () => station.url, [order, other.order], 'technician');
  const product = (order.products.prescription ?? []).find((p) => p.id === item.prescription_product_id);
  const foreign = (other.order.products.prescription ?? [])[0];
  if (!product || !foreign) throw new Error('the demo orders have no prescription line');
  bottle = await bottleOf(product.id, product.sku);
  wrongBottle = await bottleOf(foreign.id, foreign.sku);
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('a technician’s verification waits in the pharmacy’s final-check list', async () => {
  await scan(page, order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  await verifyOrder(page, order);
  labelCode = await labelCodeOf(order, item);
  otherLabelCode = await labelCodeOf(other.order, other.items[0] as Item);
  expect(await call(page, 'print', 'check', { document: labelOf(order, item) })).toMatchObject({
    blockedBy: 'final_check',
  });
  await call(page, 'session', 'signOut');
  await signIn(page, station.url, 'pharmacist');
  await page.keyboard.press('Alt+Shift+F');
  await expect(page.getByRole('heading', { name: 'Final check', level: 1 })).toBeVisible();
  const row = list().getByRole('button', { name: new RegExp(`Order ${order.order_number}`) });
  await expect(row).toContainText('Verified by Taylor Technician');
  await expectAccessible(page, 'final check list');
  await shoot(page, 'final-check-queue');
  await row.click();
  await expect(page.getByText('Scan the stock bottle for order')).toBeVisible();
});

test('the wrong product is a hard stop', async () => {
  await scan(page, wrongBottle);
  await expect(panel()).toContainText('Stock bottle scanned.');
  await scan(page, labelCode);
  const stop = panel().getByRole('alert', { name: 'Hard stop' });
  await expect(stop).toContainText(
    'Wrong product: the bottle scanned is a product this order’s verification did not count',
  );
  await expect(list().getByRole('button', { name: new RegExp(`Order ${order.order_number}`) })).toContainText(
    'Last check stopped: Wrong product',
  );
  await expectAccessible(page, 'final check hard stop');
  await shoot(page, 'final-check-wrong-product');
});

test('the wrong label is a hard stop', async () => {
  await scan(page, bottle);
  await scan(page, otherLabelCode);
  const stop = panel().getByRole('alert', { name: 'Hard stop' });
  await expect(stop).toContainText(
    'Wrong label: the code scanned is the label of a prescription that is not on this order',
  );
  await shoot(page, 'final-check-wrong-label');
  expect(await call(page, 'print', 'check', { document: labelOf(order, item) })).toMatchObject({
    allowed: false,
    blockedBy: 'final_check',
  });
});

test('the right product and the right label pass: the order leaves the list and its label is final', async () => {
  await scan(page, bottle);
  await scan(page, labelCode);
  await expect(panel().getByRole('status', { name: 'Final check passed' })).toContainText(
    'The label is released as final. Every prescription line of this order is checked.',
  );
  await shoot(page, 'final-check-passed');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(list().getByRole('button', { name: new RegExp(`Order ${order.order_number}`) })).toHaveCount(0);
  expect(await call(page, 'print', 'check', { document: labelOf(order, item) })).toMatchObject({
    allowed: true,
    reason: null,
  });
  // The label as it now prints, final: no "final check needed" band (the closed check lets the scan field go).
  await panel().getByRole('button', { name: 'Close' }).click();
  await scan(page, order.order_number);
  await page.getByRole('button', { name: `Print label: ${drugOf(item)}` }).click();
  const dialog = page.getByRole('dialog', { name: /^Print / });
  await expect(dialog.getByRole('button', { name: 'Print', exact: true })).toBeEnabled();
  await expect(dialog.getByText('FINAL CHECK NEEDED — NOT FOR DISPENSING')).toHaveCount(0);
  await shoot(page, 'label-after-final-check');
});
