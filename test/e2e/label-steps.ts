// Steps the documents e2e specs share: an admin sets the pharmacy, an order whose prescription lines are on file, and
// a full verification of it (every line counted with its quantity typed before the code).
import { expect, type Page } from '@playwright/test';
import { PHARMACY } from './documents-support.ts';
import { call, scan, signIn } from './support.ts';

export interface Product {
  id: string;
  sku: string;
  name: string;
  quantity?: number;
  is_controlled_substance?: boolean;
}
export interface Order {
  id: string;
  order_number: string;
  electronic_prescription_ids?: string[];
  products: { prescription?: Product[]; non_prescription?: Product[]; order_material?: Product[] };
}
export interface Item {
  id: string;
  drug_name?: string;
  strength?: string;
  prescription_product_id?: string;
}

export const drugOf = (item: Item) => [item.drug_name, item.strength].filter(Boolean).join(' ');
export const linesOf = (o: Order) => [
  ...(o.products.prescription ?? []),
  ...(o.products.non_prescription ?? []),
  ...(o.products.order_material ?? []),
];

/** Signs in as the admin, sets the pharmacy and the label stock in Settings → Printing, and signs out. */
export async function setPharmacy(page: Page, url: string, stock: '4x2.5' | '4x6' = '4x2.5'): Promise<void> {
  await signIn(page, url, 'admin');
  await page.keyboard.press('Alt+9');
  const card = page.getByRole('region', { name: 'Printing' });
  await card.getByLabel('Pharmacy name').fill(PHARMACY.name);
  await card.getByLabel('Pharmacy address').fill(PHARMACY.address);
  await card.getByLabel('Pharmacy phone').fill(PHARMACY.phone);
  await card.getByLabel('Label stock').selectOption(stock);
  await card.getByRole('button', { name: 'Save printing settings' }).click();
  await expect(card.getByRole('status')).toHaveText('Printing settings saved.');
  await page.getByRole('button', { name: 'Sign out' }).click();
  // Signed out before anyone signs in again (the sign-in form, not the settings screen, has the Email field).
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
}

/**
 * An order a technician may verify, whose every prescription line has its prescription on file (the demo's have one),
 * with a prescription `wanted` picks.
 */
export async function findOrder(
  page: Page,
  wanted: (item: Item) => boolean = () => true,
): Promise<{ order: Order; items: Item[] }> {
  const candidates: Order[] = await call(page, 'orders', 'list', {
    query: { page_size: 200, status: 'received,data_entry' },
  });
  for (const candidate of candidates) {
    const rx = candidate.products.prescription ?? [];
    if (rx.length === 0 || rx.some((p) => p.is_controlled_substance)) continue;
    const found: Item[] = [];
    for (const id of candidate.electronic_prescription_ids ?? []) {
      const erx = await call(page, 'prescriptions', 'getElectronic', { params: { electronic_prescription_id: id } });
      found.push(...(erx.prescriptions ?? []));
    }
    const onOrder = found.filter((item) => rx.some((p) => p.id === item.prescription_product_id));
    if (rx.every((p) => onOrder.some((item) => item.prescription_product_id === p.id)) && onOrder.some(wanted)) {
      return { order: candidate, items: onOrder };
    }
  }
  throw new Error('no order whose prescription lines are all on file');
}

/** From the order view: Verify, every line counted, recorded, then back to the order view. */
export async function verifyOrder(page: Page, order: Order): Promise<void> {
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.getByRole('heading', { name: `Verify order ${order.order_number}` })).toBeVisible();
  for (const product of linesOf(order)) await scan(page, `${product.quantity ?? 1}*${product.sku}`);
  await expect(page.locator('.verify-recorded')).toContainText('Verified by');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
}
