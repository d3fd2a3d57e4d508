// A station with no pharmacy details (a fresh install on a real pharmacy's service), in Chromium through the browser
// shell: the station asks for them before the first label; a fully verified label says plainly "Pharmacy details
// missing" (never "not verified") with no pharmacist override, and the way to Settings; the packing slip does not
// print a blank header; once an admin enters them in Settings, the label prints with the pharmacy's header.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { PHARMACY } from './documents-support.ts';
import { drugOf, findOrder, type Item, type Order, verifyOrder } from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';
import { call, expectAccessible, type Station, scan, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;
let order: Order;
let item: Item;

const note = () => page.getByRole('note', { name: 'Pharmacy details missing' });
const dialog = () => page.getByRole('dialog', { name: /^Print / });
const panel = () => page.getByRole('region', { name: 'Labels and documents' });

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await signIn(page, station.url, 'technician');
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('the station asks for the pharmacy details before the first label, and says who enters them', async () => {
  await expect(note()).toContainText('Pharmacy details missing.');
  await expect(note()).toContainText('Ask an admin to enter them in Settings (Alt+Shift+S).');
});

test('a fully verified label says "Pharmacy details missing", never "not verified", and offers no override', async () => {
  const found = await findOrder(page);
  order = found.order;
  item = found.items[0] as Item;
  await reviewOrders(page, () => station.url, [order], 'technician');
  await scan(page, order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  await verifyOrder(page, order);
  const entry = panel()
    .getByRole('listitem')
    .filter({ hasText: drugOf(item) });
  await expect(entry).toContainText('Pharmacy details missing');
  await expect(entry).not.toContainText(/not verified/i);
  await entry.getByRole('button', { name: /^Print label/ }).click();
  const refusal = dialog().getByRole('alert').first();
  await expect(refusal).toContainText("Pharmacy details missing: the pharmacy's name, address and phone are not set");
  await expect(dialog()).not.toContainText(/not verified/i);
  await expect(dialog().getByRole('region', { name: 'A pharmacist may allow this label' })).toHaveCount(0);
  await expect(dialog().getByRole('button', { name: 'Print', exact: true })).toBeDisabled();
  await expect(dialog()).toContainText('Ask an admin to enter them in Settings (Alt+Shift+S).');
  await expectAccessible(page, 'label refused: pharmacy details missing');
  await shoot(page, 'label-pharmacy-missing');
  await dialog().getByRole('button', { name: 'Close' }).click();
  // The packing slip: no blank header, no "call us" without a number.
  await panel().getByRole('button', { name: 'Packing slip' }).click();
  await expect(dialog().getByRole('alert').first()).toContainText('Pharmacy details missing');
  await expect(dialog().getByRole('article', { name: 'Packing slip', exact: true })).toHaveCount(0);
  await expect(dialog()).not.toContainText('call us');
  await dialog().getByRole('button', { name: 'Close' }).click();
});

test('an admin goes from the preview to Settings, enters the details, and the label prints with its header', async ({
  browser,
}) => {
  await call(page, 'session', 'signOut');
  await signIn(page, station.url, 'admin');
  await expect(note().getByRole('button', { name: 'Enter the pharmacy details in Settings' })).toBeVisible();
  // A second window on the station (the screens of another station learn a change the same way: main's word that
  // the pharmacy's record changed a setting) shows the note too, and loses it when the admin saves, with no reload.
  const second = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other = await second.newPage();
  await other.goto(station.url);
  const otherNote = other.getByRole('note', { name: 'Pharmacy details missing' });
  await expect(otherNote).toBeVisible();
  await scan(page, order.order_number);
  await panel()
    .getByRole('button', { name: `Print label: ${drugOf(item)}` })
    .click();
  await dialog().getByRole('button', { name: 'Enter the pharmacy details in Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const card = page.getByRole('region', { name: 'Pharmacy and printing' });
  await card.getByLabel('Pharmacy name').fill(PHARMACY.name);
  await card.getByLabel('Pharmacy address').fill(PHARMACY.address);
  await card.getByLabel('Pharmacy phone').fill(PHARMACY.phone);
  await card.getByRole('button', { name: 'Save printing settings' }).click();
  await expect(card.getByRole('status')).toHaveText('Printing settings saved.');
  await expect(note()).toHaveCount(0);
  await expect(otherNote).toHaveCount(0);
  // A person typing in the same card elsewhere keeps what they typed when the record changes under them; the fields
  // they did not touch show the change.
  await other.keyboard.press('Alt+Shift+S');
  const otherCard = other.getByRole('region', { name: 'Pharmacy and printing' });
  await expect(otherCard.getByLabel('Pharmacy name')).toHaveValue(PHARMACY.name);
  await otherCard.getByLabel('Pharmacy phone').fill('555-0142');
  const moved = `${PHARMACY.address}, Suite 2`;
  await card.getByLabel('Pharmacy address').fill(moved);
  await card.getByRole('button', { name: 'Save printing settings' }).click();
  await expect(otherCard.getByLabel('Pharmacy address')).toHaveValue(moved);
  await expect(otherCard.getByLabel('Pharmacy phone')).toHaveValue('555-0142');
  await card.getByLabel('Pharmacy address').fill(PHARMACY.address);
  await card.getByRole('button', { name: 'Save printing settings' }).click();
  await expect(otherCard.getByLabel('Pharmacy address')).toHaveValue(PHARMACY.address);
  await second.close();
  await scan(page, order.order_number);
  await panel()
    .getByRole('button', { name: `Print label: ${drugOf(item)}` })
    .click();
  await expect(dialog().getByRole('status').first()).toContainText('Verified at this station: ready to print.');
  await expect(dialog()).toContainText(PHARMACY.name);
  await expect(dialog()).toContainText(PHARMACY.phone);
  await dialog().getByRole('button', { name: 'Close' }).click();
});
