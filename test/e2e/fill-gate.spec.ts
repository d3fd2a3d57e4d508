// The pharmacist's gate as the shift meets it, in Chromium through the browser shell against the training service:
// the tramadol order of a child (found by query) is not verified or labelled before review; the pharmacist's "Needs
// clarification" holds it and the order view names the task; after "OK to fill" (every failed check acknowledged) it
// opens for counting.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { PHARMACY } from './documents-support.ts';
import { type Line, type Order, withLines } from './label-steps.ts';
import {
  answerOf,
  call,
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
let prescriptionId: string;

const ageOn = (dob: string, today: Date) => {
  const born = new Date(`${dob.slice(0, 10)}T00:00:00Z`);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const birthday = new Date(Date.UTC(today.getUTCFullYear(), born.getUTCMonth(), born.getUTCDate()));
  if (today < birthday) age -= 1;
  return age;
};

/** The open order of tramadol for a child under 12 (order 1000144 in the demo data when it still is one). */
async function findTramadolForChild(): Promise<Order> {
  const open = (
    await call(page, 'orders', 'list', {
      query: { page_size: 200, status: 'received,data_entry,picked' },
    })
  ).map(withLines);
  const children = [];
  for (const candidate of open) {
    if (!(candidate.products.prescription ?? []).some((p) => /tramadol/i.test(p.name ?? ''))) continue;
    const full = withLines(await call(page, 'orders', 'get', { params: { order_id: candidate.id } }));
    const dob = full.patient?.date_of_birth ?? full.patient?.dob ?? null;
    if (typeof dob === 'string' && dob && ageOn(dob, new Date()) < 12) children.push(full);
  }
  const found = children.find((o) => o.order_number === '1000144') ?? children[0];
  if (!found) throw new Error('the demo data holds no open tramadol order for a child under 12');
  return found;
}

async function openOrder(): Promise<void> {
  await scan(page, order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
}

async function openVerify(): Promise<void> {
  await openOrder();
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.getByRole('heading', { name: `Verify order ${order.order_number}` })).toBeVisible();
}

/** The label's preview as main decides it: refused (its message) or allowed. */
async function labelAnswer(): Promise<{ ok: boolean; message: string | null }> {
  const document = { kind: 'prescription_label' as const, orderId: order.id, prescriptionId };
  const answer = await answerOf(page, 'print', 'check', { document });
  return answer.ok
    ? { ok: answer.value.allowed, message: answer.value.reason }
    : { ok: false, message: answer.error.message };
}

/** The pharmacist opens the order's prescription review from the order view. */
async function openReviewAsPharmacist(): Promise<void> {
  await signInAs('pharmacist');
  await openOrder();
  await page
    .getByRole('button', { name: /^Open prescription/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Prescription review: Tramadol');
}

async function signInAs(role: 'technician' | 'pharmacist'): Promise<void> {
  await call(page, 'session', 'signOut');
  await signIn(page, station.url, role);
}

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  // The pharmacy is set (a label without it is refused for that reason, not the gate's).
  await signIn(page, station.url, 'admin');
  const pharmacy = { pharmacyName: PHARMACY.name, pharmacyAddress: PHARMACY.address, pharmacyPhone: PHARMACY.phone };
  await call(page, 'settings', 'update', pharmacy);
  await signInAs('technician');
  order = await findTramadolForChild();
  const erx = await call(page, 'prescriptions', 'getElectronic', {
    params: { electronic_prescription_id: order.electronic_prescription_ids![0]! },
  });
  prescriptionId = erx.prescriptions![0]!.id;
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('before review: the order view and the verify screen say it waits for a pharmacist, and main refuses the run and the label', async () => {
  await openOrder();
  const notice = page.locator('.hold-notice');
  await expect(notice).toContainText('Waiting for a pharmacist’s review');
  await expect(notice).toContainText(/Not reviewed: a pharmacist reviews the prescription for Tramadol/);
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.locator('.hold-notice')).toContainText('No verification and no label until');
  await expect(page.locator('#scan-label')).not.toContainText('Scan each product');
  // A product scanned here is not counted and does not leave the screen: it says so, and the gate stays.
  const product = order.products.prescription?.[0] as { sku: string };
  await scan(page, product.sku);
  await expect(page.getByRole('status').filter({ hasText: `Scanned ${product.sku}: not counted` })).toBeVisible();
  await expect(page.locator('.hold-notice')).toContainText('No verification and no label until');
  // A script in the page asking main directly is refused the same.
  const started = await answerOf(page, 'verify', 'start', { orderId: order.id });
  expect(started).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
  expect(await labelAnswer()).toMatchObject({
    ok: false,
    message: expect.stringContaining('No label yet: Not reviewed'),
  });
  await expectAccessible(page, 'verify held');
});

test('the pharmacist records "Needs clarification": it holds the order, and the order view names the task', async () => {
  await openReviewAsPharmacist();
  await page
    .getByLabel('Note (for a clarification or an exception, say what)')
    .fill('Tramadol under 12: ask the prescriber');
  await page.getByRole('button', { name: 'Needs clarification', exact: true }).click();
  await expect(page.locator('.rx-decision-recorded')).toContainText('Recorded: Needs clarification');

  await signInAs('technician');
  await openOrder();
  const notice = page.locator('.hold-notice');
  await expect(notice).toContainText('On hold for the pharmacist');
  await expect(notice).toContainText('is marked Needs clarification by');
  await expect(notice).toContainText('Note: Tramadol under 12: ask the prescriber');
  // The task is linked to the prescription only; the order view finds it through the prescription.
  const tasks = page.getByRole('region', { name: /linked tasks/i });
  await expect(tasks).toContainText(/Needs clarification: .*Tramadol/i, { timeout: 30_000 });
  // The notice names the task as it was queued, once the order view has read it.
  await expect(notice).toContainText(
    /Follow the task "Needs clarification: Tramadol 50 mg — [^"]+, order \d+" linked to the prescription/,
  );
  await shoot(page, 'order-held', { fullPage: true });
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.locator('.hold-notice')).toContainText('Needs clarification');
  await shoot(page, 'verify-held', { fullPage: true });
  const refused = await answerOf(page, 'verify', 'start', { orderId: order.id });
  expect(refusalOf(refused).message).toContain('Follow the task "Needs clarification: ');
  expect((await labelAnswer()).message).toContain('Needs clarification');
});

test('after "OK to fill" (each failed check acknowledged) the order opens for counting, and its label waits only for the count', async () => {
  await openReviewAsPharmacist();
  // Main's checks find the age: tramadol is contraindicated under 12 (its source named); the pharmacist acknowledges it.
  const age = page.locator('[data-check="limits"]');
  await expect(age).toContainText('Fail');
  await expect(age).toContainText(/Tramadol is not for a patient of \d+ \(from 12 years; Ultram/);
  await shoot(page, 'review-age-finding', { fullPage: true });
  const acks = page.getByLabel(/why it is acceptable/);
  await expect(page.getByRole('button', { name: 'Reviewed — OK to fill' })).toBeVisible();
  for (const ack of await acks.all()) await ack.fill('Prescriber confirmed by phone: dose checked for age and weight');
  // A controlled substance: the pharmacist records what the state's PDMP showed.
  await page.getByLabel(/what the state PDMP showed/).fill('No other controlled prescriptions in the last 12 months');
  await page.getByRole('button', { name: 'Reviewed — OK to fill' }).click();
  await expect(page.locator('.rx-decision-recorded')).toContainText('Recorded: Reviewed — OK to fill');

  await signInAs('technician');
  await openVerify();
  await expect(page.locator('#scan-label')).toContainText(`Scan each product of order ${order.order_number}`);
  await expect(page.locator('.hold-notice')).toHaveCount(0);
  const label = await labelAnswer();
  expect(label.ok).toBe(false);
  expect(label.message).toMatch(/^Not verified yet/);
});

test('a product that is not the prescribed drug is a hard stop; a scan during the stop is kept, never the reason, and counts once it is answered', async () => {
  const catalogue = await call(page, 'products', 'list');
  const onOrder = new Set((order.products.prescription ?? []).map((p) => p.id));
  const other = catalogue.prescription!.find((p) => !onOrder.has(p.id) && p.sku) as Line;
  const tramadol = (order.products.prescription ?? [])[0]!;
  await scan(page, other.sku as string);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Not on this order');
  await dialog.getByLabel('Reason').selectOption('removed');
  // The scanner fires while the dialog holds the keyboard (on the reason picklist): the code is kept, the reason stays.
  await dialog.getByLabel('Reason').focus();
  await page.keyboard.type(`~${tramadol.sku}~`);
  await page.keyboard.press('Enter');
  await expect(page.locator('.verify-feedback')).toContainText(`Kept: ${tramadol.sku} is counted once`);
  await expect(dialog.getByLabel('Reason')).toHaveValue('removed');
  await shoot(page, 'verify-scan-kept-behind-stop');
  await dialog.getByLabel('What was done').fill('Taken out of the package');
  await dialog.getByRole('button', { name: /^Dismiss the stop/ }).click();
  await expect(dialog).toBeHidden();
  const stop = (await call(page, 'audit', 'stops', { orderId: order.id }))[0]!;
  expect(stop).toMatchObject({ reason: 'removed' });
  await expect(page.getByRole('row', { name: /Tramadol/ })).toContainText(/1\s*\/\s*60/);
});

test('a shipped order whose prescription was never reviewed here shows no "Waiting for a pharmacist’s review"', async () => {
  const shipped = (
    await call(page, 'orders', 'list', {
      query: { page_size: 200, status: 'shipped,delivered' },
    })
  ).map(withLines);
  let found: Order | null = null;
  for (const candidate of shipped) {
    const erxId = candidate.electronic_prescription_ids?.[0];
    if (!erxId) continue;
    const erx = await call(page, 'prescriptions', 'getElectronic', { params: { electronic_prescription_id: erxId } });
    // Not reviewed or verified at the service, and never at this station: the gate alone would call it unreviewed.
    if ((erx.prescriptions ?? []).some((p) => !['reviewed', 'verified'].includes(p.status ?? ''))) {
      found = candidate;
      break;
    }
  }
  if (!found) throw new Error('the demo data holds no shipped order with a prescription the service left unreviewed');
  await signInAs('technician'); // away from the verify screen, which claims the scans
  await scan(page, found.order_number);
  await expect(page.getByRole('heading', { name: `Order ${found.order_number}`, exact: true })).toBeVisible();
  // Its prescriptions are read (the gate reads the same): only then is the absence of the notice worth anything.
  await expect(page.getByRole('button', { name: /^Open prescription/ }).first()).toBeVisible();
  await expect(page.locator('.hold-notice')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('Waiting for a pharmacist’s review');
});
