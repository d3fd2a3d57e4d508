// Labels and documents, as a pharmacy prints them, in Chromium through the browser shell against the training service:
// an admin sets the pharmacy; a label is refused before its line is verified (the reason shown first, main refusing
// too); after a full verification each line's label prints; a reprint asks for a reason; the audit log has every copy.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { DocumentRef } from '../../contract/documents.ts';
import { PHARMACY, prepare } from './documents-support.ts';
import {
  addTwoPrescriptionLines,
  drugOf,
  findOrder,
  type Item,
  type Order,
  setPharmacy,
  verifyOrder,
} from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';
import {
  answerOf,
  call,
  DEMO_PASSWORD,
  expectAccessible,
  refusalOf,
  type Station,
  scan,
  shoot,
  signIn,
  startStation,
} from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;

let order: Order;
let items: Item[];
const dialog = () => page.getByRole('dialog', { name: /^Print / });

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('an admin sets the pharmacy printed on every label; a technician cannot change it', async () => {
  await setPharmacy(page, station.url);
  await signIn(page, station.url, 'technician');
  const refused = await answerOf(page, 'settings', 'update', { pharmacyName: 'Elsewhere' });
  expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  expect((await call(page, 'settings', 'get')).pharmacyName).toBe(PHARMACY.name);
});

test('before verification the label is refused, with the reason shown before anyone tries and main refusing too', async () => {
  // Several prescription lines, so each line's label is its own (the demo's orders have one).
  ({ order, items } = await addTwoPrescriptionLines(page, (await findOrder(page)).order));
  expect(items.length).toBeGreaterThanOrEqual(2);
  // A pharmacist said "OK to fill" (the pharmacist's gate): what holds the labels now is only the verification.
  const reviewed = await call(page, 'orders', 'get', { params: { order_id: order.id } });
  await reviewOrders(page, () => station.url, [reviewed], 'technician');
  await scan(page, order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Labels and documents' });
  for (const item of items) {
    await expect(panel.getByRole('listitem').filter({ hasText: drugOf(item) })).toContainText('Not verified yet');
  }
  const first = items[0] as Item;
  await panel.getByRole('button', { name: `Print label: ${drugOf(first)}` }).click();
  await expect(dialog().getByRole('alert').first()).toContainText(
    `Not verified yet: ${drugOf(first)} on order ${order.order_number}`,
  );
  await expect(dialog().getByRole('button', { name: 'Print', exact: true })).toBeDisabled();
  await expect(dialog().getByRole('region', { name: 'A pharmacist may allow this label' })).toBeVisible();
  await expectAccessible(page, 'print preview refused');
  await shoot(page, 'label-refused');
  // Printing the page some other way (the browser's own Ctrl+P) gives the reason, never the label.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.print-layer')).toContainText(`Not verified yet: ${drugOf(first)}`);
  await expect(page.locator('.print-layer').getByRole('img', { name: /^Barcode / })).toHaveCount(0);
  await page.emulateMedia({ media: 'screen' });
  await expect(dialog().getByText('NOT VERIFIED — NOT FOR DISPENSING')).toBeVisible();
  // The refused preview is main's watermarked preview: no live barcode and no patient.
  const preview = dialog().getByRole('region', { name: /preview, may not print yet$/ });
  await expect(preview.getByText('No barcode: a preview')).toBeVisible();
  await expect(preview.getByRole('img', { name: /^Barcode / })).toHaveCount(0);
  await expect(preview).not.toContainText(reviewed.patient?.last_name as string);

  // The button is only the face of it: main refuses the label itself, even with its own ticket presented.
  const { ticket } = await prepare(page, { kind: 'prescription_label', orderId: order.id, prescriptionId: first.id });
  const answer = await answerOf(page, 'print', 'document', {
    ticket: ticket!,
    output: 'print',
  });
  expect(answer).toMatchObject({ ok: false, error: { code: 'not_verified' } });
  expect(refusalOf(answer).message).toContain(
    'Verify the order first, or a pharmacist allows this label with a reason.',
  );
  expect(
    await call(page, 'print', 'history', {
      document: { kind: 'prescription_label', orderId: order.id, prescriptionId: first.id },
    }),
  ).toEqual([]);
  await dialog().getByRole('button', { name: 'Close' }).click();
});

test('after a full verification each line’s label prints, and each copy is in the audit log', async () => {
  await verifyOrder(page, order);

  const panel = page.getByRole('region', { name: 'Labels and documents' });
  for (const item of items) {
    await expect(panel.getByRole('listitem').filter({ hasText: drugOf(item) })).toContainText(
      'Verified: ready to print',
    );
    await panel.getByRole('button', { name: `Print label: ${drugOf(item)}` }).click();
    await expect(dialog().getByRole('status').first()).toHaveText('Verified at this station: ready to print.');
    await expect(dialog().getByRole('img', { name: /^Barcode PRESCRIPTION-/ })).toBeVisible();
    // Even then, the page printed some other way (Ctrl+P) holds no label: only a copy main records goes out.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.print-layer')).toContainText('each copy is recorded as it goes out');
    await expect(page.locator('.print-layer').getByRole('img', { name: /^Barcode PRESCRIPTION-/ })).toHaveCount(0);
    await page.emulateMedia({ media: 'screen' });
    if (item === items[0]) {
      await expectAccessible(page, 'print preview');
      await shoot(page, 'label-preview');
    }
    await dialog().getByRole('button', { name: 'Print', exact: true }).click();
    await expect(dialog().getByText('Sent copy 1 to the printer; it is in the audit log.')).toBeVisible();
    await dialog().getByRole('button', { name: 'Close' }).click();
    const history = await call(page, 'print', 'history', {
      document: { kind: 'prescription_label', orderId: order.id, prescriptionId: item.id },
    });
    expect(history).toMatchObject([
      {
        kind: 'prescription_label',
        copy: 1,
        output: 'print',
        grounds: 'verified',
        reprintReason: null,
        orderId: order.id,
      },
    ]);
    expect(history[0]!.user.email).toBe('technician@training.local');
  }
});

test('a reprint asks for a reason, and the audit log keeps both copies with it', async () => {
  const item = items[0] as Item;
  const ref = { kind: 'prescription_label' as const, orderId: order.id, prescriptionId: item.id };
  const panel = page.getByRole('region', { name: 'Labels and documents' });
  await expect(panel.getByRole('listitem').filter({ hasText: drugOf(item) })).toContainText('Printed 1×');
  await panel.getByRole('button', { name: `Print label: ${drugOf(item)}` }).click();
  const reprint = dialog().getByRole('group', { name: /^Reprint: one copy was printed here already/ });
  await expect(reprint).toBeVisible();
  await dialog().getByRole('button', { name: 'Reprint' }).click();
  await expect(dialog().getByRole('alert')).toHaveText('Choose why this copy is printed again.');
  // Main holds the rule too: a reprint without a reason is refused and nothing is recorded.
  const { ticket } = await prepare(page, ref as DocumentRef);
  const bare = await answerOf(page, 'print', 'document', {
    ticket: ticket!,
    output: 'print',
  });
  expect(bare).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  await reprint.getByLabel('Reason').selectOption('damaged');
  await reprint.getByLabel('Note (what happened to the earlier copy)').fill('Smudged by the printer ribbon');
  await shoot(page, 'label-reprint');
  await dialog().getByRole('button', { name: 'Reprint' }).click();
  await expect(dialog().getByText('Sent copy 2 to the printer; it is in the audit log.')).toBeVisible();
  await dialog().getByRole('button', { name: 'Close' }).click();

  const history = await call(page, 'print', 'history', { document: ref });
  expect(history.map((r) => [r.copy, r.reprintReason, r.reprintNote])).toEqual([
    [2, 'damaged', 'Smudged by the printer ribbon'],
    [1, null, null],
  ]);
});

test('a pharmacist confirming at the technician’s station allows a label before verification, and is named for it', async () => {
  const other = await findOrder(page, () => true, [order.id]);
  const it = other.items[0] as Item;
  // Reviewed "OK to fill", not verified: a pharmacist may allow the label (never for a prescription nobody reviewed).
  await reviewOrders(page, () => station.url, [other.order], 'technician');
  await page.keyboard.press('Escape');
  await scan(page, other.order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${other.order.order_number}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Print label: ${drugOf(it)}` }).click();
  const allow = dialog().getByRole('region', { name: 'A pharmacist may allow this label' });
  await allow
    .getByLabel('Why it may print before verification')
    .fill('Checked the vial against the prescription by hand');
  await allow.getByLabel('Pharmacist’s badge or email').fill('pharmacist@training.local');
  await allow.getByLabel('Pharmacist’s password').fill('not-her-password');
  await allow.getByRole('button', { name: 'Allow this label' }).click();
  await expect(allow.getByRole('alert')).toContainText(
    'Not confirmed: that password is not right for that pharmacist.',
  );
  await expect(dialog().getByRole('button', { name: 'Print', exact: true })).toBeDisabled();
  await allow.getByLabel('Pharmacist’s password').fill(DEMO_PASSWORD);
  await allow.getByRole('button', { name: 'Allow this label' }).click();
  await expect(
    dialog().getByText('Allowed by Parker Pharmacist: Checked the vial against the prescription by hand'),
  ).toBeVisible();
  // What the page prints is main's answer to the override: the real label, its patient and live barcode.
  await page.evaluate(() => {
    window.print = () => {
      (window as unknown as { printedLayer: string }).printedLayer =
        window.document.querySelector('.print-layer')?.textContent ?? '';
    };
  });
  await dialog().getByRole('button', { name: 'Print', exact: true }).click();
  await expect(dialog().getByText('Sent copy 1 to the printer; it is in the audit log.')).toBeVisible();
  const printed = await page.evaluate(() => (window as unknown as { printedLayer: string }).printedLayer);
  const { patient } = await call(page, 'orders', 'get', { params: { order_id: other.order.id } });
  expect(printed).toContain(patient?.last_name as string);
  expect(printed).toContain('PRESCRIPTION-');
  await dialog().getByRole('button', { name: 'Close' }).click();
  const [record] = await call(page, 'print', 'history', {
    document: { kind: 'prescription_label', orderId: other.order.id, prescriptionId: it.id },
  });
  expect(record).toMatchObject({
    grounds: 'pharmacist',
    overrideBy: { email: 'pharmacist@training.local', name: 'Parker Pharmacist' },
    overrideNote: 'Checked the vial against the prescription by hand',
    user: { email: 'technician@training.local' },
  });
});
