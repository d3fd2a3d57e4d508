// A workstation set up by its pharmacy's IT with a machine policy (here through the browser shell's --policy, as the
// desktop app reads /etc/fulfillment-station/policy.json): the locked settings read "Set by your pharmacy's IT" and
// offer no way to change them; the station's own channel refuses a change a page might still send.
import { expect, type Page, test } from '@playwright/test';
import { call, expectAccessible, SCANNER_MARKS, type Station, shoot, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let page: Page;

test.afterEach(async () => {
  await page?.context().close();
  await station?.close();
});

test('before sign-in: the service, the longest idle lock and the scanner marks show as set by IT', async ({
  browser,
}) => {
  station = await startStation({
    policy: { serviceUrl: 'https://fulfillment.pharmacy.example', maxIdleLockMinutes: 5, ...SCANNER_MARKS },
  });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(station.url);
  await page.getByRole('button', { name: 'Change service or idle lock' }).click();
  const settings = page.getByRole('region', { name: 'Station settings' });
  await expect(
    settings.getByText('This station signs in to your pharmacy’s service at https://fulfillment.pharmacy.example.'),
  ).toBeVisible();
  await expect(settings.getByRole('radio')).toHaveCount(0);
  await expect(settings.getByRole('button', { name: 'Save service' })).toHaveCount(0);
  await expect(settings.getByRole('note')).toHaveCount(3);
  await expect(settings.getByRole('note').first()).toContainText("Set by your pharmacy's IT");
  await expect(settings.getByRole('note').first()).toContainText('policy.json');
  await expect(settings.getByText('Choose 1 to 5 minutes.', { exact: false })).toBeVisible();
  await expect(settings.getByLabel('Prefix')).toHaveAttribute('readonly', '');
  await expect(settings.getByRole('button', { name: 'Save marks' })).toHaveCount(0);
  // Longer than IT allows: the form says so before it sends.
  await settings.getByLabel('Minutes').fill('30');
  await settings.getByRole('button', { name: 'Save minutes' }).click();
  await expect(settings.getByText("Choose 5 minutes or fewer: your pharmacy's IT allows no longer.")).toBeVisible();
  // A page that sends it anyway is refused by main.
  const refused = await page.evaluate(() => (window as any).station.settings.update({ backend: 'training' }));
  expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  await expectAccessible(page, 'sign-in settings under a machine policy');
  await shoot(page, 'policy-sign-in-settings', { fullPage: true });
});

test('an admin sees the printer IT set as locked', async ({ browser }) => {
  station = await startStation({ policy: { printers: { prescription_label: 'Zebra ZD421' } } });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+9');
  const printing = page.getByRole('region', { name: 'Printing' });
  await expect(printing.getByRole('note')).toContainText("Set by your pharmacy's IT");
  const refused = await call(page, 'settings', 'update', {
    printers: { prescription_label: 'Other', packing_slip: null, lot_label: null, staff_badge: null },
  }).catch((error: Error) => error.message);
  expect(String(refused)).toContain("Set by your pharmacy's IT");
  await printing.scrollIntoViewIfNeeded();
  await shoot(page, 'policy-printing-settings');
  // The browser shell has no updates: the admin's card says so, with the version.
  const updates = page.getByRole('region', { name: 'Version and updates' });
  await expect(updates).toContainText('This station runs version 0.1.0.');
  await expect(updates).toContainText('Updates are off. Updates come with the installed desktop app.');
  await updates.scrollIntoViewIfNeeded();
  await shoot(page, 'updates-card');
});
