// The station pointed at a stand-in for the real service that answers its documented payloads (test/replay): the
// documented order opens by its number with its patient, products and status; inventory names its products; the report
// shows the service's status names and range; mutated orders render or are clearly refused; the admin sees the drift.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type ReplayServer, startReplayServer } from '../replay/replay-server.ts';
import { freePort, root, SCANNER_MARKS, SHELL_ADDRESS, scan, shoot, stopChild, waitForLine } from './support.ts';

test.describe.configure({ mode: 'serial' });

let replay: ReplayServer;
let shell: ChildProcess;
let dataDir: string;
let url: string;
let page: Page;

const ORDER_NUMBER = 'ORD250312003548IAU4';

/** Orders the documented one could have been: each mutation is a field of another type, missing, or unknown. */
function mutatedOrders(): { key: string; body: Record<string, unknown>; readable: boolean }[] {
  const order = replay.documentedOrder;
  /** A copy to break: any field may be given any value, as a service that drifted might send it. */
  type Loose = Record<string, unknown>;
  const copy = () => structuredClone(order) as Loose;
  const withProducts = copy();
  withProducts.products = 'see the dashboard';
  const noPatientId = copy();
  delete (noPatientId.patient as Loose).id;
  const oddStatus = copy();
  oddStatus.status = 'ON_ICE';
  oddStatus.status_name = 42;
  oddStatus.created_at = '2025-03-15 12:00:00.123456';
  oddStatus.address = ['not', 'an', 'address'];
  const nested = copy();
  const firstLine = ((nested.products as Loose).prescription as Loose[])[0]!;
  firstLine.reasons = [{ name: 'no id' }, 7];
  firstLine.quantity = '2';
  nested.shipments = [{ tracking: { nested: { extra: true } } }];
  const noNumber = copy();
  delete noNumber.order_number;
  return [
    { key: 'ORD-MUT-PRODUCTS', body: { ...withProducts, order_number: 'ORD-MUT-PRODUCTS' }, readable: true },
    { key: 'ORD-MUT-PATIENT', body: { ...noPatientId, order_number: 'ORD-MUT-PATIENT' }, readable: true },
    { key: 'ORD-MUT-STATUS', body: { ...oddStatus, order_number: 'ORD-MUT-STATUS' }, readable: true },
    { key: 'ORD-MUT-NESTED', body: { ...nested, order_number: 'ORD-MUT-NESTED' }, readable: true },
    { key: 'ORD-MUT-NO-NUMBER', body: noNumber, readable: false },
  ];
}

test.beforeAll(async ({ browser }) => {
  replay = await startReplayServer();
  dataDir = mkdtempSync(join(tmpdir(), 'station-replay-'));
  const settings = { backend: 'custom', baseUrl: replay.url, listenerPort: await freePort(), ...SCANNER_MARKS };
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(settings));
  shell = spawn(process.execPath, ['scripts/start-browser.ts', '--port', '0'], {
    cwd: root,
    env: { ...process.env, STATION_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await waitForLine(shell, SHELL_ADDRESS, 'the shell');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  // The documented account (an admin): the replay answers the documented sign-in whatever the password.
  await page.goto(url);
  // A custom service is confirmed by a person at the station before any password goes to it.
  await expect(page.getByRole('heading', { name: 'Confirm the service before you sign in' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm the service before you sign in' })).toContainText(replay.url);
  await page.getByRole('button', { name: 'This is our service' }).click();
  await page.getByLabel('Email').fill('chad@byblend.com');
  await page.getByLabel('Password').fill('replay-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test.afterAll(async () => {
  await stopChild(shell);
  await replay?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the documented order opens by its number with its patient, products and status', async () => {
  await scan(page, ORDER_NUMBER);
  const card = page.locator('.order-header');
  await expect(card.locator('.order-number')).toHaveText(ORDER_NUMBER);
  await expect(card.locator('.status-pill')).toHaveText('Received');
  await expect(card.locator('.patient-name')).toContainText('Donnelly');
  await expect(page.getByText('Mupirocin').first()).toBeVisible();
  await expect(page.getByText('does not match its description')).toHaveCount(0);
  // Its status history, its patient's risk factors (sent keyed by type) and its task, as documented.
  await expect(page.getByText('by John Doe')).toBeVisible();
  await expect(page.getByText('Penicillin')).toBeVisible();
  await expect(page.getByText('Diabetes mellitus')).toBeVisible();
  await expect(page.getByText('Confirm shelf-stability of recent batch')).toBeVisible();
});

test('mutated orders render, or are refused with a clear message: never a blank screen or a spinner', async () => {
  for (const mutated of mutatedOrders()) {
    replay.addOrder(mutated.key, mutated.body);
    await scan(page, mutated.key);
    if (mutated.readable) {
      await expect(page.locator('.order-header .order-number'), mutated.key).toHaveText(mutated.key);
      await expect(page.locator('.order-header .patient-name'), mutated.key).not.toBeEmpty();
    } else {
      await expect(page.getByText(/cannot be shown: order_number is missing/).first(), mutated.key).toBeVisible();
    }
    await expect(page.getByText(/Loading/)).toHaveCount(0);
  }
});

test('the tasks screen shows the documented task with the status name the service gives', async () => {
  await page.keyboard.press('Alt+2');
  const tasks = page.getByRole('main', { name: 'Tasks' });
  const row = tasks.getByRole('listitem').filter({ hasText: 'Confirm shelf-stability of recent batch' }).first();
  await expect(row.locator('.task-status')).toHaveText('New');
});

test('inventory names the product of the documented lot', async () => {
  await page.keyboard.press('Alt+6');
  const lots = page.locator('main');
  await expect(lots.getByText('Mupirocin').first()).toBeVisible();
  await expect(lots.getByText('Unknown product')).toHaveCount(0);
});

test('the report shows the service’s status names and the range it answered', async () => {
  await page.keyboard.press('Alt+8');
  await page.getByRole('button', { name: /Last month/ }).click();
  // The replay counted March 2025, whatever was asked: the heading says what the service answered.
  await expect(page.locator('#report-range-title')).toHaveText(/2025/);
  await expect(page.getByText(/Asked for:/)).toBeVisible();
  await page.getByRole('button', { name: /Numbers as tables/ }).click();
  await expect(page.getByRole('table', { name: 'Orders by status' })).toContainText('Received');
  await expect(page.getByText('No status')).toHaveCount(0);
});

test('the admin’s drift panel lists what was read differently, field by field, and copies it', async () => {
  await page.keyboard.press('Alt+9');
  const panel = page.getByRole('region', { name: 'Service drift' });
  await panel.getByRole('button', { name: 'Read the counts again' }).click();
  const list = panel.getByRole('list', { name: 'Fields read differently' });
  await expect(list).toContainText('orders.get: products.prescription[].formula_id was a number, read as text');
  await expect(list).toContainText('products.list: prescription[].formula_id was a number, read as text');
  await expect(list).toContainText('orders.get: products was text, left out');
  await expect(list).toContainText('orders.get: the answer could not be shown (order_number is missing)');
  await expect(list).not.toContainText('Donnelly');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(panel.getByRole('status')).toContainText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`Service drift at ${replay.url}`);
  expect(copied).toContain('orders.get: products.prescription[].formula_id was a number, read as text');
  expect(copied).not.toMatch(/Donnelly|826271167|Mupirocin/);
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'service-drift', { fullPage: true });
});
