// Steps the documents e2e specs share: an admin sets the pharmacy, an order whose prescription lines are on file, and
// a full verification of it (every line counted with its quantity typed before the code).
import { expect, type Page } from '@playwright/test';
import { drugWithStrength } from '../../contract/documents.ts';
import type { Order as ServiceOrder } from '../../contract/service/orders.ts';
import type { PrescriptionItem } from '../../contract/service/prescriptions.ts';
import type { OrderProducts, ProductKind } from '../../contract/service/products.ts';

import { PHARMACY } from './documents-support.ts';
import { call, scan, signIn } from './support.ts';

/** One line of an order (of the kind `K`, or any), with the SKU and name the specs scan and read. */
export type Line<K extends 'prescription' | 'non_prescription' | 'order_material' = ProductKind> = NonNullable<
  OrderProducts[K]
>[number] & { sku: string; name: string };
/** An order as the service answers it, with its lines (the demo's orders list theirs: `withLines` checks). */
export type Order = ServiceOrder & {
  products: Omit<OrderProducts, ProductKind> & {
    prescription?: Line<'prescription'>[] | null;
    non_prescription?: Line<'non_prescription'>[] | null;
    order_material?: Line<'order_material'>[] | null;
  };
};
/** One prescription of an electronic prescription. */
export type Item = PrescriptionItem;

/** The order as it came, said to list its lines, each with its SKU and name (the specs read them); else it fails here. */
export function withLines(order: ServiceOrder): Order {
  const { products } = order;
  if (!products) throw new Error(`order ${order.order_number} lists no products`);
  const lines = [
    ...(products.prescription ?? []),
    ...(products.non_prescription ?? []),
    ...(products.order_material ?? []),
  ];
  for (const line of lines) {
    if (typeof line.sku !== 'string' || typeof line.name !== 'string') {
      throw new Error(`order ${order.order_number} has a line without its SKU or name`);
    }
  }
  // Each line checked above: the SKU and name are there.
  return order as Order;
}

export const drugOf = (item: Item) => drugWithStrength(item.drug_name ?? '', item.strength ?? undefined);
export const linesOf = (o: Order) => [
  ...(o.products.prescription ?? []),
  ...(o.products.non_prescription ?? []),
  ...(o.products.order_material ?? []),
];

/** The prescriptions of an order's electronic prescriptions that are its prescription lines. */
async function lineItems(page: Page, order: Order): Promise<Item[]> {
  const found: Item[] = [];
  for (const id of order.electronic_prescription_ids ?? []) {
    const erx = await call(page, 'prescriptions', 'getElectronic', { params: { electronic_prescription_id: id } });
    found.push(...(erx.prescriptions ?? []));
  }
  return found.filter((item) => (order.products.prescription ?? []).some((p) => p.id === item.prescription_product_id));
}

/** Signs in as the admin, sets the pharmacy and the label stock in Settings → Pharmacy and printing, and signs out. */
export async function setPharmacy(page: Page, url: string, stock: '4x2.5' | '4x6' = '4x2.5'): Promise<void> {
  await signIn(page, url, 'admin');
  await page.keyboard.press('Alt+Shift+S');
  const card = page.getByRole('region', { name: 'Pharmacy and printing' });
  await card.getByLabel('Pharmacy name').fill(PHARMACY.name);
  await card.getByLabel('Pharmacy address').fill(PHARMACY.address);
  await card.getByLabel('Pharmacy phone').fill(PHARMACY.phone);
  await card.getByLabel('Label stock').selectOption(stock);
  // Sent with Enter from a field, as a person at the keys would: banners that appear above while the screen settles
  // move the button, and a click can land beside it (seen in a fresh-clone CI run).
  await expect(card.getByLabel('Pharmacy name')).toHaveValue(PHARMACY.name);
  await card.getByLabel('Pharmacy phone').press('Enter');
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
  exclude: readonly string[] = [],
): Promise<{ order: Order; items: Item[] }> {
  const candidates = (
    await call(page, 'orders', 'list', { query: { page_size: 200, status: 'received,data_entry' } })
  ).map(withLines);
  for (const candidate of candidates) {
    const rx = candidate.products.prescription ?? [];
    if (exclude.includes(candidate.id) || rx.length === 0 || rx.some((p) => p.is_controlled_substance)) continue;
    const onOrder = await lineItems(page, candidate);
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

/**
 * Two more prescription lines for the patient of `like`, made as intake makes them: an electronic prescription naming
 * both products and an order, which the service merges into the patient's open order (`like` when it is open). The
 * demo's orders have one prescription line each; this one then has three.
 */
export async function addTwoPrescriptionLines(page: Page, like: Order): Promise<{ order: Order; items: Item[] }> {
  const erx = await call(page, 'prescriptions', 'getElectronic', {
    params: { electronic_prescription_id: like.electronic_prescription_ids![0]! },
  });
  const catalogue = await call(page, 'products', 'list');
  const [a, b] = catalogue.prescription!.filter((p) => !p.is_controlled_substance);
  const box = catalogue.order_material![0]!;
  const medication = (p: { id: string; name?: string | null }, quantity: number) => ({
    drug_name: p.name!,
    quantity,
    units: 'each',
    sig: 'Take 1 tablet by mouth daily',
    refills: 2,
    prescription_product_id: p.id,
  });
  const created = await call(page, 'prescriptions', 'createElectronic', {
    body: {
      patient: { id: erx.patient_id! },
      prescriber: { id: erx.prescriber_id! },
      reference_number: 'RX900000001',
      medications: [medication(a!, 30), medication(b!, 60)],
      order: {
        products: {
          prescription: [
            { id: a!.id, quantity: 30 },
            { id: b!.id, quantity: 60 },
          ],
          order_material: [{ id: box.id, quantity: 1 }],
        },
        shipping: { carrier: 'usps' },
      },
    },
  });
  // The order that lists this electronic prescription now.
  const candidates = await call(page, 'orders', 'list', { query: { page_size: 200, status: 'received' } });
  const listed = candidates.find((o) => o.electronic_prescription_ids?.includes(created.id));
  if (!listed) throw new Error('the new order does not list its electronic prescription');
  const order = withLines(await call(page, 'orders', 'get', { params: { order_id: listed.id } }));
  const made = await call(page, 'prescriptions', 'getElectronic', {
    params: { electronic_prescription_id: created.id },
  });
  return { order, items: made.prescriptions! };
}
