// Inventory as a pharmacist meets it: lots by kind with their flags, receiving a lot, adjusting it with a reason and
// seeing the audit entry (still there after a reload and a new sign-in), linking a product to it, editing it, and
// scanning its label or batch number to open it.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { call, DEMO_PASSWORD, expectAccessible, type Station, scan, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;

interface ProductLike {
  id: string;
  name: string;
  sku: string;
  current_stock?: number;
  reorder_threshold?: number;
  is_controlled_substance?: boolean;
}

const BATCH = 'E2E-LOT-7';
let medication: ProductLike;
let material: ProductLike;
let lotId: string;

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, station.url, 'pharmacist');
  const catalogue = await call(page, 'products', 'list');
  const first = catalogue.prescription!.at(-1);
  const box = catalogue.order_material![0];
  if (!first || !box) throw new Error('the demo catalogue has no prescription product or no order material');
  medication = first as ProductLike;
  material = box as ProductLike;
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

const lotDetails = () => page.getByRole('heading', { level: 1 });

test('Alt+6 lists the lots under their product kind, with expired, expiring and low-stock flags', async () => {
  await page.keyboard.press('Alt+6');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  const list = page.getByRole('region', { name: 'Lots by product kind' });
  await expect(list.getByRole('heading', { name: /Prescription products/ })).toBeVisible();
  // The demo data has an expired lot and a material under its reorder threshold.
  await expect(page.getByRole('button', { name: /^Expired [1-9]/ })).toBeVisible();
  const lowStock = page.getByRole('region', { name: 'Low on stock: order more' });
  await expect(lowStock).toContainText('reorder at 25');

  await page.getByRole('button', { name: /^Expired [1-9]/ }).click();
  await expect(list.getByRole('button').first()).toContainText(/Expired \d+ days? ago|Expired yesterday/);
  await page.getByRole('button', { name: /^All lots/ }).click();
  await expect(list.getByText('Use first').first()).toBeVisible();
  // Only the rows on screen are in the page.
  const shown = await list.getByRole('listitem').count();
  expect(shown).toBeGreaterThan(3);
  expect(shown).toBeLessThan(
    await page.getByRole('button', { name: /^All lots/ }).evaluate((b) => Number(b.textContent?.replace(/\D/g, ''))),
  );
  await page.keyboard.press('Alt+ArrowDown');
  await page.keyboard.press('Alt+Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/^Lot /);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expectAccessible(page, 'inventory list');
  await shoot(page, 'inventory-list');
});

test('receiving a lot of medication needs its batch and expiry, keeps what was typed, then opens the lot', async () => {
  await page.keyboard.press('Alt+N');
  await expect(page.getByRole('heading', { name: 'Receive a new lot', level: 1 })).toBeVisible();
  await page
    .getByRole('combobox', { name: 'Product (required)' })
    .selectOption({ label: `${medication.name} (${medication.sku})` });
  await page.getByLabel('Initial quantity').fill('120');
  await page.getByLabel('Manufacturer').fill('Examplar Pharma');
  await page.keyboard.press('Control+Enter');

  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible();
  await expect(page.getByText('Required.')).toHaveCount(2);
  await expect(page.getByLabel('Initial quantity')).toHaveValue('120');
  await expect(page.getByLabel('Manufacturer')).toHaveValue('Examplar Pharma');
  await expectAccessible(page, 'new lot with errors');

  await page.getByLabel('Batch / lot number').fill(BATCH);
  await page.getByLabel('Expires').fill('2028-03-31');
  await page.getByLabel('Cost per unit').fill('0.45');
  await page.keyboard.press('Control+Enter');

  await expect(lotDetails()).toContainText(`Lot ${BATCH}`);
  await expect(
    page.getByRole('status').filter({ hasText: `Lot ${BATCH} of ${medication.name} received.` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quantity' })).toContainText('120 each on hand');
  // Received for the medication, the lot is its stock: the lot screen names it (issue 12).
  const drawing = page.getByRole('region', { name: 'Products that draw on this lot' });
  await expect(drawing.getByRole('listitem')).toContainText(medication.name);
  await expect(drawing).not.toContainText('No product draws on this lot yet.');
  const lots = await call(page, 'inventory', 'productInventory', {
    params: { kind: 'prescription', product_id: medication.id },
  });
  const created = lots.find((lot) => lot.batch_number === BATCH);
  expect(created?.current_quantity).toBe(120);
  lotId = created?.id as string;
});

test('adjusting a lot needs a reason, refuses taking more than it holds, and shows the audit entry', async () => {
  await page.keyboard.press('Alt+A');
  const form = page.getByRole('region', { name: 'Adjust the quantity' });
  await expect(form.getByLabel('Change by')).toBeFocused();
  await form.getByLabel('Change by').fill('-500');
  await page.keyboard.press('Control+Enter');
  await expect(form.getByText('would leave it below zero')).toBeVisible();
  await expect(form.getByText('Say why the quantity changes')).toBeVisible();

  await form.getByLabel('Change by').fill('-5');
  await expect(form.getByText('120 each → 115 each')).toBeVisible();
  await form.getByLabel('Reason').fill('Cycle count found 5 fewer');
  // The medication is a controlled substance (the demo catalogue's last): a pharmacist witnesses the change.
  expect(medication.is_controlled_substance).toBe(true);
  const witness = form.getByRole('region', { name: 'Pharmacist witness' });
  await expect(witness).toContainText('only with a pharmacist as witness');
  await witness.getByLabel('Pharmacist’s badge or email').fill('pharmacist@training.local');
  await witness.getByLabel('Pharmacist’s password').fill(DEMO_PASSWORD);
  await page.keyboard.press('Control+Enter');

  await expect(page.getByRole('status').filter({ hasText: 'Adjusted by −5' })).toBeVisible();
  const audit = page.getByRole('list', { name: 'Adjustments of this lot, newest first' });
  await expect(audit.getByRole('listitem')).toHaveCount(1);
  await expect(audit).toContainText('−5');
  await expect(audit).toContainText('120 each → 115 each');
  await expect(audit).toContainText('Cycle count found 5 fewer (witnessed by pharmacist Parker Pharmacist)');
  await expect(audit).toContainText('Parker Pharmacist');

  const lot = await call(page, 'inventory', 'get', { params: { lot_id: lotId } });
  expect(lot.current_quantity).toBe(115);
  await expectAccessible(page, 'lot with its audit entry');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'inventory');
});

/** Opens the lot from the inventory screen by scanning its batch number. */
async function openLotByBatch(): Promise<void> {
  await page.keyboard.press('Alt+6');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await scan(page, BATCH);
  await expect(lotDetails()).toContainText(`Lot ${BATCH}`);
}

async function expectLastingEntry(): Promise<void> {
  const log = page.getByRole('region', { name: 'Audit log' });
  await expect(log).toContainText('Adjustments made at this station');
  const audit = log.getByRole('list', { name: 'Adjustments of this lot, newest first' });
  await expect(audit.getByRole('listitem')).toHaveCount(1);
  await expect(audit).toContainText('−5');
  await expect(audit).toContainText('120 each → 115 each');
  await expect(audit).toContainText('Cycle count found 5 fewer');
  await expect(audit).toContainText('Parker Pharmacist');
}

test('the audit entry lasts: it is still there after a reload and after signing out and in again', async () => {
  await page.reload();
  const signedIn = page.getByRole('button', { name: 'Sign out' });
  await expect(signedIn.or(page.getByLabel('Email'))).toBeVisible();
  if (!(await signedIn.isVisible())) await signIn(page, station.url, 'pharmacist');
  await openLotByBatch();
  await expectLastingEntry();

  // Signing out forgets everything the screens read; the entry comes back from the station's audit log.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await signIn(page, station.url, 'pharmacist');
  await openLotByBatch();
  await expectLastingEntry();
  await expectAccessible(page, 'lot with its lasting audit entry');
});

test('a product can be linked to the lot with its units per product, and unlinked', async () => {
  await page.keyboard.press('Alt+P');
  const form = page.getByRole('region', { name: 'Add a product that draws on this lot' });
  await form.getByLabel('Units per product').fill('0');
  // A scan while a form is open opens nothing, so what was typed stays.
  await scan(page, BATCH);
  await expect(page.getByRole('alert').filter({ hasText: 'finish or cancel' })).toBeVisible();
  await expect(form.getByLabel('Units per product')).toHaveValue('0');
  await page.keyboard.press('Control+Enter');
  await expect(form.getByText('Choose the product that draws on this lot.')).toBeVisible();
  await expect(form.getByText(/More than zero/)).toBeVisible();
  await form
    .getByRole('combobox', { name: 'Product (required)' })
    .selectOption({ label: `${material.name} (${material.sku})` });
  await form.getByLabel('Units per product').fill('2');
  await page.keyboard.press('Control+Enter');

  const section = page.getByRole('region', { name: 'Products that draw on this lot' });
  await expect(section.getByRole('status')).toContainText(`${material.name} now draws on this lot.`);
  await expect(section.getByRole('listitem').filter({ hasText: material.name })).toContainText('2 each per product');
  await section.getByRole('button', { name: `Remove ${material.name} from this lot` }).click();
  await expect(section.getByRole('status')).toContainText(`${material.name} no longer draws on this lot.`);
  // The medication the lot was received for still draws on it.
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('listitem')).toContainText(medication.name);
});

test('editing a lot sends what changed', async () => {
  await page.keyboard.press('Alt+E');
  await expect(page.getByRole('heading', { name: `Edit Lot ${BATCH}`, level: 1 })).toBeVisible();
  await page.getByLabel('Manufacturer').fill('Sample Labs');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('status').filter({ hasText: `Lot ${BATCH} saved.` })).toBeVisible();
  const lot = await call(page, 'inventory', 'get', { params: { lot_id: lotId } });
  expect(lot.manufacturer).toBe('Sample Labs');
});

test('a lot’s label is issued on its page; scanning it or the batch number opens the lot; an unknown code says so', async () => {
  await page.keyboard.press('Alt+B');
  const label = page.getByRole('region', { name: 'Label' });
  await expect(label.getByRole('img', { name: /^Barcode INVENTORY-/ })).toBeVisible();
  const value = (await label.locator('figcaption').textContent())?.trim() ?? '';
  expect(value).toMatch(/^INVENTORY-/);

  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await scan(page, value);
  await expect(lotDetails()).toContainText(`Lot ${BATCH}`);
  await expect(page.getByRole('status').filter({ hasText: 'Opened the lot on this label.' })).toBeVisible();

  await page.keyboard.press('Escape');
  await scan(page, 'NO-SUCH-LOT-42');
  await expect(page.getByRole('alert')).toContainText('No lot has the batch number or label “NO-SUCH-LOT-42”');
  await scan(page, BATCH.toLowerCase());
  await expect(lotDetails()).toContainText(`Lot ${BATCH}`);
});
