// Tech-check-tech as a pharmacy-wide setting in the pharmacy's record, in Chromium through the browser shell against the
// training service, with a machine policy that does not lock it: an admin allows it on the Settings screen and it says
// who changed it; a technician sees it with nothing to change, and main refuses the technician's own call; the label
// stock the policy locks cannot be chosen.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { answerOf, call, expectAccessible, type Station, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;
const card = () => page.getByRole('main', { name: 'Settings' }).getByRole('region', { name: 'Tech-check-tech' });

test.beforeAll(async ({ browser }) => {
  // The policy says nothing of tech-check-tech (the pharmacy's record decides), and locks the label stock.
  station = await startStation({ policy: { techCheckTechAllowed: undefined, labelStock: '4x6' } });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
});

test('an admin allows tech-check-tech for the pharmacy on the Settings screen, and it names who changed it', async () => {
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+Shift+S');
  await expect(card()).toContainText('Not allowed at this pharmacy');
  // The box shows what main answers (it is checked once main has recorded the change), so it is clicked, not checked.
  const allow = card().getByRole('checkbox', { name: 'Allow tech-check-tech at every station of this pharmacy' });
  await allow.click();
  await expect(allow).toBeChecked();
  await expect(card()).toContainText('Allowed at this pharmacy: a technician’s verification is the final check.');
  await expect(card()).toContainText('Last changed by');
  await expectAccessible(page, 'settings tech-check-tech unlocked');
});

test(`the label stock the IT policy locks reads "Set by your pharmacy's IT" and cannot be chosen`, async () => {
  const printing = page.getByRole('main', { name: 'Settings' }).getByRole('region', { name: 'Pharmacy and printing' });
  await expect(printing).toContainText("Set by your pharmacy's IT: the label stock");
  await expect(printing.getByRole('combobox', { name: 'Label stock' })).toBeDisabled();
  await expect(printing.getByRole('combobox', { name: 'Label stock' })).toHaveValue('4x6');
});

test('a technician sees it with nothing to change, and main refuses their call', async () => {
  await call(page, 'session', 'signOut');
  await signIn(page, station.url, 'technician');
  await page.keyboard.press('Alt+Shift+S');
  await expect(card()).toContainText('Allowed at this pharmacy');
  await expect(card().getByRole('checkbox')).toHaveCount(0);
  const refused = await answerOf(page, 'settings', 'changePharmacy', { techCheckTechAllowed: false });
  expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
});
