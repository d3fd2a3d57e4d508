// Patients as a pharmacist meets them: the long list, a duplicate offered instead of created, allergies typed as text.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { call, expectAccessible, type Station, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;

interface PatientLike {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
}

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  // axe needs a page of its own context.
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, station.url, 'pharmacist');
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

const list = () => page.getByRole('list', { name: 'Patients' });

test('Alt+4 opens the patient list, sorted by name, and a click opens a patient', async () => {
  await page.keyboard.press('Alt+4');
  await expect(page.getByRole('heading', { name: 'Patients', level: 1 })).toBeVisible();
  const first = (await call(page, 'patients', 'list', { query: { page: 1, page_size: 1 } }))[0]!;
  const firstRow = list().getByRole('button').first();
  await expect(firstRow).toContainText(first!.last_name!);
  await expect(page.getByText(/^\d+ patients/)).toBeVisible();
  // Only the rows on screen are in the page, however long the list.
  expect(await list().getByRole('listitem').count()).toBeLessThan(60);
  await expectAccessible(page, 'patient list');
  await firstRow.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(first!.first_name!);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Patients', level: 1 })).toBeVisible();
});

test('a form sent empty says what is missing beside each field, and sends nothing', async () => {
  await page.keyboard.press('Alt+N');
  await expect(page.getByRole('heading', { name: 'New patient' })).toBeVisible();
  await page.getByLabel('Middle name').fill('Quinn');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible();
  const first = page.getByLabel('First name');
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Required.').first()).toBeVisible();
  await expect(page.getByLabel('Middle name')).toHaveValue('Quinn');
  await expect(page.getByLabel('First name')).toBeFocused();
  // Escape asks before throwing away what was typed; a second Escape does.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alert').filter({ hasText: 'Throw away what you typed here?' })).toBeVisible();
  await expect(page.getByLabel('Middle name')).toHaveValue('Quinn');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Patients', level: 1 })).toBeVisible();
});

test('creating a patient who is already on file offers the existing record, and opening it works', async () => {
  // A seeded patient with orders, so their orders can be opened from their page afterwards.
  const candidates = await call(page, 'patients', 'list', { query: { page: 1, page_size: 20 } });
  let seeded: PatientLike | undefined;
  let orderNumber = '';
  for (const candidate of candidates) {
    const orders = await call(page, 'patients', 'orders', {
      params: { patient_id: candidate.id },
    });
    if (orders.length > 0) {
      seeded = candidate as PatientLike;
      orderNumber = orders[0]!.order_number;
      break;
    }
  }
  if (!seeded) throw new Error('no seeded patient has orders');
  await page.getByRole('button', { name: 'New patient' }).click();
  await page.getByLabel('First name').fill(seeded.first_name.toUpperCase());
  await page.getByLabel('Last name').fill(seeded.last_name);
  await page.getByLabel('Date of birth').fill(seeded.date_of_birth);
  await page.getByLabel('Phone', { exact: true }).fill('(555) 010-4477');
  await page.getByRole('button', { name: 'Save the new patient' }).click();

  const offer = page.getByRole('alert').filter({ hasText: 'already on file' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(`${seeded.first_name}`);
  // Nothing typed is lost while the person decides.
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(555) 010-4477');
  await expectAccessible(page, 'duplicate patient offer');

  await offer.getByRole('button', { name: 'Open the existing patient' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${seeded.first_name} ${seeded.last_name}`);

  // The patient's orders are on their page, and each opens the order.
  const orders = page.getByRole('list', { name: 'The patient’s orders' });
  await orders.getByRole('button', { name: new RegExp(orderNumber) }).click();
  await expect(orders).toBeHidden();
  await expect(page.getByText(orderNumber).first()).toBeVisible();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${seeded.first_name} ${seeded.last_name}`);
});

test('editing a patient sends only what changed and shows it at once', async () => {
  await page.keyboard.press('Alt+E');
  const phone = page.getByLabel('Phone', { exact: true });
  await phone.fill('(555) 777-0102');
  await page.getByLabel('Last name').fill('');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveValue('(555) 777-0102');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+E');
  await page.getByLabel('Phone', { exact: true }).fill('(555) 777-0102');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('(555) 777-0102')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
});

test('allergies typed as text are read into matches that appear on the patient, to confirm one by one', async () => {
  await page.keyboard.press('Alt+4');
  await page.keyboard.press('Alt+N');
  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Last name').fill('Testwell');
  await page.getByLabel('Date of birth').fill('1988-03-09');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Phone', { exact: true }).fill('555 301 7720');
  await page.getByLabel('Email', { exact: true }).fill('jordan.testwell@patients.example');
  await page.getByLabel('Primary language').fill('English');
  await page.getByLabel('Street').fill('41 Harbor View Rd');
  await page.getByLabel('City').fill('Salem');
  await page.getByRole('combobox', { name: 'State', exact: true }).selectOption('OR');
  await page.getByLabel('ZIP code').fill('97301');
  await page.getByLabel('Height (inches)').fill('66');
  await page.getByLabel('Relationship to the patient').selectOption({ label: 'Legal guardian' });
  await page.getByLabel('Guardian name').fill('Casey Testwell');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Jordan Testwell');
  await expect(page.getByText('Legal guardian')).toBeVisible();
  await expect(page.getByText('(555) 301-7720')).toBeVisible();
  await expect(page.getByText('Salem, Oregon 97301')).toBeVisible();

  const risks = page.getByRole('region', { name: 'Risk factors' });
  await expect(risks.getByText('No risk factors on file.')).toBeVisible();
  await page.keyboard.press('Alt+R');
  await expect(page.getByLabel('What the patient said')).toBeFocused();
  await page.keyboard.type('allergic to penicillin and latex');
  await page.keyboard.press('Control+Enter');

  const active = risks.getByRole('list', { name: 'Risk factors: active' });
  await expect(active.getByRole('listitem').filter({ hasText: 'Penicillin' })).toBeVisible();
  await expect(active.getByRole('listitem').filter({ hasText: 'Latex' })).toBeVisible();
  await expect(risks.getByRole('status').filter({ hasText: 'gave 2 new matches' })).toBeVisible();
  await expect(active.getByRole('listitem').filter({ hasText: 'Penicillin' })).toContainText('Needs confirming');
  await expect(active.getByText('From the text “allergic to penicillin”')).toBeVisible();

  // A pharmacist confirms one with the mouse and deactivates the other from the keyboard.
  await risks.getByRole('button', { name: 'Confirm Penicillin' }).click();
  await expect(active.getByRole('listitem').filter({ hasText: 'Penicillin' })).toContainText('Confirmed');
  await risks.getByRole('button', { name: 'Allergies 2' }).click();
  await expect(risks.getByRole('button', { name: 'Allergies 2' })).toHaveAttribute('aria-pressed', 'true');

  const matches = await call(page, 'patients', 'riskFactors', {
    params: { patient_id: await patientIdOnScreen() },
  });
  expect(matches.find((m) => m.name === 'Penicillin')?.match_source).toBe('manual');

  await expectAccessible(page, 'patient with risk factors');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'patient-risk-factors');
});

test('deactivating a risk factor keeps it on file under Deactivated', async () => {
  const risks = page.getByRole('region', { name: 'Risk factors' });
  await risks.getByRole('button', { name: 'Deactivate Latex' }).click();
  await expect(risks.getByRole('status').filter({ hasText: 'Latex deactivated.' })).toBeVisible();
  await expect(risks.getByRole('button', { name: 'Allergies 1' })).toBeVisible();
  await risks.getByText('Deactivated (1)').click();
  await expect(risks.getByRole('list', { name: 'Allergies: deactivated' })).toContainText('Latex');
});

/** The id of the patient on screen, read back through the service by the name shown. */
async function patientIdOnScreen(): Promise<string> {
  const found = await call(page, 'search', 'patients', {
    query: { q: 'Testwell' },
  });
  const id = found.results[0]?.id;
  if (!id) throw new Error('the new patient is not found by name');
  return id;
}
