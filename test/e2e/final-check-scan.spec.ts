// The pharmacist's final check by scan, as a pharmacy meets it in Chromium through the browser shell against the
// training service (tech-check-tech not allowed, the pharmacy's default): a technician verifies an order and prints its
// label, marked as awaiting the final check; the order waits in the pharmacy-wide "waiting for final check" list; the
// pharmacist opens it and scans the stock bottle and the code read back from that printed label.
// Main parses both raw scans and compares them with what it read: a wrong product or a wrong label is a hard stop; the
// right product and the right label pass, the order leaves the list and its label reprints final.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { decodeBarcode, docShot, pdfText, pdfToPng, renderPdf } from './documents-support.ts';
import { drugOf, findOrder, type Item, type Order, setPharmacy, verifyOrder } from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';
import { call, expectAccessible, type Station, scan, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

/** The band across a label printed before the pharmacist's final check. */
const AWAITING = 'AWAITING PHARMACIST FINAL CHECK';

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
const labelOf = (o: Order, i: Item) => ({ kind: 'prescription_label' as const, orderId: o.id, prescriptionId: i.id });

/**
 * The code on the label printed at fill, as the pharmacist's scanner reads it: the technician prints the label (main
 * lets it print awaiting the final check, with its live barcode and the band), the print route's PDF is rendered at
 * 300 dpi and its DataMatrix decoded.
 */
async function printedLabelCode(o: Order, i: Item, name: string): Promise<string> {
  const pdf = await renderPdf(context, station.url, labelOf(o, i), name);
  expect(pdfText(pdf)).toContain(AWAITING);
  docShot(pdf, name);
  return decodeBarcode(pdfToPng(pdf, 300), 'datamatrix');
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
  bottle = await bottleOf(product.id, product.sku!);
  wrongBottle = await bottleOf(foreign.id, foreign.sku);
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('a technician’s verification prints the label awaiting the final check, with the code the pharmacist scans', async () => {
  await scan(page, order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  await verifyOrder(page, order);
  const documents = page.getByRole('region', { name: 'Labels and documents' });
  await expect(documents.getByRole('listitem').filter({ hasText: drugOf(item) })).toContainText(
    'Verified: prints awaiting the pharmacist’s final check',
  );
  await page.getByRole('button', { name: `Print label: ${drugOf(item)}` }).click();
  const dialog = page.getByRole('dialog', { name: /^Print / });
  await expect(dialog.getByRole('status', { name: 'Awaiting the pharmacist’s final check' })).toContainText(
    'A pharmacist’s final check is required before this label is final',
  );
  await expect(dialog.getByText(AWAITING, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('img', { name: /^Barcode PRESCRIPTION-/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Print', exact: true })).toBeEnabled();
  await expectAccessible(page, 'label awaiting final check');
  await shoot(page, 'label-awaiting-final-check');
  await dialog.getByRole('button', { name: 'Close' }).click();
  labelCode = await printedLabelCode(order, item, 'label-awaiting-final-check');
  expect(labelCode).toMatch(/^PRESCRIPTION-/);
  expect(await call(page, 'print', 'history', { document: labelOf(order, item) })).toEqual([
    expect.objectContaining({ copy: 1, grounds: 'verified', awaitingFinalCheck: true }),
  ]);
  // Another order, verified and labelled the same way: its label is the wrong one for this order.
  await scan(page, other.order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${other.order.order_number}`, exact: true })).toBeVisible();
  await verifyOrder(page, other.order);
  otherLabelCode = await printedLabelCode(other.order, other.items[0] as Item, 'other-label-awaiting-final-check');
});

test('the verified order waits in the pharmacy’s final-check list', async () => {
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
  const check = await call(page, 'print', 'check', { document: labelOf(order, item) });
  expect(check.awaitingFinalCheck).toMatch(/final check is required/);
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
    awaitingFinalCheck: null,
  });
  // The label as it now prints, final: no band (the closed check lets the scan field go).
  await panel().getByRole('button', { name: 'Close' }).click();
  await scan(page, order.order_number);
  await page.getByRole('button', { name: `Print label: ${drugOf(item)}` }).click();
  const dialog = page.getByRole('dialog', { name: /^Print / });
  await expect(dialog.getByRole('button', { name: 'Reprint', exact: true })).toBeEnabled();
  await expect(dialog.getByRole('img', { name: /^Barcode PRESCRIPTION-/ })).toBeVisible();
  await expect(dialog.getByText(AWAITING, { exact: true })).toHaveCount(0);
  await shoot(page, 'label-after-final-check');
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Reprinted final: the same code, no band.
  const reprint = { reason: 'final_check', note: 'Final label after the check by scan' } as const;
  const pdf = await renderPdf(context, station.url, labelOf(order, item), 'label-final', { reprint });
  expect(pdfText(pdf)).not.toContain(AWAITING);
  expect(decodeBarcode(pdfToPng(pdf, 300), 'datamatrix')).toBe(labelCode);
  docShot(pdf, 'label-final');
});
