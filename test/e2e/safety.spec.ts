// Pharmacy safety at the verify screen, as a technician meets it, in Chromium through the browser shell against the
// training service: a "pharmacist approved" stop waits for a pharmacist's password (a wrong one refuses, the right one
// clears it and the record names both); a wrong product has no count reason; Alt+D keeps the reason and note typed; a
// controlled line waits for a pharmacist's blind count (the technician's count hidden until theirs is recorded); a shipped order opens read-only; the picker is refused.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { ProductCatalogue } from '../../contract/service/products.ts';
import { type Line, type Order, withLines } from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';

type Product = Line;

import {
  answerOf,
  call,
  expectAccessible,
  refusalOf,
  type Station,
  scan,
  scanField,
  shoot,
  signIn,
  startStation,
} from './support.ts';

test.describe.configure({ mode: 'serial' });

const PHARMACIST = 'pharmacist@training.local';
const PASSWORD = 'Training-2026!';
let station: Station;
let context: BrowserContext;
let page: Page;
let orders: Order[];
let catalogue: ProductCatalogue;
let technician: { id: string; name: string };

const stopDialog = () => page.getByRole('alertdialog');
const linesOf = (o: Order) => [
  ...(o.products.prescription ?? []),
  ...(o.products.non_prescription ?? []),
  ...(o.products.order_material ?? []),
];
const controlled = (o: Order) => (o.products.prescription ?? []).some((p) => p.is_controlled_substance);
const countable = (o: Order) => ['received', 'data_entry'].includes(o.status!);

async function openVerification(order: Order): Promise<void> {
  // An unfinished verification keeps the scanner: leave it for its order view first (Escape), where a scan opens orders.
  if (await page.getByRole('heading', { name: /^Verify order/ }).isVisible()) {
    await page.getByRole('button', { name: /^Back to the order/ }).click();
    await expect(page.getByRole('heading', { name: /^Verify order/ })).toBeHidden();
  }
  await scan(page, order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.getByRole('heading', { name: `Verify order ${order.order_number}` })).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, station.url, 'technician');
  orders = (await call(page, 'orders', 'list', { query: { page_size: 200 } })).map(withLines);
  // The prescriptions of the orders it may count (or picked, or shipped: verified again) reviewed "OK to fill" first (the gate: fill-gate.spec.ts).
  const toCount = orders.filter((o) => countable(o) || ['picked', 'shipped'].includes(o.status!));
  await reviewOrders(page, () => station.url, toCount, 'technician');
  catalogue = await call(page, 'products', 'list');
  const session = await call(page, 'session', 'state');
  technician = { id: session.user!.id!, name: `${session.user!.firstName} ${session.user!.lastName}` };
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

let plainOrder: Order;
let wrong: Product;

test("a technician's 'pharmacist approved' stop waits for a pharmacist's password; a wrong one refuses, the right one clears it", async () => {
  plainOrder = orders.find((o) => countable(o) && !controlled(o) && linesOf(o).every((p) => p.sku)) as Order;
  expect(plainOrder, 'an order a technician may count').toBeTruthy();
  const onOrder = new Set(linesOf(plainOrder).map((p) => p.id));
  wrong = catalogue.non_prescription!.find((p) => !onOrder.has(p.id)) as Product;

  await openVerification(plainOrder);
  await scan(page, wrong.sku);
  await expect(stopDialog()).toContainText('Not on this order');
  await stopDialog().getByLabel('Reason').selectOption('pharmacist_approved');
  await stopDialog().getByLabel('What was done').fill('Substitution approved by the pharmacist');
  const fields = stopDialog().getByRole('group', { name: 'A pharmacist confirms here' });
  await fields.getByLabel('Pharmacist’s badge or email').fill(PHARMACIST);
  await fields.getByLabel('Pharmacist’s password').fill('not-the-password');
  await page.keyboard.press('Enter');
  await expect(stopDialog().getByRole('alert')).toHaveText(
    'Not confirmed: that password is not right for that pharmacist.',
  );
  await expect(stopDialog()).toBeVisible();
  await expect(fields.getByLabel('Pharmacist’s password')).toHaveValue('');
  expect(await call(page, 'audit', 'stops', { orderId: plainOrder.id })).toEqual([]);
  await expectAccessible(page, 'pharmacist confirmation');
  await shoot(page, 'pharmacist-confirm');

  await fields.getByLabel('Pharmacist’s password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(stopDialog()).toBeHidden();
  const kept = (await call(page, 'audit', 'stops', { orderId: plainOrder.id }))[0]!;
  expect(kept).toMatchObject({
    kind: 'not_on_order',
    reason: 'pharmacist_approved',
    note: 'Substitution approved by the pharmacist',
    user: { email: 'technician@training.local', name: technician.name },
    approvedBy: { email: PHARMACIST, name: 'Parker Pharmacist' },
  });
  // The technician is still the one signed in: the pharmacist's login was main's alone, its tokens dropped.
  expect((await call(page, 'session', 'state')).user!.email).toBe('technician@training.local');
});

test('a wrong product cannot be cleared with a count reason, on the screen or by the channel', async () => {
  await scan(page, wrong.sku);
  await expect(stopDialog()).toContainText('Not on this order');
  const offered = await stopDialog().getByLabel('Reason').locator('option').allTextContents();
  expect(offered.join('|')).not.toMatch(/count/i);
  // The channel a hostile page would call: main judges the reason against the stop it holds.
  const refused = await answerOf(page, 'verify', 'answerStop', {
    orderId: plainOrder.id,
    reason: 'count_corrected',
    note: 'Counted again',
    taskRef: null,
    confirmationId: null,
  });
  expect(refused.ok).toBe(false);
  expect(refusalOf(refused).message).toBe('That reason does not fit this stop.');
});

test('Alt+D makes a discrepancy task that carries the reason and note typed; the scan log says the same', async () => {
  // The stop of the last test is still open: a reason and a note are typed, then Alt+D.
  await stopDialog().getByLabel('Reason').selectOption('removed');
  await stopDialog().getByLabel('What was done').fill('Put back on shelf 3');
  const before = await call(page, 'outbox', 'list');
  await page.keyboard.press('Alt+D');
  await expect(stopDialog()).toBeHidden();
  const after = await call(page, 'outbox', 'list');
  const task = after.entries.filter((e) => !before.entries.some((b) => b.id === e.id))[0]!;
  expect(task.body.order_id).toBe(plainOrder.id);
  const description = task.body.description as string;
  for (const part of [
    `Order: ${plainOrder.order_number}`,
    'Not on this order (not_on_order)',
    `Scanned: ${wrong.sku}`,
    `Expected line: none: ${wrong.name} (${wrong.sku}) is on no line of the order`,
    'Reason given: Taken out of the package',
    'Note: Put back on shelf 3',
  ]) {
    expect(description).toContain(part);
  }
  const reported = (await call(page, 'audit', 'stops', { orderId: plainOrder.id }))[0]!;
  expect(reported).toMatchObject({
    reason: 'reported_as_task',
    note: 'Taken out of the package: Put back on shelf 3',
    taskRef: task.id,
  });
  await expect(page.locator('.verify-log-item').first()).toContainText(
    'Reason: Reported as a discrepancy task — Taken out of the package: Put back on shelf 3',
  );
});

test('the header says whose order it is; a controlled line waits for a pharmacist to confirm its count', async () => {
  const order = orders.find((o) => countable(o) && controlled(o) && linesOf(o).every((p) => p.sku)) as Order;
  expect(order, 'an open order with a controlled line').toBeTruthy();
  const rx = (order.products.prescription ?? []).find((p) => p.is_controlled_substance) as Product;
  await openVerification(order);
  const who = page.getByRole('group', { name: 'Whose order' }).or(page.locator('.verify-who'));
  await expect(who).toContainText(`${order.patient!.first_name}`);
  await expect(who).toContainText(order.patient!.last_name!);

  await expect(who).toContainText('Date of birth');
  await expect(who).toContainText(/Rx\s*RX\d{9}/);
  await expect(page.getByRole('row', { name: new RegExp(rx.sku) })).toContainText(/Controlled \(Schedule (II|IV)\)/);
  for (const product of linesOf(order)) await scan(page, `${product.quantity ?? 1}*${product.sku}`);
  const signOff = page.getByRole('region', { name: 'A pharmacist confirms the controlled count' });
  await expect(signOff).toBeVisible();
  await expect(page.locator('.verify-recorded')).toHaveCount(0);
  // Blind: nothing on the screen says how many the technician counted until the pharmacist's count is recorded.
  const row = page.getByRole('row', { name: new RegExp(rx.sku) });
  await expect(row).toContainText('Hidden: blind count');
  await expect(row).not.toContainText(`${rx.quantity} / ${rx.quantity}`);
  await expect(signOff).toContainText("the technician's count is hidden until yours is recorded");
  await expect(page.locator('main.verify')).not.toContainText(new RegExp(`\\b${rx.quantity} (of|counted)\\b`));
  await expect(page.locator('.verify-log')).not.toContainText(rx.sku);
  await expectAccessible(page, 'verify with a controlled line');
  await shoot(page, 'verify-controlled', { fullPage: true });
  // A plain number, as a pharmacist types it; the note is optional.
  await signOff.getByLabel(/^Pharmacist’s count of/).fill(`${rx.quantity}`);
  await signOff.getByLabel('Pharmacist’s badge or email').fill(PHARMACIST);
  await signOff.getByLabel('Pharmacist’s password').fill(PASSWORD);
  await signOff.getByRole('button', { name: 'Confirm the count as pharmacist' }).click();
  await expect(page.locator('.verify-recorded')).toContainText(`Verified by ${technician.name}`);
  // Once the pharmacist's count is recorded, the technician's shows again.
  await expect(row).toContainText(`${rx.quantity} / ${rx.quantity}`);
  const entry = (await call(page, 'audit', 'list', { orderId: order.id }))[0]!;
  expect(entry.signOffs).toEqual([
    {
      purpose: 'controlled_count',
      productId: rx.id,
      note: `Counted ${rx.quantity}`,
      by: { id: expect.any(String), email: PHARMACIST, name: 'Parker Pharmacist' },
    },
  ]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('status').filter({ hasText: 'Verified at this station by' })).toContainText(
    `Verified at this station by ${technician.name} at`,
  );
});

test('a shipped order opens verification read-only, with the reason', async () => {
  const shipped = orders.find((o) => o.status === 'shipped') as Order;
  await openVerification(shipped);
  await expect(page.getByRole('status').filter({ hasText: 'Read only' })).toHaveText(
    'Read only: this order is Shipped, so it is past verification and nothing is counted here.',
  );
  await expect(scanField(page)).toBeVisible();
  await expect(page.locator('#scan-label')).not.toContainText('Scan each product');
});

test('the person the status history names as the picker is refused; a pharmacist may override', async () => {
  const picked = orders.filter((o) => o.status === 'picked');
  let mine: Order | undefined;
  for (const order of picked) {
    const history = await call(page, 'orders', 'statusHistory', { params: { order_id: order.id } });
    if (history.some((step) => step.status_code === 'PK01' && step.updated_by === technician.id)) mine = order;
  }
  expect(mine, 'the demo data names the technician as the picker of one order').toBeTruthy();
  const order = mine as Order;
  await openVerification(order);
  await expect(page.getByRole('alert')).toContainText('You picked this order');
  await expect(page.getByRole('alert')).toContainText('you cannot verify it');
  const override = page.getByRole('region', { name: 'A pharmacist overrides' });
  await override.getByLabel('Why the picker may verify').fill('Single-person night shift');
  await override.getByLabel('Pharmacist’s badge or email').fill(PHARMACIST);
  await override.getByLabel('Pharmacist’s password').fill(PASSWORD);
  await override.getByRole('button', { name: 'Override as pharmacist' }).click();
  await expect(page.locator('#scan-label')).toContainText(`Scan each product of order ${order.order_number}`);
});

test("an admin exports the day's audit log as CSV with the chain hashes, and the chain checks intact", async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+8');
  const card = page.getByRole('region', { name: 'Audit log export' });
  const today = new Date().toISOString().slice(0, 10);
  await card.getByLabel('From').fill(today);
  await card.getByLabel('To').fill(today);
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export the audit log' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`audit-${today}-to-${today}.csv`);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('chain_seq,kind,id,recorded_at,user_email,user_name,subject,record,prev_hash,hash');
  expect(lines.filter((line) => line.includes(',hard_stop,'))).toHaveLength(2);
  expect(lines.some((line) => line.includes('approved_by_email') && line.includes(PHARMACIST))).toBe(true);
  await expect(card.getByRole('status')).toContainText(`Saved audit-${today}-to-${today}.csv`);
  const verified = spawnSync(process.execPath, ['scripts/audit.ts', 'verify', '--data-dir', station.dataDir], {
    encoding: 'utf8',
  });
  // Keyed where the machine has an OS keychain (exit 0); here, without one, it says plainly that it is not keyed and
  // exits 2.
  expect([0, 2]).toContain(verified.status);
  expect(verified.stdout.trim()).toMatch(
    new RegExp(
      `^audit chain: ${lines.length - 1} records, (intact, keyed from record 1|links consistent but NOT KEYED)`,
    ),
  );
});

test('an admin may verify a shipped order again, with a reason that goes into the record', async () => {
  const shipped = orders.find((o) => o.status === 'shipped' && !controlled(o) && linesOf(o).every((p) => p.sku));
  const order = shipped as Order;
  await openVerification(order);
  await expect(page.getByRole('status').filter({ hasText: 'Read only' })).toContainText('An admin may verify it again');
  await page
    .getByLabel('Why this order is verified again')
    .fill('Customer disputes the count; checked before reshipping');
  await page.getByRole('button', { name: 'Verify again, recorded with this reason' }).click();
  await expect(page.locator('#scan-label')).toContainText(`Scan each product of order ${order.order_number}`);
  for (const product of linesOf(order)) await scan(page, `${product.quantity ?? 1}*${product.sku}`);
  await expect(page.locator('.verify-recorded')).toContainText('Verified by Alex Admin');
  const entry = (await call(page, 'audit', 'list', { orderId: order.id }))[0]!;
  expect(entry.signOffs).toEqual([
    {
      purpose: 'reverify',
      productId: null,
      note: 'Customer disputes the count; checked before reshipping',
      by: { id: expect.any(String), email: 'admin@training.local', name: 'Alex Admin' },
    },
  ]);
});
