// Issue 6's acceptance run, as a new technician meets the station in one sitting, in Chromium through the browser shell
// against the training service: sign in, scan an order, verify it with one wrong product stopped, see a seeded allergy
// conflict flagged, request a replacement, create a task while the service is down and see it synced exactly once,
// and see the order ship in the event feed.
import { expect, type Page, test } from '@playwright/test';
import { type Line, linesOf, type Order, withLines } from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';
import {
  asTrainingAdmin,
  call,
  DEMO_PASSWORD,
  expectAccessible,
  type Station,
  scan,
  scanField,
  startStation,
} from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let page: Page;
let orders: Order[];
let toShip: Order;

const orderCard = (order: Order) => page.getByRole('article', { name: new RegExp(`^Order ${order.order_number}`) });

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await station?.close();
});

test('the technician signs in with the form', async () => {
  await page.goto(station.url);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type('technician@training.local');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(scanField(page)).toBeFocused();
  orders = (await call(page, 'orders', 'list', { query: { page_size: 200 } })).map(withLines);
  // A picked order with at least two lines, no controlled line (its count would need a pharmacist) and a history that
  // does not name this technician as its picker (verify.spec and safety.spec cover those): verified here, shipped later.
  for (const order of orders) {
    if (order.status !== 'picked' || linesOf(order).length < 2) continue;
    if (linesOf(order).some((line) => line.is_controlled_substance)) continue;
    const history = await call(page, 'orders', 'statusHistory', {
      params: { order_id: order.id },
    });
    if (history.some((step) => step.updated_by)) continue;
    toShip = order;
    break;
  }
  expect(toShip, 'the demo data has a picked order with two lines or more').toBeTruthy();
  // A pharmacist reviewed its prescriptions "OK to fill" at this station (the pharmacist's gate) before the shift.
  await reviewOrders(page, () => station.url, [toShip], 'technician');
  await expect(scanField(page)).toBeFocused();
});

test('scanning the order number at scanner speed opens the order', async () => {
  await scan(page, toShip.order_number);
  await expect(orderCard(toShip)).toBeVisible();
  await expect(page.locator('.scan-form')).toHaveClass(/scan-good/);
  await expect(scanField(page)).toBeFocused();
});

test('every line is verified; a product not on the order is stopped until a reason is given', async () => {
  await page.keyboard.press('Alt+V');
  await expect(page.getByRole('heading', { name: `Verify order ${toShip.order_number}` })).toBeVisible();
  const catalogue = await call(page, 'products', 'list');
  const onOrder = new Set(linesOf(toShip).map((line) => line.id));
  const wrong = (catalogue.non_prescription ?? []).find((product) => !onOrder.has(product.id)) as Line;

  const [first, ...rest] = linesOf(toShip) as [Line, ...Line[]];
  await scan(page, quantityScan(first));
  await scan(page, wrong.sku);
  const stop = page.getByRole('alertdialog');
  await expect(stop).toContainText(`${wrong.name} (${wrong.sku}) is not on this order`);
  await expectAccessible(page, 'verify with a stop');
  // Escape does not make a hard stop go away.
  await page.keyboard.press('Escape');
  await expect(stop).toBeVisible();
  await stop.getByLabel('Reason').selectOption('removed');
  await stop.getByLabel('What was done').fill('Put it back on the shelf');
  await page.keyboard.press('Enter');
  await expect(stop).toBeHidden();

  for (const line of rest) await scan(page, quantityScan(line));
  await expect(page.locator('.verify-recorded')).toContainText('Verified by');
  await expectAccessible(page, 'verify');

  const entry = (await call(page, 'audit', 'list', { orderId: toShip.id }))[0]!;
  expect(entry.outcome).toBe('verified');
  expect(entry.scans.filter((s) => s.result === 'stopped')).toEqual([
    expect.objectContaining({ stop: expect.objectContaining({ kind: 'not_on_order', reason: 'removed' }) }),
  ]);
});

/** The whole quantity of a line in one scan: the count typed before the SKU (`30*SKU`), as from a stock bottle. */
function quantityScan(line: Line): string {
  const quantity = line.quantity ?? 1;
  return quantity > 1 ? `${quantity}*${line.sku}` : line.sku;
}

test('the prescription with the seeded allergy conflict is flagged', async () => {
  const conflict = await findSeededConflict();
  await scan(page, conflict);
  await page
    .getByRole('button', { name: /^Open prescription/ })
    .first()
    .click();
  const checks = page.getByRole('region', { name: 'Checks' });
  const allergy = checks.getByRole('listitem').filter({ hasText: 'Allergy conflict' });
  await expect(allergy).toContainText('Fail');
  await expect(allergy).toContainText('Penicillin allergy on file, Amoxicillin is a penicillin.');
  await expectAccessible(page, 'prescription review');
});

/** The order number of an amoxicillin prescription whose patient is allergic to penicillin (training/README.md). */
async function findSeededConflict(): Promise<string> {
  const items = await call(page, 'prescriptions', 'list', {
    query: { page_size: 200 },
  });
  for (const item of items.filter((p) => p.drug_name === 'Amoxicillin' && p.patient_id)) {
    const allergies = await call(page, 'patients', 'riskFactors', {
      params: { patient_id: item.patient_id! },
      query: { type: 'allergy' },
    });
    if (!allergies.some((a) => /penicillin/i.test(a.name ?? ''))) continue;
    const detail = await call(page, 'prescriptions', 'get', {
      params: { prescription_id: item.id },
      query: { include_all: true },
    });
    const orderId = detail.electronic_prescription?.order_id as string | undefined;
    if (!orderId) continue;
    return (await call(page, 'orders', 'get', { params: { order_id: orderId } })).order_number;
  }
  throw new Error('the demo data holds no penicillin allergy with an amoxicillin prescription');
}

test('a replacement for a delivered order is requested with a reason and shows as pending', async () => {
  const delivered = orders.find((order) => order.status === 'delivered') as Order;
  await scan(page, delivered.order_number);
  await expect(orderCard(delivered)).toBeVisible();
  await page.keyboard.press('Alt+R');
  await page.getByLabel('Reason').selectOption({ label: 'Arrived damaged' });
  await page.getByLabel(/^Details/).fill('Box crushed in transit');
  await page.keyboard.press('Control+Enter');
  const requests = page.getByRole('region', { name: 'Replacement and cancellation' });
  await expect(requests.getByRole('status').first()).toContainText('Pending');
  const stored = await call(page, 'orders', 'get', { params: { order_id: delivered.id } });
  expect(stored.replacement_request_status).toBe('pending');
});

test('a task created while the service is down is pending, then synced exactly once', async () => {
  const title = 'Journey: recount the returned insulin pens';
  const named = async () =>
    (await call(page, 'search', 'tasks', { query: { q: title, limit: 100 } })).results.filter((t) => t.name === title);
  expect(await named()).toEqual([]);

  // The tasks screen is read while the service answers, as it would be on any working day.
  await page.keyboard.press('Alt+2');
  await expect(page.locator('.task-row').first()).toBeVisible();
  await station.training.stop();
  await page.keyboard.press('Alt+N');
  const form = page.getByRole('form', { name: 'New task' });
  await form.getByLabel('Name').fill(title);
  await form.getByLabel('Category').selectOption({ label: 'Inventory' });
  await page.keyboard.press('Control+Enter');
  const row = page.locator('.task-row', { hasText: title });
  await expect(row).toContainText('Pending');
  await expect(page.getByRole('button', { name: /^Connection:/ })).toContainText('Offline');
  await expectAccessible(page, 'tasks with a pending write');

  await station.training.start();
  await expect(row).not.toContainText('Pending', { timeout: 45_000 });
  await expect.poll(async () => (await named()).length, { timeout: 15_000 }).toBe(1);
});

test('the simulation ships the verified order and the event shows in the feed', async () => {
  await asTrainingAdmin(station.training, 'PUT', '/api/v1/training/simulation', { stuck_probability: 0 });
  await expect
    .poll(
      async () => {
        await asTrainingAdmin(station.training, 'POST', '/api/v1/training/simulation/step', { minutes: 240 });
        const now = await call(page, 'orders', 'get', { params: { order_id: toShip.id } });
        return ['shipped', 'delivered'].includes(now.status!);
      },
      { timeout: 30_000, message: 'the order left the pharmacy' },
    )
    .toBe(true);
  await page.keyboard.press('Alt+3');
  const feed = page.getByRole('main', { name: 'Event feed' });
  await expect(feed.getByRole('button', { name: new RegExp(`Order ${toShip.order_number} shipped`) })).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, 'event feed');
});
