// Intake as a technician meets it: a prescription whose prescriber NPI is wrong is refused whole (nothing created,
// nothing typed lost); with the NPI fixed, the summary says what was created and what was referenced.
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { answerOf, call, expectAccessible, type Station, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;

interface PrescriberLike {
  id: string;
  npi: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** A last name no demo patient has, so the service can be asked whether this intake's patient exists. */
const LAST_NAME = `Intakeson${Date.now().toString(36)}`;
const FIRST_NAME = 'Marguerite';
const DRUG = 'Amoxicillin';
const DIRECTIONS = 'One capsule by mouth three times a day for 10 days';

let prescriber: PrescriberLike & { npi: string };
let unknownNpi: string;

/** The NPI check digit (Luhn over 80840 and the first nine digits), so the unknown NPI is a well-formed one. */
function withCheckDigit(nine: string): string {
  const digits = `80840${nine}`.split('').map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let digit = digits[i] as number;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${nine}${(10 - (sum % 10)) % 10}`;
}

/** Every record of a paged list, read through the station as the renderer would. */
async function listAll<T>(list: (query: { page: number; page_size: number }) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const rows = await list({ page: pageNumber, page_size: 200 });
    all.push(...rows);
    if (rows.length < 200) return all;
  }
}

async function patientsNamed(lastName: string): Promise<{ id: string }[]> {
  const patients = await listAll((query) => call(page, 'patients', 'list', { query }));
  return patients.filter((patient) => patient.last_name === lastName);
}

async function counts(): Promise<{ patients: number; orders: number; prescriptions: number }> {
  return {
    patients: (await listAll((query) => call(page, 'patients', 'list', { query }))).length,
    orders: (await listAll((query) => call(page, 'orders', 'list', { query }))).length,
    prescriptions: (await listAll((query) => call(page, 'prescriptions', 'list', { query }))).length,
  };
}

const part = (name: string): Locator => page.getByRole('group', { name: new RegExp(`^\\d\\. ${name}`) });
const npiField = () => part('Prescriber').getByLabel('NPI');

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  // Intake is floor work: the service lets every role do it, so the least privileged one is used.
  await signIn(page, station.url, 'technician');
  const prescribers = await call(page, 'prescribers', 'list', { query: { page_size: 50 } });
  const withNpi = prescribers.find((p) => p.npi && /^\d{10}$/.test(p.npi));
  if (!withNpi) throw new Error('the demo data has no prescriber with an NPI');
  prescriber = withNpi as PrescriberLike & { npi: string };
  const taken = new Set(prescribers.map((p) => p.npi));
  unknownNpi = ['198765432', '176543210', '154321098'].map(withCheckDigit).find((npi) => !taken.has(npi)) as string;
  const answer = await answerOf(page, 'prescribers', 'get', { params: { prescriber_id: unknownNpi } });
  expect(answer.ok, 'the unknown NPI must name nobody').toBe(false);
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('Alt+7 opens the intake; a malformed NPI is stopped beside the field before anything is sent', async () => {
  await page.keyboard.press('Alt+7');
  await expect(page.getByRole('heading', { name: 'Intake', level: 1 })).toBeVisible();

  await part('Patient').getByRole('radio', { name: 'New patient' }).check();
  await page.getByLabel('First name').fill(FIRST_NAME);
  await page.getByLabel('Last name').fill(LAST_NAME);
  await page.getByLabel('Date of birth').fill('1961-04-12');
  await page.getByLabel('Phone', { exact: true }).fill('(555) 201-7788');
  await page.getByLabel('Allergies').fill('penicillin makes me itch');

  await part('Prescriber').getByRole('radio', { name: 'Prescriber on file' }).check();
  await npiField().fill('12345');

  await part('Order').getByRole('radio', { name: 'New order' }).check();
  await part('Electronic prescription').getByRole('radio', { name: 'New electronic prescription' }).check();
  await page.getByLabel('Drug name').fill(DRUG);
  await page.getByLabel('Strength').fill('500 mg');
  await page.getByLabel('Quantity').fill('30');
  await page.getByLabel('Directions (sig)').fill(DIRECTIONS);

  await page.keyboard.press('Control+Enter');
  const summary = page.getByRole('alert').filter({ hasText: 'Not sent' });
  await expect(summary).toContainText('Not sent: the prescriber part needs attention. Nothing was created.');
  await expect(summary).toContainText('NPI: An NPI is 10 digits.');
  await expect(npiField()).toHaveAttribute('aria-invalid', 'true');
  await expect(npiField()).toBeFocused();
  await expect(part('Prescriber')).toContainText('An NPI is 10 digits.');
});

test('an NPI no prescriber has is refused by the service: nothing is created and everything typed stays', async () => {
  const before = await counts();
  await npiField().fill(unknownNpi);
  await expect(part('Prescriber')).toContainText('No prescriber on file with this NPI.');

  await page.keyboard.press('Control+Enter');
  const summary = page.getByRole('alert').filter({ hasText: 'Nothing was created' });
  await expect(summary).toContainText('Nothing was created: the prescriber part was refused.');
  await expect(summary.getByRole('button', { name: 'Prescriber' })).toBeVisible();
  await expect(summary).toContainText(`No prescriber with identifier "${unknownNpi}"`);
  await expect(npiField()).toHaveAttribute('aria-invalid', 'true');
  await expect(part('Prescriber').locator('.field-error')).toContainText(
    `No prescriber with identifier "${unknownNpi}"`,
  );
  await expect(part('Prescriber').getByText('Refused', { exact: true })).toBeVisible();

  // All or nothing: the new patient (written before the prescriber was looked up) was rolled back with the rest.
  expect(await patientsNamed(LAST_NAME)).toEqual([]);
  expect(await counts()).toEqual(before);

  const typed = async () => {
    await expect(page.getByLabel('First name')).toHaveValue(FIRST_NAME);
    await expect(page.getByLabel('Last name')).toHaveValue(LAST_NAME);
    await expect(page.getByLabel('Date of birth')).toHaveValue('1961-04-12');
    await expect(page.getByLabel('Allergies')).toHaveValue('penicillin makes me itch');
    await expect(npiField()).toHaveValue(unknownNpi);
    await expect(page.getByLabel('Drug name')).toHaveValue(DRUG);
    await expect(page.getByLabel('Directions (sig)')).toHaveValue(DIRECTIONS);
    await expect(part('Order').getByRole('radio', { name: 'New order' })).toBeChecked();
  };
  await typed();
  await expectAccessible(page, 'intake (refused)');
  await shoot(page, 'intake');

  // Leaving the screen and coming back keeps the draft and the refusal.
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { name: 'Intake', level: 1 })).toBeHidden();
  await page.keyboard.press('Alt+7');
  await typed();
  await expect(npiField()).toHaveAttribute('aria-invalid', 'true');
});

test('with the NPI fixed, the summary says what was created and what was referenced, with links', async () => {
  await npiField().fill(prescriber.npi);
  await expect(npiField()).not.toHaveAttribute('aria-invalid', 'true');
  await expect(part('Prescriber')).toContainText(`NPI ${prescriber.npi}`);
  await page.keyboard.press('Control+Enter');

  await expect(page.getByRole('heading', { name: 'Intake saved', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Intake saved' })).toHaveText(
    'Intake saved: 3 created, 1 referenced.',
  );
  const outcomes = page.getByRole('region', { name: 'Created and referenced' });
  const row = (name: string) => outcomes.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  await expect(row('Patient')).toContainText('Created');
  await expect(row('Prescriber')).toContainText('Referenced: already on file');
  await expect(row('Order')).toContainText('Created');
  await expect(row('Electronic prescription')).toContainText('Created');

  const made = await patientsNamed(LAST_NAME);
  expect(made).toHaveLength(1);
  await expectAccessible(page, 'intake (saved)');

  await outcomes.getByRole('button', { name: `Open ${FIRST_NAME} ${LAST_NAME}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${FIRST_NAME} ${LAST_NAME}`);
  await page.keyboard.press('Alt+ArrowLeft');
  await outcomes.getByRole('button', { name: new RegExp(`Open the prescription for ${DRUG}`) }).click();
  await expect(page.getByText(DIRECTIONS).first()).toBeVisible();
});

test('a new intake starts empty, and clearing a typed form asks first', async () => {
  await page.keyboard.press('Alt+7');
  await page.keyboard.press('Alt+N');
  await expect(page.getByRole('heading', { name: 'Intake', level: 1 })).toBeVisible();
  await expect(part('Patient').getByRole('radio', { name: 'Leave out' })).toBeChecked();

  await part('Patient').getByRole('radio', { name: 'Patient on file' }).check();
  await part('Patient').getByLabel('Patient id').fill('not an id');
  await page.keyboard.press('Alt+X');
  const dialog = page.getByRole('alertdialog', { name: 'Clear the intake?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(part('Patient').getByLabel('Patient id')).toHaveValue('not an id');

  await page.keyboard.press('Alt+X');
  await dialog.getByRole('button', { name: 'Clear the form' }).click();
  await expect(part('Patient').getByRole('radio', { name: 'Leave out' })).toBeChecked();
});

test('a medication or a product line added and removed again leaves the others as they were typed, and a new prescriber is asked for NPI, DEA, phone, email and a state license', async () => {
  const prescription = part('Electronic prescription');
  await prescription.getByRole('radio', { name: 'New electronic prescription' }).check();
  await prescription.getByLabel('Drug name').fill(DRUG);
  await prescription.getByRole('button', { name: /^Add a medication/ }).click();
  await expect(prescription.getByLabel('Drug name')).toHaveCount(2);
  await prescription.getByLabel('Drug name').nth(1).fill('Ibuprofen');
  await prescription.getByRole('button', { name: 'Remove medication 2' }).click();
  await expect(prescription.getByLabel('Drug name')).toHaveCount(1);
  await expect(prescription.getByLabel('Drug name')).toHaveValue(DRUG);

  const order = part('Order');
  await order.getByRole('radio', { name: 'New order' }).check();
  const lines = order.getByRole('list', { name: 'Product lines' });
  const before = await lines.getByRole('listitem').count();
  await order.getByRole('button', { name: /^Add a product line/ }).click();
  await expect(lines.getByRole('listitem')).toHaveCount(before + 1);
  await order.getByRole('button', { name: `Remove product line ${before + 1}` }).click();
  await expect(lines.getByRole('listitem')).toHaveCount(before);

  const prescriber = part('Prescriber');
  await prescriber.getByRole('radio', { name: 'New prescriber' }).check();
  for (const label of ['NPI', 'DEA number', 'Phone', 'Email', 'License number', 'Description']) {
    await expect(prescriber.getByRole('textbox', { name: new RegExp(`^${label}`) })).toBeVisible();
  }

  await page.keyboard.press('Alt+X');
  await page
    .getByRole('alertdialog', { name: 'Clear the intake?' })
    .getByRole('button', { name: 'Clear the form' })
    .click();
  await expect(part('Electronic prescription').getByLabel('Drug name')).toHaveCount(0);
});

test('a new patient who is already on file is refused, and the patient on file can be used instead', async () => {
  await page.keyboard.press('Alt+Shift+P');
  await expect(part('Patient').getByRole('radio', { name: 'Leave out' })).toBeFocused();
  await part('Patient').getByRole('radio', { name: 'New patient' }).check();
  await page.getByLabel('First name').fill(FIRST_NAME);
  await page.getByLabel('Last name').fill(LAST_NAME);
  await page.getByLabel('Date of birth').fill('1961-04-12');
  await page.keyboard.press('Control+Enter');

  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was created' })).toContainText(
    'Nothing was created: the patient part was refused.',
  );
  const [existing] = await patientsNamed(LAST_NAME);
  await part('Patient').getByRole('button', { name: 'Use the patient on file' }).click();
  await expect(part('Patient').getByRole('radio', { name: 'Patient on file' })).toBeChecked();
  await expect(part('Patient').getByLabel('Patient id')).toHaveValue(existing?.id ?? 'missing');
  await expect(part('Patient')).toContainText(`${FIRST_NAME} ${LAST_NAME}, born Apr 12, 1961`);

  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Intake saved' })).toHaveText(
    'Intake saved: 0 created, 1 referenced.',
  );
  expect(await patientsNamed(LAST_NAME)).toHaveLength(1);
});

test('a patient on file is found by name and date of birth, and used', async () => {
  await page.getByRole('button', { name: /^Start a new intake/ }).click();
  await page.keyboard.press('Alt+Shift+P');
  await part('Patient').getByRole('radio', { name: 'Patient on file' }).check();
  const finder = part('Patient').getByRole('search', { name: 'Find a patient by name and date of birth' });
  await finder.getByLabel('Patient’s name').fill(`${FIRST_NAME} ${LAST_NAME}`);
  await finder.getByLabel('Patient’s date of birth').fill('1961-04-12');
  await finder.getByRole('button', { name: 'Find the patient' }).click();
  const [existing] = await patientsNamed(LAST_NAME);
  await expect(finder.getByRole('listitem')).toHaveCount(1);
  await expect(finder.getByRole('listitem')).toContainText(`${FIRST_NAME} ${LAST_NAME}, born Apr 12, 1961`);
  await shoot(page, 'intake-patient-finder');
  await finder.getByRole('button', { name: 'Use this patient' }).click();
  await expect(part('Patient').getByLabel('Patient id')).toHaveValue(existing?.id ?? 'missing');
  await expect(part('Patient')).toContainText(`${FIRST_NAME} ${LAST_NAME}, born Apr 12, 1961`);
  // Another date of birth finds nobody of that name.
  await finder.getByLabel('Patient’s date of birth').fill('1961-04-13');
  await finder.getByRole('button', { name: 'Find the patient' }).click();
  await expect(finder).toContainText('No patient on file with this name and date of birth.');
  await expectAccessible(page, 'intake patient finder');
});
