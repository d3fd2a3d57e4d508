// A product that is not the prescribed drug, as the verify desk meets it in Chromium through the browser shell against
// the training service: an admin links a prescription for hydrocortisone cream to an order's tablet line (as a
// mistyped link would); a pharmacist reviews it "OK to fill"; the technician's scan of the tablets is a hard stop that
// names what was prescribed, which the technician alone cannot let go; the pharmacist's confirmation does.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type Line, type Order, withLines } from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';
import { call, DEMO_PASSWORD, expectAccessible, type Station, scan, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;
let order: Order;
let line: Line<'prescription'>;

/** An open order with one prescription line (not controlled) whose prescription names that line's product. */
async function plainOrder() {
  const open = await call(page, 'orders', 'list', { query: { page_size: 200, status: 'received,data_entry' } });
  for (const candidate of open) {
    const lines = candidate.products?.prescription ?? [];
    const all = [...lines, ...(candidate.products?.non_prescription ?? [])];
    if (lines.length !== 1 || !lines[0]!.sku || all.some((p) => p.is_controlled_substance)) continue;
    const erx = await call(page, 'prescriptions', 'getElectronic', {
      params: { electronic_prescription_id: candidate.electronic_prescription_ids![0]! },
    });
    const first = erx.prescriptions?.[0];
    if (first?.prescription_product_id === lines[0]!.id && first?.prescriber_id) return { candidate, first };
  }
  throw new Error('the demo data holds no plain open order');
}

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await signIn(page, station.url, 'admin');
  const { candidate, first } = await plainOrder();
  const full = await call(page, 'orders', 'get', { params: { order_id: candidate.id } });
  await call(page, 'prescriptions', 'createElectronic', {
    body: {
      patient: { id: full.patient!.id },
      prescriber: { id: first.prescriber_id! },
      order: { id: candidate.id },
      medication: {
        drug_name: 'Hydrocortisone cream',
        strength: '2.5%',
        quantity: 1,
        units: 'tube',
        sig: 'Apply thinly twice daily',
        prescription_product_id: candidate.products!.prescription![0]!.id,
      },
    },
  });
  order = withLines(await call(page, 'orders', 'get', { params: { order_id: candidate.id } }));
  line = order.products.prescription![0]!;
  await reviewOrders(page, () => station.url, [order], 'technician');
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('a scanned product that is not the prescribed drug is a hard stop that only a pharmacist lets go', async () => {
  await scan(page, order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.locator('#scan-label')).toContainText(`Scan each product of order ${order.order_number}`);
  await scan(page, line.sku);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Hard stop: Not the prescribed drug');
  await expect(dialog).toContainText('the prescription is for Hydrocortisone cream 2.5%');
  // Every reason it offers needs the pharmacist: the fields appear whichever is chosen.
  await dialog.getByLabel('Reason').selectOption('removed');
  await expect(dialog.getByLabel('Pharmacist’s password')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Create a discrepancy task/ })).toHaveCount(0);
  await dialog.getByLabel('What was done').fill('Tablets taken out: the prescription is for a cream');
  await shoot(page, 'verify-not-prescribed', { fullPage: true });
  await expectAccessible(page, 'verify not prescribed');
  // The technician's own password is not a pharmacist's: refused, the stop stays.
  await dialog.getByLabel('Pharmacist’s badge or email').fill('technician@training.local');
  await dialog.getByLabel('Pharmacist’s password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: /^Dismiss the stop/ }).click();
  await expect(dialog).toContainText('Only a pharmacist can confirm this');
  await expect(dialog).toBeVisible();
  // The pharmacist confirms at the station: the stop is let go and kept with who approved it.
  await dialog.getByLabel('Pharmacist’s badge or email').fill('pharmacist@training.local');
  await dialog.getByLabel('Pharmacist’s password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: /^Dismiss the stop/ }).click();
  await expect(dialog).toBeHidden();
  const stop = (await call(page, 'audit', 'stops', { orderId: order.id }))[0]!;
  expect(stop).toMatchObject({ kind: 'not_prescribed', reason: 'removed' });
  expect(stop.approvedBy).toMatchObject({ email: 'pharmacist@training.local' });
  await expect(page.getByRole('row', { name: new RegExp(line.name ?? line.sku) })).toContainText(/0\s*\/\s*\d+/);
});
