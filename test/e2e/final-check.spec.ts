// Tech-check-tech as a pharmacy meets it, in Chromium through the browser shell against the training service: the
// machine policy leaves it off (the pharmacy's default) and Settings shows it with nothing to change; a technician verifies an order (reviewed OK to fill); the verify screen, from main's answer,
// and the label say a pharmacist's final check is still needed (the label prints marked as awaiting it); a pharmacist
// confirms at the print step and it prints final.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { drugOf, findOrder, type Item, linesOf, type Order, setPharmacy } from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';
import { call, DEMO_PASSWORD, expectAccessible, type Station, scan, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;
let order: Order;
let item: Item;
const dialog = () => page.getByRole('dialog', { name: /^Print / });
const labelOf = () => ({ kind: 'prescription_label' as const, orderId: order.id, prescriptionId: item.id });

test.beforeAll(async ({ browser }) => {
  // Tech-check-tech not allowed, as the pharmacy's IT leaves it (the other specs start with it allowed: support.ts).
  station = await startStation({ techCheckTech: false });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await setPharmacy(page, station.url);
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('Settings shows tech-check-tech as IT set it, and not even an admin can change it there', async () => {
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+Shift+S');
  const card = page.getByRole('main', { name: 'Settings' }).getByRole('region', { name: 'Tech-check-tech' });
  await expect(card).toContainText('only where the state board allows it');
  await expect(card).toContainText('Not allowed at this pharmacy');
  await expect(card).toContainText("Set by your pharmacy's IT");
  await expect(card.getByRole('checkbox')).toHaveCount(0);
  expect(await call(page, 'settings', 'policy')).toMatchObject({ techCheckTechAllowed: false });
  await expectAccessible(page, 'settings tech-check-tech');
});

test('a technician verifies: the verify screen says a pharmacist’s final check is still needed, and so does the label', async () => {
  await call(page, 'session', 'signOut');
  await signIn(page, station.url, 'technician');
  const found = await findOrder(page);
  order = found.order;
  item = found.items[0] as Item;
  await reviewOrders(page, () => station.url, [order], 'technician');
  await scan(page, order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.getByRole('heading', { name: `Verify order ${order.order_number}` })).toBeVisible();
  for (const product of linesOf(order)) await scan(page, `${product.quantity ?? 1}*${product.sku}`);
  await expect(page.locator('.verify-recorded')).toContainText('Verified by');
  const note = page.getByRole('status', { name: 'Pharmacist’s final check needed before the label.' });
  await expect(note).toContainText('A pharmacist’s final check is required before this label');
  await expect(note).toContainText('verified by a technician, and tech-check-tech is not allowed at this pharmacy');
  await expectAccessible(page, 'verify final check needed');
  await shoot(page, 'verify-final-check-needed', { fullPage: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Labels and documents' });
  await expect(panel.getByRole('listitem').filter({ hasText: drugOf(item) })).toContainText(
    'Verified: prints awaiting the pharmacist’s final check',
  );
  const check = await call(page, 'print', 'check', { document: labelOf() });
  expect(check).toMatchObject({ allowed: true, blockedBy: null });
  expect(check.awaitingFinalCheck).toMatch(/^A pharmacist’s final check is required before this label is final/);
});

test('a pharmacist confirms at the print step, and the label prints final, naming them', async () => {
  await page.getByRole('button', { name: `Print label: ${drugOf(item)}` }).click();
  await expect(dialog().getByRole('status', { name: 'Awaiting the pharmacist’s final check' })).toContainText(
    `A pharmacist’s final check is required before this label is final: ${drugOf(item)} was verified by a technician`,
  );
  await expect(dialog().getByText('AWAITING PHARMACIST FINAL CHECK', { exact: true })).toBeVisible();
  await shoot(page, 'label-final-check-needed');
  const allow = dialog().getByRole('region', { name: 'A pharmacist may allow this label' });
  await allow
    .getByLabel('What the pharmacist checked (the final check)')
    .fill('Final check: vial against the prescription');
  await allow.getByLabel('Pharmacist’s badge or email').fill('pharmacist@training.local');
  await allow.getByLabel('Pharmacist’s password').fill(DEMO_PASSWORD);
  await allow.getByRole('button', { name: 'Allow this label' }).click();
  await expect(dialog().getByText(/^Allowed by Parker Pharmacist: Final check/)).toBeVisible();
  await dialog().getByRole('button', { name: 'Print', exact: true }).click();
  await expect(dialog().getByText('Sent copy 1 to the printer; it is in the audit log.')).toBeVisible();
  const record = (await call(page, 'print', 'history', { document: labelOf() }))[0]!;
  expect(record).toMatchObject({
    grounds: 'pharmacist',
    awaitingFinalCheck: false,
    overrideBy: { email: 'pharmacist@training.local' },
    user: { email: 'technician@training.local' },
  });
});
