// The order view as a technician meets it: scan an order, read its timeline, patient, products and shipment, ask for a
// replacement and see it pending, have a cancellation refused without losing the words, and keep reading offline.
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  answerOf,
  call,
  expectAccessible,
  type Station,
  scan,
  scanField,
  shoot,
  signIn,
  startStation,
} from './support.ts';

interface OrderRecord {
  id: string;
  order_number: string | null;
  status: string;
  replacement_request_status: string | null;
  replacement_requested_reason: string | null;
  cancellation_requested: boolean;
  patient: { first_name: string | null; last_name: string | null } | null;
  products: Record<string, unknown[] | null>;
  electronic_prescription_ids: string[];
}

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;
let order: OrderRecord;
let linkedTaskNames: string[] = [];

const card = (): Locator => page.getByRole('article', { name: new RegExp(`^Order ${order.order_number}`) });
const panel = (name: string): Locator => card().getByRole('region', { name });

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  // axe needs a page of a context the test made.
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, station.url, 'technician');
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('scanning a delivered order shows its history, patient, products, prescription, shipment and tasks', async () => {
  const delivered = await call(page, 'orders', 'list', {
    query: { status: 'delivered', page_size: 100 },
  });
  const tasks = await call(page, 'tasks', 'list', {
    query: { page_size: 200 },
  });
  const withTasks = new Set(tasks.map((task) => task.order_id));
  const candidates = delivered.filter(
    (o) => o.order_number && !o.replacement_request_status && !o.cancellation_requested && o.patient,
  );
  const picked = candidates.find((o) => withTasks.has(o.id)) ?? candidates[0];
  expect(picked, 'a delivered order with no request yet in the training data').toBeDefined();
  order = picked as OrderRecord;
  linkedTaskNames = tasks.filter((task) => task.order_id === order.id).map((task) => task.name!);
  const history = await call(page, 'orders', 'statusHistory', { params: { order_id: order.id } });

  await scan(page, order.order_number as string);
  await expect(card()).toBeVisible();
  await expect(card().locator('.patient-name')).toHaveText(
    [order.patient?.first_name, order.patient?.last_name].filter(Boolean).join(' '),
  );

  const timeline = panel('Status history');
  await expect(timeline.getByRole('listitem')).toHaveCount(history.length);
  await expect(timeline.getByRole('listitem').first()).toContainText('Received');
  await expect(timeline.locator('[aria-current="step"]')).toContainText('Delivered');
  await expect(timeline).not.toContainText(/\d{4}-\d{2}-\d{2}T/);

  const lines = Object.values(order.products).reduce((sum, kind) => sum + (kind?.length ?? 0), 0);
  await expect(card().locator('.product-line')).toHaveCount(lines);
  await expect(card().locator('.product-line').first()).toContainText('Qty');
  await expect(panel('Patient').getByRole('term').filter({ hasText: 'Allergies' })).toBeVisible();
  await expect(panel('Electronic prescriptions').getByRole('button', { name: /Open prescription/ })).toHaveCount(
    order.electronic_prescription_ids.length,
  );
  await expect(panel('Shipping').getByRole('button', { name: /^Track / })).toBeVisible();
  for (const name of linkedTaskNames) await expect(panel('Linked tasks')).toContainText(name);
  await expect(panel('Replacement and cancellation')).toContainText('No replacement requested.');
  await expect(scanField(page)).toBeFocused();

  await expectAccessible(page, 'order');
  await shoot(page, 'order', { fullPage: true });
});

test('a replacement asked for with a reason shows as pending, here and on the service', async () => {
  await page.keyboard.press('Alt+R');
  const reason = page.getByLabel('Reason');
  await expect(reason).toBeFocused();
  // Nothing picked yet: the form says so and sends nothing.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Pick a reason.')).toBeVisible();
  await expect(reason).toBeFocused();

  await reason.selectOption({ label: 'Arrived damaged' });
  await page.getByLabel(/^Details/).fill('Box crushed, one bottle leaked');
  await page.keyboard.press('Control+Enter');

  const requests = panel('Replacement and cancellation');
  await expect(requests.getByRole('status').first()).toContainText('Pending');
  await expect(requests).toContainText('Reason given: Arrived damaged: Box crushed, one bottle leaked');
  await expect(card().locator('.order-head')).toContainText('Replacement pending');
  await expect(page.getByRole('button', { name: /Request replacement/ })).toBeDisabled();
  await expect(scanField(page)).toBeFocused();

  const stored = await call(page, 'orders', 'get', { params: { order_id: order.id } });
  expect(stored.replacement_request_status).toBe('pending');
  expect(stored.replacement_requested_reason).toBe('Arrived damaged: Box crushed, one bottle leaked');

  await requests.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'order with a pending replacement');
  await shoot(page, 'order-replacement');
});

test('a cancellation the service refuses shows its words and keeps what was typed', async () => {
  await page.keyboard.press('Alt+X');
  const reason = page.getByLabel('Reason');
  await expect(reason).toBeFocused();
  await reason.selectOption({ label: 'The patient asked to cancel' });
  const details = page.getByLabel(/^Details/);
  await details.fill('Called at 9:10, moving abroad');
  await page.keyboard.press('Control+Enter');

  // The training service lets only pharmacists and admins ask; its refusal is shown in its own words.
  await expect(page.getByRole('alert').filter({ hasText: 'Not sent:' })).toContainText(/Not sent: .*technician/);
  await expect(details).toHaveValue('Called at 9:10, moving abroad');
  await expect(reason).toHaveValue('patient');

  // Closed and opened again: the words are still there.
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await page.keyboard.press('Alt+X');
  await expect(page.getByLabel(/^Details/)).toHaveValue('Called at 9:10, moving abroad');
  await page.keyboard.press('Escape');
  const stored = await call(page, 'orders', 'get', { params: { order_id: order.id } });
  expect(stored.cancellation_requested).toBe(false);
});

test('Alt+V opens verification and Alt+P the prescription of this order; Back returns to it', async () => {
  await page.keyboard.press('Alt+V');
  await expect(page.getByRole('main', { name: /Verif/ })).toBeVisible();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(card()).toBeVisible();
  await page.keyboard.press('Alt+P');
  await expect(page.getByRole('main', { name: /Prescription/ })).toBeVisible();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(card()).toBeVisible();
});

test('the order stays readable, marked as possibly out of date, while the service is unreachable', async () => {
  await station.training.stop();
  try {
    // Any call now fails, and the station learns it is offline.
    await answerOf(page, 'orders', 'list', {});
    await expect(page.locator('.stale-note')).toContainText(/As of .+, offline/);
    await expect(card().locator('.patient-name')).not.toBeEmpty();
    // Away and back: the order comes from what was read, not from the service.
    await page.keyboard.press('Alt+1');
    await expect(card()).toBeHidden();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect(card()).toBeVisible();
    await expect(panel('Status history').getByRole('listitem').first()).toContainText('Received');
    await expect(page.locator('.stale-note')).toBeVisible();
  } finally {
    await station.training.start();
  }
});
