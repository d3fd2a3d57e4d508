// The label of an opioid as the pharmacist previews it: a tramadol prescription, reviewed "OK to fill", opens its
// label from the order view; main's content names the dosage form and the NDC, carries the reviewing pharmacist's
// initials, and warns of drowsiness and alcohol as every opioid's label does, with the federal transfer warning.
import { expect, type Page, test } from '@playwright/test';
import { contentOf } from '../integration/support/station-calls.ts';
import { PHARMACY, prepare } from './documents-support.ts';
import { type Order, setPharmacy, withLines } from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';
import { call, openStation, type Station, scan, shoot, signIn } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let page: Page;
let close: () => Promise<void>;
let order: Order;

test.beforeAll(async ({ browser }) => {
  ({ station, page, close } = await openStation(browser));
});

test.afterAll(async () => close?.());

test('a reviewed tramadol prescription’s label warns of drowsiness and alcohol, with its form, NDC and pharmacist', async () => {
  await setPharmacy(page, station.url);
  await signIn(page, station.url, 'pharmacist');
  const open = (
    await call(page, 'orders', 'list', {
      query: { page_size: 200, status: 'received,data_entry' },
    })
  ).map(withLines);
  const found = open.find((o) => (o.products.prescription ?? []).some((p) => /^Tramadol/i.test(p.name!)));
  if (!found) throw new Error('the demo data holds no open tramadol order');
  order = withLines(await call(page, 'orders', 'get', { params: { order_id: found.id } }));
  await reviewOrders(page, () => station.url, [order], 'pharmacist');

  await scan(page, order.order_number);
  const panel = page.getByRole('region', { name: 'Labels and documents' });
  await panel.getByRole('button', { name: /^Print label: Tramadol/ }).click();
  const label = page.getByRole('dialog', { name: /^Print / }).getByRole('article', { name: 'Prescription label' });
  await expect(label).toContainText(PHARMACY.name);
  await expect(label.locator('.doc-label-drug')).toHaveText('Tramadol 50 mg tablet');
  await expect(label.locator('.doc-label-qty')).toHaveText(/^Qty \d+ tablets$/);
  await expect(label.locator('.doc-label-product')).toContainText(/^NDC \S+/);
  await expect(label).toContainText('RPh P.P.');
  const warnings = label.getByRole('list', { name: 'Warnings' });
  await expect(warnings).toContainText('May cause drowsiness');
  await expect(warnings).toContainText('Do not drink alcohol');
  await expect(warnings).toContainText('Federal law prohibits the transfer');
  await shoot(page, 'opioid-label');

  // The words are main's: the content it prepared says the same.
  const [erxId] = order.electronic_prescription_ids ?? [];
  const erx = await call(page, 'prescriptions', 'getElectronic', { params: { electronic_prescription_id: erxId! } });
  const rx = (erx.prescriptions as { id: string; drug_name?: string }[]).find((item) =>
    /tramadol/i.test(item.drug_name ?? ''),
  );
  if (!rx) throw new Error('the tramadol order names no tramadol prescription');
  const prepared = await prepare(page, { kind: 'prescription_label', orderId: order.id, prescriptionId: rx.id });
  expect(prepared.content).toMatchObject({ dosageForm: 'tablet', pharmacistInitials: 'P.P.' });
  expect(contentOf(prepared, 'prescription_label').warnings).toEqual(
    expect.arrayContaining(['May cause drowsiness', 'Do not drink alcohol']),
  );
});
