// The station as a new user meets it, in Chromium through the browser shell against the training service: sign-in,
// the scan station (scanner or typing, badges, unknown codes, sounds and colours), the idle lock and the lock screen.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  call,
  DEMO_PASSWORD,
  expectAccessible,
  type Station,
  scan,
  scanField,
  scannerKeys,
  shoot,
  startStation,
} from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;
let orderNumber: string;
let otherOrderNumber: string;
let pharmacistBadge: string;

/** Records the pitch of every tone the page starts, so a test can tell the good sound from the bad one. */
function recordTones() {
  const w = window as unknown as { __tones: number[] };
  w.__tones = [];
  if (typeof OscillatorNode === 'undefined') return;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
    w.__tones.push(this.frequency.value);
    return start.apply(this, args);
  };
}

const tones = () => page.evaluate(() => (window as unknown as { __tones: number[] }).__tones.splice(0));
const scanForm = () => page.locator('form.scan-form');
const scanStatus = () => page.locator('.scan-status');
const lockHeading = () => page.getByRole('heading', { name: 'The station is locked' });

async function sessionOf() {
  return call(page, 'session', 'state');
}

async function issueBadge(userId: string): Promise<string> {
  const badge = await call(page, 'barcodes', 'create', {
    params: { entity_type: 'user', entity_id: userId },
    body: {},
  });
  return badge.value!;
}

/** Types as a person does: a tenth of a second and more between keys. */
async function typeSlowly(text: string): Promise<void> {
  await scanField(page).focus();
  await page.keyboard.type(text, { delay: 150 });
  await page.keyboard.press('Enter');
}

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  // axe needs a page of a context the test made.
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await page.addInitScript(recordTones);
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('a new user sees the TRAINING banner and the demo accounts, with the focus in the email field', async () => {
  await page.goto(station.url);
  await expect(page.getByRole('region', { name: 'Training mode' })).toContainText('TRAINING');
  await expect(page.getByText('Service: Training (on this computer)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Demo accounts' })).toBeVisible();
  for (const role of ['admin', 'pharmacist', 'technician']) {
    await expect(page.getByRole('button', { name: new RegExp(`${role}@training\\.local`) })).toBeVisible();
  }
  await expect(page.getByLabel('Email')).toBeFocused();
  await expectAccessible(page, 'sign-in');
  await shoot(page, 'sign-in');
});

test('a wrong password is refused in plain words, and a bad email before anything is sent', async () => {
  await page.getByLabel('Email').fill('not-an-email');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Enter an email address')).toBeVisible();
  await page.getByLabel('Email').fill('technician@training.local');
  await page.getByLabel('Password').fill('wrong-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('The email or password is not right.');
  // The password is ready to be typed again.
  await expect(page.getByLabel('Password')).toBeFocused();
  await shoot(page, 'sign-in-wrong-password');
});

test('the pharmacist signs in and out; her badge is issued for later', async () => {
  await page.getByRole('button', { name: /pharmacist@training\.local/ }).click();
  await page.keyboard.press('Enter');
  await expect(page.locator('.role-badge')).toHaveText('pharmacist');
  const session = await sessionOf();
  pharmacistBadge = await issueBadge(session.user?.id as string);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the station' })).toBeVisible();
});

test('the technician signs in by picking the demo account and pressing Enter', async () => {
  await page.getByRole('button', { name: /technician@training\.local/ }).click();
  await page.keyboard.press('Enter');
  await expect(page.locator('.role-badge')).toHaveText('technician');
  await expect(page.getByRole('region', { name: 'Training mode' })).toBeVisible();
  await expect(scanField(page)).toBeFocused();
});

test('the screen says when the station’s key for the pharmacy record lives in memory for this run only, as main says', async () => {
  // Main decides where the key is kept (the OS keychain when this machine has one); the page only says it.
  const { recordKey } = await call(page, 'app', 'info');
  const note = page.locator('.record-key-note');
  if (recordKey.kept === 'memory') await expect(note).toContainText('kept in memory for this run only');
  else await expect(note).toHaveCount(0);
});

test('an order number scanned at scanner speed opens the order, good colour and good sound, marked as scanned', async () => {
  const orders = await call(page, 'orders', 'list', { query: { page_size: 5 } });
  const numbers = orders.flatMap((order) => (order.order_number ? [order.order_number] : []));
  expect(numbers.length, 'two orders with a number in the training data').toBeGreaterThanOrEqual(2);
  [orderNumber, otherOrderNumber] = numbers as [string, string];
  await tones();
  await scan(page, orderNumber);
  await expect(page.getByRole('article', { name: new RegExp(`^Order ${orderNumber}`) })).toBeVisible();
  await expect(scanStatus()).toContainText(`Opened order ${orderNumber}`);
  await expect(scanStatus()).toContainText('Scanned');
  await expect(scanForm()).toHaveClass(/scan-good/);
  await expect(scanField(page)).toBeFocused();
  expect(await tones()).toEqual([1320]);
});

test('the same order number typed by a person opens it too, marked as typed', async () => {
  await page.keyboard.press('Alt+1');
  await typeSlowly(orderNumber);
  await expect(page.getByRole('article', { name: new RegExp(`^Order ${orderNumber}`) })).toBeVisible();
  await expect(scanStatus()).toContainText('Typed');
  await expect(scanStatus()).not.toContainText('Scanned');
});

test('a scanner burst that starts while a button has the focus still lands in the scan field', async () => {
  await expect(scanField(page)).toBeFocused();
  // Shift+Tab moves the focus back to the control before the scan field; it stays there (the keyboard put it there).
  await page.keyboard.press('Shift+Tab');
  await expect(scanField(page)).not.toBeFocused();
  await expect(page.locator('button:focus')).toHaveCount(1);
  await page.keyboard.type(scannerKeys(otherOrderNumber));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: new RegExp(`^Order ${otherOrderNumber}`) })).toBeVisible();
  await expect(scanStatus()).toContainText(`Opened order ${otherOrderNumber}`);
  await expect(scanStatus()).toContainText('Scanned');
  // The Enter went to the scan field, not to the button that had the focus.
  await expect(scanField(page)).toBeFocused();
});

test('the technician’s own badge is recognised by name on the scan station', async () => {
  await page.keyboard.press('Alt+1');
  const session = await sessionOf();
  const badge = await issueBadge(session.user?.id as string);
  await tones();
  await scan(page, badge);
  await expect(scanStatus()).toContainText('Badge recognised: Taylor Technician');
  await expect(scanForm()).toHaveClass(/scan-good/);
  await expect(page.getByRole('button', { name: /Switch user/ })).toHaveCount(0);
  expect(await tones()).toEqual([1320]);
  await expectAccessible(page, 'scan');
  await shoot(page, 'scan');
});

test('an unknown code is refused plainly, in the bad colour and with the bad sound', async () => {
  await scan(page, 'NOPE-123');
  await expect(page.getByRole('alert')).toContainText('No order found for NOPE-123');
  await expect(scanStatus()).toContainText('Not opened: NOPE-123');
  await expect(scanForm()).toHaveClass(/scan-bad/);
  expect(await tones()).toEqual([220, 220]);
  await shoot(page, 'scan-not-found');
  // The banner belongs to its moment: another screen and back, and it is gone.
  await page.keyboard.press('Alt+2');
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('alert').filter({ hasText: 'No order found for NOPE-123' })).toHaveCount(0);
  await expect(scanStatus()).not.toContainText('Not opened: NOPE-123');
});

test('the scan field takes the focus back after a click elsewhere', async () => {
  await page.locator('.brand').click();
  await expect(scanField(page)).toBeFocused();
});

test('the idle lock locks after the minutes chosen in the palette, and unlocking keeps the screen', async () => {
  // The page's clock, under the test's hand: minutes pass in an instant, and nothing else about the page changes.
  await page.clock.install();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('idle lock');
  await expect(page.getByRole('option', { name: /Set the idle lock minutes/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Idle lock' });
  await dialog.getByLabel('Minutes').fill('1');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('Saved: the station now locks after 1 minute without activity.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await scan(page, orderNumber);
  const order = page.getByRole('article', { name: new RegExp(`^Order ${orderNumber}`) });
  await expect(order).toBeVisible();

  await page.clock.fastForward(50_000);
  await page.mouse.move(400, 500);
  await page.clock.fastForward(50_000);
  // 100 s since the scan, but only 50 s since the pointer moved: still open.
  expect((await sessionOf()).status).toBe('signed_in');
  await page.clock.fastForward(11_000);
  await expect(lockHeading()).toBeVisible();
  await expect(order).toBeHidden();
  expect((await sessionOf()).status).toBe('locked');
  await expectAccessible(page, 'lock');
  await shoot(page, 'lock');

  await page.getByLabel('Password').fill('not-it');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('That password is not right.');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(order).toBeVisible();
  await expect(lockHeading()).toHaveCount(0);
});

test('another person’s badge offers Switch user, and the sign-in then waits for that person', async () => {
  await page.keyboard.press('Alt+1');
  await scan(page, pharmacistBadge);
  await expect(scanStatus()).toContainText('This is Parker Pharmacist’s badge.');
  const switchUser = page.getByRole('button', { name: /Switch user/ });
  await expect(switchUser).toHaveAttribute('aria-keyshortcuts', 'Alt+U');
  await page.keyboard.press('Alt+u');
  await expect(page.getByRole('heading', { name: 'Sign in to the station' })).toBeVisible();
  await expect(page.getByText('Switching user: waiting for Parker Pharmacist to sign in.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('pharmacist@training.local');
  await expect(page.getByLabel('Password')).toBeFocused();
  await shoot(page, 'sign-in-switch-user');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.locator('.role-badge')).toHaveText('pharmacist');
});

test('at the lock screen another person can sign the locked-out person out', async () => {
  await page.keyboard.press('Control+l');
  await expect(lockHeading()).toBeVisible();
  await page.getByRole('button', { name: 'Sign out Parker Pharmacist' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the station' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');
  expect((await sessionOf()).status).toBe('signed_out');
});
