// The station as a new user meets it, in Chromium through the browser shell against the training service.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';

const root = resolve(import.meta.dirname, '../..');
const shots = join(root, '.tmp', 'screenshots');

let shell: ChildProcess;
let url: string;
let dataDir: string;
let page: Page;

/** Starts `node scripts/start-browser.ts` in a fresh data folder on a free port and answers the address it prints. */
function startShell(): Promise<string> {
  dataDir = mkdtempSync(join(tmpdir(), 'station-e2e-'));
  shell = spawn(process.execPath, ['scripts/start-browser.ts', '--port', '0'], {
    cwd: root,
    env: { ...process.env, STATION_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the browser shell printed no address:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /station \(browser shell\) at (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match[1] as string);
      }
    };
    shell.stdout?.on('data', read);
    shell.stderr?.on('data', read);
    shell.once('exit', (code) => reject(new Error(`the browser shell exited (${code}):\n${output}`)));
  });
}

const scanField = () => page.getByRole('textbox', { name: /Scan or type an order number/ });

/** Types as a barcode scanner does: characters a few milliseconds apart, then Enter. */
async function scan(text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  url = await startShell();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});

test.afterAll(async () => {
  await page?.close();
  if (shell && shell.exitCode === null) {
    const exited = new Promise((done) => shell.once('exit', done));
    shell.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a new user sees the TRAINING banner and the demo accounts, with the focus in the email field', async () => {
  await page.goto(url);
  await expect(page.getByRole('region', { name: 'Training mode' })).toContainText('TRAINING');
  await expect(page.getByRole('heading', { name: 'Demo accounts' })).toBeVisible();
  for (const role of ['admin', 'pharmacist', 'technician']) {
    await expect(page.getByRole('button', { name: new RegExp(`${role}@training\\.local`) })).toBeVisible();
  }
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.screenshot({ path: join(shots, 'sign-in.png'), animations: 'disabled' });
});

test('a wrong password is refused with the service’s own words, and a bad email before anything is sent', async () => {
  await page.getByLabel('Email').fill('not-an-email');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Enter an email address')).toBeVisible();
  await page.getByLabel('Email').fill('technician@training.local');
  await page.getByLabel('Password').fill('wrong-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('The email or password is not right.');
  await page.screenshot({ path: join(shots, 'sign-in-wrong-password.png'), animations: 'disabled' });
});

test('the technician signs in by picking the demo account and pressing Enter', async () => {
  await page.getByRole('button', { name: /technician@training\.local/ }).click();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.locator('.role-badge')).toHaveText('technician');
  // The TRAINING banner stays on top after sign-in.
  await expect(page.getByRole('region', { name: 'Training mode' })).toBeVisible();
  await expect(scanField()).toBeFocused();
});

test('scanning a known order number shows its summary in the good colour', async () => {
  const orders = await page.evaluate(async () => {
    const answer = await (window as any).station.orders.list({ query: { limit: 5 } });
    return answer.ok ? (answer.value as { order_number?: string | null }[]) : [];
  });
  const orderNumber = orders.find((order) => order.order_number)?.order_number ?? '1000001';
  await scan(orderNumber);
  const card = page.getByRole('article', { name: new RegExp(`Order ${orderNumber}`) });
  await expect(card).toBeVisible();
  await expect(card.locator('.patient-name')).not.toBeEmpty();
  await expect(card.locator('.product-line').first()).toContainText('Qty');
  await expect(page.locator('.scan-form')).toHaveClass(/scan-good/);
  await expect(scanField()).toBeFocused();
  await page.screenshot({ path: join(shots, 'scan-order.png'), fullPage: true, animations: 'disabled' });
});

test('scanning an unknown code says plainly that no order was found, in the bad colour', async () => {
  await scan('NOPE-123');
  await expect(page.getByRole('alert')).toContainText('No order found for NOPE-123');
  await expect(page.locator('.scan-form')).toHaveClass(/scan-bad/);
  await page.screenshot({ path: join(shots, 'scan-not-found.png'), fullPage: true, animations: 'disabled' });
});

test('the scan field takes the focus back after a click elsewhere', async () => {
  await page.locator('.brand').click();
  await expect(scanField()).toBeFocused();
});

test('signing out returns to the sign-in screen', async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the station' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
});
