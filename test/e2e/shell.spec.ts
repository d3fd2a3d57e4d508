// Choosing the service: the custom address checked with the settings' own words, an admin's to change (issue 15), the
// new service named and confirmed at the next sign-in without a restart or a new address (issue 12), the unreachable
// screen for a service that gives no answer, and the way back to Training, which anyone may take.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  answerOf,
  call,
  DEMO_PASSWORD,
  expectAccessible,
  ownedTraining,
  root,
  SHELL_ADDRESS,
  shoot,
  startTrainingService,
  type TrainingService,
} from './support.ts';

test.describe.configure({ mode: 'serial' });

let dataDir: string;
let training: TrainingService;
let shell: ChildProcess | undefined;
let url: string;
let context: BrowserContext;
let page: Page;
let deadAddress: string;

/** Starts the browser shell on the data folder (Training = the test's own training service); answers its address. */
function startShell(): Promise<string> {
  const child = spawn(process.execPath, ['scripts/start-browser.ts', '--port', '0', ...ownedTraining(training)], {
    cwd: root,
    env: { ...process.env, STATION_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  shell = child;
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = SHELL_ADDRESS.exec(output);
      if (match) resolve(match[1] as string);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the browser shell exited (${code}):\n${output}`)));
  });
}

async function stopShell(): Promise<void> {
  const child = shell;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** A loopback port nothing listens on: a service there gives no answer at all. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const settingsPanel = () => page.getByRole('region', { name: 'Station settings' });
const addressField = () => settingsPanel().getByLabel('Service address');

async function signInAs(role: string): Promise<void> {
  await page.getByLabel('Email').fill(`${role}@training.local`);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
}

test.beforeAll(async ({ browser }) => {
  dataDir = mkdtempSync(join(tmpdir(), 'station-e2e-'));
  training = await startTrainingService(dataDir);
  url = await startShell();
  deadAddress = `http://127.0.0.1:${await closedPort()}`;
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await stopShell();
  await training?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a custom service address is checked with the settings’ own words before it is saved', async () => {
  await page.goto(url);
  await expect(page.getByText('Service: Training (on this computer)')).toBeVisible();
  await page.getByRole('button', { name: 'Change service' }).click();
  await settingsPanel()
    .getByRole('radio', { name: /Your pharmacy’s service/ })
    .check();
  await addressField().fill('http://pharmacy.example');
  await settingsPanel().getByRole('button', { name: 'Save service' }).click();
  await expect(addressField()).toHaveAttribute('aria-invalid', 'true');
  await expect(settingsPanel()).toContainText(
    'The address must use https:// (http:// is allowed only for this computer: localhost or 127.0.0.1).',
  );
  await addressField().fill('pharmacy');
  await settingsPanel().getByRole('button', { name: 'Save service' }).click();
  await expect(settingsPanel()).toContainText('The address is not a URL (write it like https://service.example).');
  // Nothing was saved.
  expect((await call(page, 'settings', 'get')).backend).toBe('training');
  await expectAccessible(page, 'sign-in with station settings');
  await shoot(page, 'sign-in-settings', { fullPage: true });
});

test('signed out, only the service can be changed: the idle lock is not offered, and main refuses it anyway', async () => {
  await expect(settingsPanel().getByLabel('Minutes')).toHaveCount(0);
  await expect(settingsPanel().getByLabel('Prefix')).toHaveCount(0);
  await expect(settingsPanel()).toContainText('The idle lock and the scanner marks are set after signing in');
  // As a hostile page would: straight at the channel.
  const answer = await answerOf(page, 'settings', 'update', { idleLockMinutes: 240 });
  expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  expect((await call(page, 'settings', 'get')).idleLockMinutes).toBe(10);
});

test('nobody signed out may point the station at another service: it takes an admin', async () => {
  await addressField().fill(deadAddress);
  await settingsPanel().getByRole('button', { name: 'Save service' }).click();
  await expect(settingsPanel().getByRole('alert')).toContainText('Only an admin may change the service');
  expect(await call(page, 'settings', 'get')).toMatchObject({ backend: 'training' });
});

test('an admin’s new service is named and confirmed at the next sign-in, without a restart or a new address', async () => {
  const address = page.url();
  await page.getByRole('button', { name: 'Hide station settings' }).click();
  await signInAs('admin');
  await expect(page.locator('.role-badge')).toHaveText('admin');
  await page.keyboard.press('Alt+Shift+S');
  const service = page.getByRole('region', { name: 'Station service' });
  await service.getByRole('radio', { name: /Your pharmacy’s service/ }).check();
  await service.getByLabel('Service address').fill(deadAddress);
  await service.getByRole('button', { name: 'Save service' }).click();
  await expect(service.getByRole('status')).toContainText(
    `The station will use the service at ${deadAddress} from the next sign-in; sign out to switch.`,
  );
  await page.getByRole('button', { name: 'Sign out' }).click();
  const confirm = page.getByRole('region', { name: 'Confirm the service before you sign in' });
  await expect(confirm).toContainText(`This station now signs in to ${deadAddress}. Your password will be sent there.`);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expectAccessible(page, 'confirm the new service');
  await shoot(page, 'sign-in-confirm-service');
  await confirm.getByRole('button', { name: 'This is our service' }).click();
  await expect(page.getByText(`Service: the service at ${deadAddress}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Training mode' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Demo accounts' })).toHaveCount(0);
  expect(page.url(), 'the same address: no restart, no new token').toBe(address);
});

test('a service that gives no answer gets the unreachable screen, with Retry', async () => {
  await signInAs('technician');
  await expect(page.getByRole('heading', { name: 'The service is not answering' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    `asked the service at ${deadAddress} to sign you in and got no answer`,
  );
  await expect(page.getByText('Details: Could not reach the service')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('2 tries');
  await expectAccessible(page, 'service unreachable');
  await shoot(page, 'sign-in-unreachable');
});

test('anyone may switch back to Training from there; it applies at once and signing in works again', async () => {
  await page.getByRole('button', { name: 'Switch service' }).click();
  const trainingChoice = settingsPanel().getByRole('radio', { name: /Training/ });
  await trainingChoice.check();
  await settingsPanel().getByRole('button', { name: 'Save service' }).click();
  await expect(settingsPanel().getByText('Saved: this is the service the station uses now.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Training mode' })).toBeVisible();
  await expect(page.getByText('Service: Training (on this computer)')).toBeVisible();
  await signInAs('technician');
  await expect(page.locator('.role-badge')).toHaveText('technician');
  expect((await call(page, 'settings', 'get')).baseUrl).toBe(deadAddress);
});
