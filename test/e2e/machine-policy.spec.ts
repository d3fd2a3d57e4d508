// A workstation set up by its pharmacy's IT with a machine policy (here through the browser shell's --policy, as the
// desktop app reads /etc/fulfillment-station/policy.json): the locked settings read "Set by your pharmacy's IT" and
// offer no way to change them; the station's own channel refuses a change a page might still send.
import { expect, type Page, test } from '@playwright/test';
import {
  answerOf,
  call,
  expectAccessible,
  SCANNER_MARKS,
  type Station,
  shoot,
  signIn,
  startStation,
} from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let page: Page;

test.afterEach(async () => {
  await page?.context().close();
  await station?.close();
});

test('before sign-in: the service shows as set by IT, the only setting offered signed out', async ({ browser }) => {
  station = await startStation({
    policy: { serviceUrl: 'https://fulfillment.pharmacy.example', maxIdleLockMinutes: 5, ...SCANNER_MARKS },
  });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(station.url);
  // Signed out, the service is the only setting on offer (issue 24); here IT set it.
  await page.getByRole('button', { name: 'Change service' }).click();
  const settings = page.getByRole('region', { name: 'Station settings' });
  await expect(
    settings.getByText('This station signs in to your pharmacy’s service at https://fulfillment.pharmacy.example.'),
  ).toBeVisible();
  await expect(settings.getByRole('radio')).toHaveCount(0);
  await expect(settings.getByRole('button', { name: 'Save service' })).toHaveCount(0);
  await expect(settings.getByRole('note')).toHaveCount(1);
  await expect(settings.getByRole('note')).toContainText("Set by your pharmacy's IT");
  await expect(settings.getByRole('note')).toContainText('policy.json');
  // A page that sends a change anyway is refused by main.
  const refused = await answerOf(page, 'settings', 'update', { backend: 'training' });
  expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  await expectAccessible(page, 'sign-in settings under a machine policy');
  await shoot(page, 'policy-sign-in-settings', { fullPage: true });
});

test('an admin finds the scanner marks and the longest idle lock set by IT', async ({ browser }) => {
  station = await startStation({ policy: { maxIdleLockMinutes: 5, ...SCANNER_MARKS } });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+Shift+S');
  const marks = page.getByRole('region', { name: 'Scanner marks' });
  await expect(marks.getByRole('note')).toContainText("Set by your pharmacy's IT");
  await expect(marks.getByLabel('Prefix')).toHaveAttribute('readonly', '');
  await expect(marks.getByRole('button', { name: 'Save marks' })).toHaveCount(0);
  // Longer than IT allows, even for an admin: main refuses what the form would not send.
  const longer = await call(page, 'settings', 'update', { idleLockMinutes: 30 }).catch((error: Error) => error.message);
  expect(String(longer)).toContain('forbidden');
});

test('a policy written for a newer station: the field this one does not know is named under Machine policy, and ignored', async ({
  browser,
}) => {
  station = await startStation({ policy: { maxIdleLockMinutes: 5, labelTemplate: 'zpl-v2' } });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+Shift+S');
  const card = page.getByRole('region', { name: 'Machine policy' });
  await expect(card).toContainText('policy.json');
  await expect(card.getByRole('note')).toContainText('unknown to this version of the station and were ignored');
  await expect(card.getByRole('listitem')).toHaveText(['labelTemplate']);
  // The rest of the policy applies.
  await expect(page.getByRole('region', { name: 'Idle lock' }).getByRole('note')).toContainText(
    "Set by your pharmacy's IT",
  );
  await expectAccessible(page, 'the machine policy card naming an ignored field');
});

test('an admin sees the printer IT set as locked', async ({ browser }) => {
  station = await startStation({ policy: { printers: { prescription_label: 'Zebra ZD421' } } });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+Shift+S');
  const printing = page.getByRole('region', { name: 'Pharmacy and printing' });
  // The printer's lock; the pharmacy-wide fields IT's policy locks have a note of their own when there are any.
  await expect(printing.getByRole('note').filter({ hasText: "Set by your pharmacy's IT" })).toBeVisible();
  const refused = await call(page, 'settings', 'update', {
    printers: { prescription_label: 'Other', packing_slip: null, lot_label: null, staff_badge: null },
  }).catch((error: Error) => error.message);
  expect(String(refused)).toContain("Set by your pharmacy's IT");
  await printing.scrollIntoViewIfNeeded();
  await shoot(page, 'policy-printing-settings');
  // The browser shell has no updates: the admin's card (on Notifications) says so, with the version.
  await page.keyboard.press('Alt+9');
  const updates = page.getByRole('region', { name: 'Version and updates' });
  await expect(updates).toContainText('This station runs version 0.1.0.');
  await expect(updates).toContainText('Updates are off. Updates come with the installed desktop app.');
  await updates.scrollIntoViewIfNeeded();
  await shoot(page, 'updates-card');
});

test(`an admin sees the link IT set up as locked: the relay card reads "Set by your pharmacy's IT" and offers no save`, async ({
  browser,
}) => {
  // A server nothing answers on: the card is what this test reads, not the connection.
  const policy = { eventsRelayServers: 'tls://127.0.0.1:9', eventsRelayStation: 'pharmacy-{hostname}' };
  station = await startStation({ policy });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+Shift+S');
  const relay = page.getByRole('region', { name: 'Events relay' });
  await expect(relay.getByRole('note')).toHaveText(/^Set by your pharmacy's IT \(policy file .+policy\.json\)$/);
  await expect(relay.getByLabel(/^Servers/)).toHaveValue('tls://127.0.0.1:9');
  await expect(relay.getByLabel(/^Servers/)).toHaveAttribute('readonly', '');
  await expect(relay.getByLabel(/station’s id/)).toHaveValue(/^pharmacy-/);
  await expect(relay.getByRole('button', { name: 'Save relay' })).toHaveCount(0);
  // The code IT enrols: its record key, also its NATS login.
  await expect(relay.getByTestId('enrolment-code')).toHaveText(/^U[A-Z2-7]{3}( [A-Z2-7]{4}){13}$/);
  // The policy names no pharmacy key: the card says the station believes no other, and which setting IT must set.
  await expect(relay.getByRole('alert')).toContainText(
    "believes no other station's facts or shares: IT must set pharmacyPublicKey in the machine policy",
  );
  const refused = await call(page, 'settings', 'update', { eventsRelayServers: 'nats://elsewhere:4222' }).catch(
    (error: Error) => error.message,
  );
  expect(String(refused)).toContain("Set by your pharmacy's IT");
  await relay.scrollIntoViewIfNeeded();
  await shoot(page, 'policy-relay-settings');
});
