// Prescribers as a pharmacist meets them: licenses by state, and a new license that replaces the state's older one.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { call, expectAccessible, type Station, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;

interface License {
  id: string;
  state: string;
  license_number: string;
  is_active: boolean;
}
interface PrescriberLike {
  id: string;
  first_name: string;
  last_name: string;
  npi: string;
  qualifications: License[];
}

let chosen: PrescriberLike;
let replaced: License;

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  // axe needs a page of its own context.
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, station.url, 'pharmacist');
  const prescribers = await call(page, 'prescribers', 'list', { query: { page_size: 50 } });
  const withLicense = prescribers.find((p) => p.qualifications!.some((q) => q.is_active));
  if (!withLicense) throw new Error('the demo data has no prescriber with an active license');
  chosen = withLicense as PrescriberLike;
  replaced = withLicense.qualifications!.find((q) => q.is_active) as License;
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('Alt+5 lists the prescribers with credentials, NPI and licensed states, and opens one', async () => {
  await page.keyboard.press('Alt+5');
  await expect(page.getByRole('heading', { name: 'Prescribers', level: 1 })).toBeVisible();
  const row = page.getByRole('list', { name: 'Prescribers' }).getByRole('button', { name: new RegExp(chosen.npi) });
  await expect(row).toContainText(replaced.state);
  await expectAccessible(page, 'prescriber list');
  await row.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${chosen.first_name} ${chosen.last_name}`);
  const licenses = page.getByRole('region', { name: 'Licenses by state' });
  await expect(licenses.getByRole('row', { name: new RegExp(replaced.license_number) })).toContainText('Active');
});

test('a license with a new number for a state replaces the old one, which stays on file as inactive', async () => {
  await page.keyboard.press('Alt+L');
  const form = page.getByRole('region', { name: 'Add a state license' });
  await expect(form).toBeVisible();
  await form.getByRole('combobox', { name: 'State (required)' }).selectOption(replaced.state);
  await form.getByLabel('License number').fill(`${replaced.state}7700123`);
  await form.getByLabel('Expires').fill('2029-06-30');
  await expect(form.getByRole('status')).toContainText(`Saving replaces license ${replaced.license_number}`);
  await page.keyboard.press('Control+Enter');

  await expect(page.getByRole('status').filter({ hasText: 'is now inactive' })).toBeVisible();
  const licenses = page.getByRole('region', { name: 'Licenses by state' });
  await expect(licenses.getByRole('row', { name: new RegExp(`${replaced.state}7700123`) })).toContainText('Active');
  await expect(licenses.getByRole('row', { name: new RegExp(replaced.license_number) })).toContainText('Inactive');
  await expect(licenses.getByRole('row', { name: new RegExp(`${replaced.state}7700123`) })).toContainText(
    'Expires Jun 30, 2029',
  );

  const stored = await call(page, 'prescribers', 'get', { params: { prescriber_id: chosen.id } });
  expect(stored.qualifications!.find((q) => q.id === replaced.id)?.is_active).toBe(false);
  await expectAccessible(page, 'prescriber licenses');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'prescriber-licenses');
});

test('a license missing its expiry is refused beside the field, and what was typed stays', async () => {
  await page.keyboard.press('Alt+L');
  const form = page.getByRole('region', { name: 'Add a state license' });
  await form.getByRole('combobox', { name: 'State (required)' }).selectOption('WA');
  await form.getByLabel('License number').fill('WA1234');
  await form.getByRole('button', { name: 'Add the license' }).click();
  await expect(form.getByLabel('Expires')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('License number')).toHaveValue('WA1234');
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Throw it away' }).click();
  await expect(form).toBeHidden();
});

test('a new prescriber whose NPI fails its check digit is refused before anything is sent', async () => {
  await page.keyboard.press('Alt+5');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Prescribers', level: 1 })).toBeVisible();
  await page.keyboard.press('Alt+N');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Checkdigit');
  await page.getByLabel('NPI').fill('1234567890');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('This NPI fails its check digit')).toBeVisible();
  await page.getByLabel('NPI').fill('1234567893');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Robin Checkdigit');
});
