// Every document through the one pipeline: the print route rendered to PDF by Chromium, its text read by pdftotext
// (each required element checked), its page size by pdfinfo, and the label's Code 128 decoded from a 300 dpi rendering
// by @zxing — the service's own barcode value, which the scan field then opens.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { WITHHELD_PATIENT } from '../../main/work/print/document-content.ts';
import { quantityWords } from '../../rules/documents/label.ts';
import { withCheckDigit } from '../../rules/verification/codes/gtin.ts';
import { contentOf } from '../integration/support/station-calls.ts';
import {
  decodeBarcode,
  docShot,
  PHARMACY,
  pdfPages,
  pdfText,
  pdfToPng,
  prepare,
  renderPdf,
  routePdf,
} from './documents-support.ts';
import { drugOf, findOrder, type Item, linesOf, type Order, setPharmacy, withLines } from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';
import type { CallValue } from './station-calls.ts';
import { call, root, type Station, scan, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;
let order: Order;
let item: Item;
let detail: CallValue<'prescriptions', 'get'>;
let lot: { id: string; batch_number: string; expiration_date: string; product_id: string };

const vocabulary = JSON.parse(readFileSync(join(root, 'resources/vocabulary/auxiliary-warnings.json'), 'utf8'));
/** Drugs of the demo catalogue with a class on the label's vocabulary, and that class. */
const CLASS_OF: Record<string, string> = {
  lisinopril: 'ace-inhibitors',
  atorvastatin: 'statin',
  amoxicillin: 'penicillins',
};
const classOf = (it: Item) => CLASS_OF[(it.drug_name ?? '').toLowerCase()];
const yymmdd = (iso: string) => iso.slice(2, 10).replaceAll('-', '');
const today = new Date().toISOString().slice(0, 10);
/** What the page's print hook keeps of the print layer when the dialog prints. */
type PrintedWindow = { printedLayer: { text: string; sheet: string | undefined } };
const label = () => ({ kind: 'prescription_label' as const, orderId: order.id, prescriptionId: item.id });

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await setPharmacy(page, station.url, '4x2.5');
  await signIn(page, station.url, 'admin');
  const found = await findOrder(page, (it) => classOf(it) !== undefined);
  order = found.order;
  item = found.items.find((it) => classOf(it) !== undefined) as Item;
  // Its prescription reviewed "OK to fill" first (the gate: fill-gate.spec.ts).
  await reviewOrders(page, () => station.url, [order], 'admin');
  detail = await call(page, 'prescriptions', 'get', {
    params: { prescription_id: item.id },
    query: { include_all: true },
  });
  const inventory = await call(page, 'inventory', 'list');
  const rx = order.products.prescription?.[0];
  const good = (inventory.prescription ?? []).find(
    (l) => l.product_id === rx?.id && (l.expiration_date ?? '') > `${today}T23:59` && l.batch_number,
  );
  expect(good, 'a good lot of the prescription product').toBeTruthy();
  lot = {
    id: good!.id,
    batch_number: good!.batch_number!,
    expiration_date: good!.expiration_date!,
    product_id: good!.product_id!,
  };
  // The verification: the prescription line by SKU with a count and its last unit by the lot's GS1 DataMatrix (so
  // the slip names the lot), every other line by SKU.
  await scan(page, order.order_number);
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.getByRole('heading', { name: `Verify order ${order.order_number}` })).toBeVisible();
  for (const product of linesOf(order)) {
    const quantity = product.quantity ?? 1;
    if (product.id !== rx?.id) {
      await scan(page, `${quantity}*${product.sku}`);
      continue;
    }
    if (quantity > 1) await scan(page, `${quantity - 1}*${product.sku}`);
    const gtin = withCheckDigit('0000001234567');
    await scan(page, `(01)${gtin}(17)${yymmdd(lot.expiration_date)}(10)${lot.batch_number}`);
  }
  await expect(page.locator('.verify-recorded')).toContainText('Verified by');
  await page.keyboard.press('Escape');
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('the prescription label on 4 × 2.5 in stock carries every required element and a barcode that scans', async () => {
  const barcode = contentOf(await prepare(page, label()), 'prescription_label').barcode;
  expect(barcode).toMatch(/^PRESCRIPTION-/);
  const pdf = await renderPdf(context, station.url, label(), 'label-4x2.5');
  expect(pdfPages(pdf)).toEqual({ pages: 1, width: 288, height: 180 });
  const text = pdfText(pdf);
  const expected = [
    PHARMACY.name,
    PHARMACY.address,
    `Tel ${PHARMACY.phone}`,
    `${detail.patient!.first_name} ${detail.patient!.last_name}`,
    `Rx ${detail.electronic_prescription!.reference_number}`,
    drugOf(item),
    `Qty ${quantityWords(detail.quantity!, detail.units!, detail.product?.form ?? null)}`,
    ...(detail.product?.product_code ? [`NDC ${detail.product.product_code}`] : []),
    detail.sig!,
    `Prescriber: ${detail.prescriber!.first_name} ${detail.prescriber!.last_name}`,
    'Filled ',
    // A new prescription: every refill written is still to come after this fill.
    detail.refills === 0 ? 'No refills' : `Refills: ${detail.refills} remaining`,
    'Discard after ',
    ...vocabulary.classes[classOf(item) as string],
  ];
  for (const element of expected) expect(text, element).toContain(element);
  // The value is printed for people beside its DataMatrix (wrapped: read without the breaks).
  expect(text.replaceAll(' ', '')).toContain(barcode);
  // Verified at this station: nothing across it.
  expect(text).not.toContain('NOT VERIFIED');

  // What a scanner reads from the printed page (300 dpi, as a label printer prints) is the service's own value.
  expect(decodeBarcode(pdfToPng(pdf, 300), 'datamatrix')).toBe(barcode);
  docShot(pdf, 'label-4x2.5');
  // Printing again does not issue a new barcode (that would retire the one on the vial).
  expect(contentOf(await prepare(page, label()), 'prescription_label').barcode).toBe(barcode);

  await scan(page, barcode);
  await expect(page.getByRole('heading', { name: /^Prescription review/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Prescription review/ })).toContainText(item.drug_name as string);
});

test('the same label on 4 × 6 in stock, and a controlled substance’s label carries the transfer warning', async () => {
  await call(page, 'settings', 'update', { labelStock: '4x6' });
  // A second copy: the route carries its reason, as the preview's reprint fields do.
  const reprint = { reason: 'wrong_stock', note: 'Printed again on the 4 x 6 in stock' } as const;
  const pdf = await renderPdf(context, station.url, label(), 'label-4x6', { reprint });
  expect(pdfPages(pdf)).toEqual({ pages: 1, width: 288, height: 432 });
  const barcode = contentOf(await prepare(page, label()), 'prescription_label').barcode;
  expect(pdfText(pdf)).toContain(detail.sig!);
  expect(decodeBarcode(pdfToPng(pdf, 300), 'datamatrix')).toBe(barcode);
  docShot(pdf, 'label-4x6');

  const controlled = await findControlled();
  // Reviewed "OK to fill" (the pharmacist's gate), not verified: the label says why it may not print yet.
  const controlledOrder = await call(page, 'orders', 'get', { params: { order_id: controlled.orderId } });
  await reviewOrders(page, () => station.url, [controlledOrder], 'admin');
  const prepared = await prepare(page, controlled);
  expect(contentOf(prepared, 'prescription_label').warnings).toContain(vocabulary.controlled);
  expect(prepared.allowed).toBe(false);
  // Refused: a preview without the live barcode or the patient (the page could print it).
  expect(prepared).toMatchObject({ preview: true, content: { barcode: '', patient: WITHHELD_PATIENT } });
  await call(page, 'settings', 'update', { labelStock: '4x2.5' });
});

test('the print route draws nothing scannable without a valid, unused ticket, and for a label main refuses', async () => {
  const controlled = await findControlled();
  // Not verified here: main refuses the ticket, so the route draws the refusal and no label.
  const refused = await routePdf(context, station.url, controlled, 'route-refused');
  expect(refused.drawn).toBe(false);
  expect(refused.text).toContain('Not verified yet');
  expect(() => decodeBarcode(pdfToPng(refused.path, 300), 'datamatrix')).toThrow();
  // No ticket at all: the address alone prints nothing.
  const bare = await routePdf(context, station.url, label(), 'route-no-ticket', { ticket: null });
  expect(bare.drawn).toBe(false);
  expect(bare.text).toContain('this address alone prints nothing');
  expect(() => decodeBarcode(pdfToPng(bare.path, 300), 'datamatrix')).toThrow();
  // A ticket already used: refused, nothing drawn, nothing more recorded.
  const reprint = { reason: 'damaged', note: 'Torn when peeled off the sheet' } as const;
  const { ticket } = await prepare(page, label());
  expect((await routePdf(context, station.url, label(), 'route-once', { ticket, reprint })).drawn).toBe(true);
  const copies = (await call(page, 'print', 'history', { document: label() })).length;
  const twice = await routePdf(context, station.url, label(), 'route-twice', { ticket, reprint });
  expect(twice.drawn).toBe(false);
  expect(twice.text).toContain('used, expired or not yours');
  expect(() => decodeBarcode(pdfToPng(twice.path, 300), 'datamatrix')).toThrow();
  expect(await call(page, 'print', 'history', { document: label() })).toHaveLength(copies);
});

/** A controlled line's label, not verified here: main prepares it, and refuses to print it. */
async function findControlled() {
  const orders = (await call(page, 'orders', 'list', { query: { page_size: 200 } })).map(withLines);
  for (const candidate of orders) {
    const rx = candidate.products.prescription?.find((p) => p.is_controlled_substance);
    if (!rx) continue;
    for (const id of candidate.electronic_prescription_ids ?? []) {
      const erx = await call(page, 'prescriptions', 'getElectronic', { params: { electronic_prescription_id: id } });
      const match = (erx.prescriptions ?? []).find((p) => p.prescription_product_id === rx.id);
      if (match) return { kind: 'prescription_label' as const, orderId: candidate.id, prescriptionId: match.id };
    }
  }
  throw new Error('no controlled prescription line in the demo data');
}

test('the packing slip names the order with its barcode, ship-to, each product with quantity and lot, the verifier and returns', async () => {
  const pdf = await renderPdf(context, station.url, { kind: 'packing_slip', orderId: order.id }, 'packing-slip');
  expect(pdfPages(pdf)).toEqual({ pages: 1, width: 612, height: 792 });
  const text = pdfText(pdf);
  const full = await call(page, 'orders', 'get', { params: { order_id: order.id } });
  const patient = full.patient!;
  const address = full.address!;
  const user = (await call(page, 'session', 'state')).user!;
  const expected = [
    'Packing slip',
    `Order ${order.order_number}`,
    `Tel ${PHARMACY.phone}`,
    'SHIP TO',
    `${patient.first_name} ${patient.last_name}`,
    address.address_1!,
    address.city!,
    address.zip_code!,
    `${lot.batch_number} (exp ${lot.expiration_date.slice(0, 10)})`,
    `Verified by ${user.firstName} ${user.lastName} on`,
    'RETURNS',
    'cannot be returned or exchanged',
  ];
  for (const product of [...(full.products!.prescription ?? []), ...(full.products!.non_prescription ?? [])]) {
    expected.push(`${product.name} ${product.sku} ${product.quantity}`);
  }
  for (const element of expected) expect(text, element).toContain(element);
  expect(decodeBarcode(pdfToPng(pdf, 300), 'code128')).toBe(order.order_number);
  docShot(pdf, 'packing-slip');
});

test('the lot label and the staff badge print their facts and their service barcodes', async () => {
  const lotPdf = await renderPdf(context, station.url, { kind: 'lot_label', lotId: lot.id }, 'lot-label');
  expect(pdfPages(lotPdf)).toEqual({ pages: 1, width: 216, height: 144 });
  const lotBarcode = contentOf(await prepare(page, { kind: 'lot_label', lotId: lot.id }), 'lot_label').barcode;
  const lotText = pdfText(lotPdf);
  const product = order.products.prescription?.[0];
  for (const element of [product?.name as string, `Lot ${lot.batch_number}`, 'Exp ', 'Qty ']) {
    expect(lotText, element).toContain(element);
  }
  // The value is printed for people (wrapped beside the code: read without the breaks) and scans as DataMatrix.
  expect(lotText.replaceAll(' ', '')).toContain(lotBarcode);
  expect(decodeBarcode(pdfToPng(lotPdf, 300), 'datamatrix')).toBe(lotBarcode);
  docShot(lotPdf, 'lot-label');

  const user = (await call(page, 'session', 'state')).user!;
  const badgePdf = await renderPdf(context, station.url, { kind: 'staff_badge', userId: user.id! }, 'badge');
  expect(pdfPages(badgePdf)).toEqual({ pages: 1, width: 153, height: 243 });
  const badgeBarcode = contentOf(await prepare(page, { kind: 'staff_badge', userId: user.id! }), 'staff_badge').barcode;
  const badgeText = pdfText(badgePdf);
  for (const element of [`${user.firstName} ${user.lastName}`, 'admin']) {
    expect(badgeText, element).toContain(element);
  }
  expect(badgeText.replaceAll(' ', '')).toContain(badgeBarcode);
  expect(decodeBarcode(pdfToPng(badgePdf, 300), 'datamatrix')).toBe(badgeBarcode);
  expect(badgeBarcode).toMatch(/^USER-/);
});

test('the station page prints the document alone, and only while its recorded copy goes out (what the desktop app prints)', async () => {
  await scan(page, order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Print label: ${drugOf(item)}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: /^Barcode PRESCRIPTION-/ })).toBeVisible();
  // The page printed some other way (Ctrl+P) while the preview is open: a note, no label, nothing that scans.
  const idle = join(root, '.tmp', 'documents', 'station-page-idle.pdf');
  await page.pdf({ path: idle, preferCSSPageSize: true, printBackground: true });
  expect(pdfText(idle)).toContain('each copy is recorded as it goes out');
  expect(() => decodeBarcode(pdfToPng(idle, 300), 'datamatrix')).toThrow();
  // Print: main records the copy, then the page prints; what it prints then is the label alone, as main prepared it.
  await page.evaluate(() => {
    window.print = () => {
      const layer = window.document.querySelector('.print-layer');
      (window as unknown as PrintedWindow).printedLayer = {
        text: layer?.textContent ?? '',
        sheet: layer?.firstElementChild?.className,
      };
    };
  });
  const reprint = dialog.getByRole('group', { name: /^Reprint:/ });
  await reprint.getByLabel('Reason').selectOption('lost');
  await reprint.getByLabel('Note (what happened to the earlier copy)').fill('The copy fell behind the bench');
  await dialog.getByRole('button', { name: 'Reprint' }).click();
  await expect(dialog.getByText(/^Sent copy \d+ to the printer; it is in the audit log\.$/)).toBeVisible();
  const printed = await page.evaluate(() => (window as unknown as PrintedWindow).printedLayer);
  expect(printed.sheet).toBe('doc-sheet doc-page-rx-4x2_5');
  expect(printed.text).toContain(`${detail.patient!.first_name} ${detail.patient!.last_name}`);
  expect(printed.text).toContain(PHARMACY.name);
  for (const chrome of ['Sign out', 'Labels and documents', 'TRAINING', 'Save PDF']) {
    expect(printed.text).not.toContain(chrome);
  }
  await expect(page.locator('.print-layer')).toContainText('each copy is recorded as it goes out');
  await dialog.getByRole('button', { name: 'Close' }).click();
});
