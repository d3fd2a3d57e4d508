// Global search as a person uses it: Ctrl+F, a phone fragment finds the patient, Enter opens them and Back returns;
// quoted phrases match exactly; hostile text is answered, not crashed on; offline says so; the palette searches too.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { call, expectAccessible, type Station, scanField, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;

interface PatientLike {
  id: string;
  first_name: string;
  middle_name?: string | null;
  last_name: string;
  phone?: string | null;
}

let patient: PatientLike;
/** Six digits from the middle of the patient's phone: a fragment, not the whole number. */
let fragment: string;

const fullName = (p: Pick<PatientLike, 'first_name' | 'middle_name' | 'last_name'>) =>
  [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ');
const field = () => page.getByRole('combobox', { name: 'Search for' });
const results = () => page.getByRole('listbox', { name: 'Search results' });
const patientsGroup = () => results().getByRole('group', { name: /^Patients: \d+$/ });

/** The fragment's digits, with whatever phone punctuation may sit between them on screen. */
const markedDigits = (digits: string) => new RegExp(`^${[...digits].join('[\\s().-]*')}$`);

/** Presses ArrowDown in the focused field until `option` is the active one. */
async function arrowTo(input: ReturnType<Page['getByRole']>, list: ReturnType<Page['getByRole']>, id: string) {
  const ids = await list.getByRole('option').evaluateAll((options) => options.map((option) => option.id));
  const steps = ids.indexOf(id);
  expect(steps, 'the option is in the list').toBeGreaterThanOrEqual(0);
  for (let step = 0; step < steps; step++) await page.keyboard.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-activedescendant', id);
}

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signIn(page, station.url, 'pharmacist');
  const patients = await call(page, 'patients', 'list', { query: { page: 1, page_size: 50 } });
  const withPhone = patients.find((p) => p.phone && /^\d{10}$/.test(p.phone));
  if (!withPhone?.phone) throw new Error('no seeded patient has a 10-digit phone');
  patient = withPhone as PatientLike;
  fragment = withPhone.phone.slice(3, 9);
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('Ctrl+F puts the focus in the search field, with how to search shown before anything is typed', async () => {
  await expect(scanField(page)).toBeFocused();
  await page.keyboard.press('Control+f');
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  await expect(field()).toBeFocused();
  await expect(page.getByRole('region', { name: 'How to search' })).toContainText('exact phrase in quotes');
  await expectAccessible(page, 'search before anything is typed');
});

test('a fragment of a patient’s phone finds them under Patients, with the phone marked as the matched field', async () => {
  await page.keyboard.type(fragment);
  const option = patientsGroup()
    .getByRole('option')
    .filter({ hasText: fullName(patient) });
  await expect(option).toBeVisible();
  await expect(option).toContainText('Phone');
  // The phone reads as (555) 508-7612; the marked part is the fragment's digits, punctuation and all.
  await expect(option.locator('mark')).toHaveText(markedDigits(fragment));
  // The counts of the groups add up to the total said above them.
  const total = await results().getByRole('option').count();
  await expect(page.getByRole('status').filter({ hasText: `for “${fragment}”` })).toContainText(
    total === 1 ? '1 result' : `${total} results`,
  );
  await expectAccessible(page, 'search');
});

test('the arrows choose the patient and Enter opens their record; Back returns to the same search', async () => {
  const option = patientsGroup()
    .getByRole('option')
    .filter({ hasText: fullName(patient) });
  const id = (await option.getAttribute('id')) as string;
  await arrowTo(field(), results(), id);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(patient.last_name);
  await expect(page.getByRole('main')).toContainText(patient.first_name);

  await page.keyboard.press('Alt+ArrowLeft');
  await expect(field()).toHaveValue(fragment);
  await expect(field()).toBeFocused();
  await expect(
    patientsGroup()
      .getByRole('option')
      .filter({ hasText: fullName(patient) }),
  ).toBeVisible();
});

test('a quoted phrase matches those words together and in order; unquoted they match apart', async () => {
  for (const [first_name, last_name] of [
    ['Marisol', 'Quenby'],
    ['Quenby', 'Marisol'],
  ] as const) {
    await call(page, 'patients', 'create', { body: { first_name, last_name, date_of_birth: '1971-03-04' } });
  }
  await field().fill('Marisol Quenby');
  await expect(patientsGroup()).toHaveAccessibleName('Patients: 2');
  await field().fill('"Marisol Quenby"');
  await expect(patientsGroup()).toHaveAccessibleName('Patients: 1');
  const only = patientsGroup().getByRole('option');
  await expect(only).toContainText('Marisol Quenby');
  await expect(only.locator('mark')).toHaveText('Marisol Quenby');
  await expect(page.getByRole('status').filter({ hasText: 'exact phrase' })).toContainText('“Marisol Quenby”');
});

test('hostile text is sent and answered: the service’s refusal is shown, and nothing breaks', async () => {
  await field().fill('" "');
  await expect(page.getByRole('alert')).toContainText('holds no search terms');
  await field().fill('NEAR(* OR %_ <b>x</b>');
  await expect(page.getByRole('status').filter({ hasText: 'Nothing found for' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await field().fill('x'.repeat(201));
  await expect(page.getByRole('alert')).toHaveText('A search is at most 200 characters.');
  await expect(field()).toHaveAttribute('aria-invalid', 'true');
});

test('Escape goes back to the scan field; Ctrl+F again takes the focus and selects what was typed', async () => {
  await field().fill('Quenby');
  await expect(patientsGroup()).toHaveAccessibleName('Patients: 2');
  await page.keyboard.press('Escape');
  await expect(scanField(page)).toBeFocused();
  await page.keyboard.press('Control+f');
  await expect(field()).toBeFocused();
  const selected = await field().evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]);
  expect(selected).toEqual([0, 'Quenby'.length]);
});

test('with the service stopped the screen says it is offline and keeps the last results readable', async () => {
  await station.training.stop();
  await field().fill('Marisol');
  // One note says it: offline, what went unanswered, and whose results stay on screen from when.
  const note = page.getByRole('status').filter({ hasText: 'Offline:' });
  await expect(note).toContainText('“Marisol” could not be searched');
  await expect(note).toContainText('The results for “Quenby” were read at');
  await expect(page.getByRole('status').filter({ hasText: '2 results for “Quenby”' })).toBeVisible();
  await expect(patientsGroup()).toHaveAccessibleName('Patients: 2');

  await station.training.start();
  await field().fill('Quenby Marisol');
  await expect(page.getByRole('status').filter({ hasText: 'for “Quenby Marisol”' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline:' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the palette lists the commands first, then records found by global search, and opens one', async () => {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const input = palette.getByRole('combobox');
  await page.keyboard.type('patients');
  const options = palette.getByRole('option');
  await expect(options.first()).toContainText('Patients');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(options.first()).toContainText('Go to');

  await input.fill(fragment);
  const records = palette.getByRole('group', { name: `Records matching “${fragment}”` });
  const found = records.getByRole('option').filter({ hasText: fullName(patient) });
  await expect(found).toContainText('Phone');
  await expect(found.locator('mark')).toHaveText(markedDigits(fragment));
  // Search everything for the text comes before the records, the records after.
  await expect(options.first()).toContainText(`Search everything for “${fragment}”`);
  await expectAccessible(page, 'command palette with search results');
  await arrowTo(input, palette.getByRole('listbox'), (await found.getAttribute('id')) as string);
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(patient.last_name);
});

test('the palette’s “Search everything” opens the search screen with the text', async () => {
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Quenby');
  await page.getByRole('option', { name: /Search everything for “Quenby”/ }).click();
  await expect(field()).toHaveValue('Quenby');
  await expect(patientsGroup()).toHaveAccessibleName('Patients: 2');
});

test('screenshot: a prescriber and patients found by a last name and phone digits, each with its matched fields', async () => {
  const prescriber = (await call(page, 'prescribers', 'list', { query: { page: 1, page_size: 1 } }))[0]!;
  if (!prescriber) throw new Error('no seeded prescriber');
  await field().fill(`${prescriber.last_name} 55`);
  const group = results().getByRole('group', { name: /^Prescribers: \d+$/ });
  const found = group.getByRole('option').filter({ hasText: fullName(prescriber as PatientLike) });
  await expect(found).toContainText('Name');
  await expect(found).toContainText('Phone');
  await expectAccessible(page, 'search with results of several kinds');
  await shoot(page, 'search');
});
