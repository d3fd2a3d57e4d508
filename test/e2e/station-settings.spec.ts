// The one Settings screen in Chromium through the browser shell: the palette finds it by print, settings, pharmacy,
// relay and port; an admin finds the pharmacy and printing, the listener port (where the busy port's advice leads, and
// a port saved there is the one the station uses when it starts again), the events relay (its password to the
// keychain, never shown), the service, the scanner marks, tech-check-tech and the idle lock; a technician the idle lock
// to shorten and tech-check-tech to read.
import { createServer, type Server } from 'node:net';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  answerOf,
  call,
  callUnchecked,
  expectAccessible,
  freePort,
  type Station,
  shoot,
  signIn,
  startStation,
} from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let context: BrowserContext;
let page: Page;
let squatter: Server;

const screen = () => page.getByRole('main', { name: 'Settings' });
const palette = () => page.getByRole('dialog', { name: 'Command palette' });
/** Ctrl+K, again if the station had not taken the keys yet just after signing in. */
const openPalette = () =>
  expect(async () => {
    if (!(await palette().isVisible())) await page.keyboard.press('Control+k');
    await expect(palette()).toBeVisible({ timeout: 1000 });
  }).toPass();
const card = (name: string) => screen().getByRole('region', { name });

test.beforeAll(async ({ browser }) => {
  // Another program holds the port the station's settings name: the advice must lead somewhere real.
  squatter = createServer();
  const port = await new Promise<number>((resolve) =>
    squatter.listen(0, '127.0.0.1', () => resolve((squatter.address() as { port: number }).port)),
  );
  station = await startStation({ listenerPort: port });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await signIn(page, station.url, 'admin');
});

test.afterAll(async () => {
  await context?.close();
  await station?.close();
  await new Promise((resolve) => squatter?.close(resolve));
});

test('the palette finds the Settings screen by print, settings, pharmacy, relay and port', async () => {
  for (const words of ['print', 'settings', 'pharmacy', 'relay', 'port']) {
    await openPalette();
    // The field has the focus as the palette opens; the scan field taking it back just after sign-in is not the test.
    await palette().getByRole('combobox').focus();
    await page.keyboard.type(words);
    await expect(
      palette()
        .getByRole('option', { name: /Settings/ })
        .first(),
      words,
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette()).toBeHidden();
  }
  await openPalette();
  await palette().getByRole('combobox').focus();
  await page.keyboard.type('pharmacy');
  await palette()
    .getByRole('option', { name: /Settings/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('a palette opened again at once keeps the keys: the focus due to the scan field as it closed never takes them', async () => {
  await openPalette();
  // Escape schedules the scan field's focus for later; Ctrl+K opens the palette again before that runs, and the person
  // is already typing in it when it does (on a busy machine the browser runs typed keys before a timer).
  const focused = await page.evaluate(async () => {
    const field = () => document.querySelector<HTMLInputElement>('[role="dialog"] [role="combobox"]');
    field()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }));
    for (let i = 0; i < 100 && !field(); i++) await Promise.resolve();
    field()?.focus();
    // A timer set now runs after the one Escape set (same delay, set later).
    await new Promise((resolve) => setTimeout(resolve, 0));
    return document.activeElement?.getAttribute('role') ?? document.activeElement?.id ?? null;
  });
  expect(focused).toBe('combobox');
  await page.keyboard.type('pharmacy');
  await expect(palette().getByRole('combobox')).toHaveValue('pharmacy');
  await page.keyboard.press('Escape');
  await expect(palette()).toBeHidden();
});

test('an admin finds every station setting on one screen', async () => {
  for (const name of [
    'Pharmacy and printing',
    'Listener port',
    'Events relay',
    'Station service',
    'Scanner marks',
    'Tech-check-tech',
    'Idle lock',
  ]) {
    await expect(card(name), name).toBeVisible();
  }
  // Notifications keeps the webhooks and email, no longer the printing or the scanner marks.
  await page.keyboard.press('Alt+9');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pharmacy and printing' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Scanner marks' })).toHaveCount(0);
  await page.keyboard.press('Alt+Shift+S');
  // Nothing the palette was asked leaked into the scan field.
  await expect(page.locator('#scan-field')).toHaveValue('');
  await expectAccessible(page, 'settings');
  await shoot(page, 'settings-screen', { fullPage: true });
});

test('the busy port’s advice leads to the listener port: a bad port is refused, a free one saved for the next start', async () => {
  const port = card('Listener port');
  await expect(port).toContainText('already in use by another program');
  await expect(port).toContainText('Settings → Listener port');
  await port.getByLabel('Port').fill('80');
  await port.getByRole('button', { name: 'Save port' }).click();
  await expect(port).toContainText('Choose a whole number from 1024 to 65535.');
  const free = await freePort();
  await port.getByLabel('Port').fill(String(free));
  await port.getByRole('button', { name: 'Save port' }).click();
  await expect(port.getByRole('status')).toHaveText(`Saved: port ${free}. It applies when the station starts again.`);
  expect((await call(page, 'settings', 'get')).listenerPort).toBe(free);
});

test('the events relay: servers, id and name saved; the password is never shown and waits for the relay to be in use', async () => {
  const relay = card('Events relay');
  // The code IT enrols this station with: its record key in groups of four (a station of its own: its own enrolment).
  await expect(relay.getByTestId('enrolment-code')).toHaveText(/^U[A-Z2-7]{3}( [A-Z2-7]{4}){13}$/);
  await expect(relay).toContainText('This station keeps its own record: its key is its own enrolment.');
  await relay.getByLabel(/^Servers/).fill('nats://127.0.0.1:4222');
  await relay.getByLabel(/station’s id/).fill('station-3');
  await relay.getByLabel(/Name the other stations see/).fill('Station 3');
  await relay.getByRole('button', { name: 'Save relay' }).click();
  await expect(relay.getByRole('status')).toHaveText('Saved: the relay applies when the station starts again.');
  expect(await call(page, 'settings', 'get')).toMatchObject({
    eventsRelayServers: 'nats://127.0.0.1:4222',
    eventsRelayStation: 'station-3',
    eventsRelayName: 'Station 3',
  });
  await relay.getByLabel(/^Password/).fill('relay-secret-for-station-3');
  await relay.getByRole('button', { name: 'Keep password' }).click();
  // This run started without a relay: main keeps no password for servers it does not use yet, and says so.
  await expect(relay.getByRole('alert')).toContainText(
    'Set the relay’s servers and this station’s id in Settings first.',
  );
  await expect(relay.getByLabel(/^Password/)).toHaveValue('relay-secret-for-station-3');
  const settings = JSON.stringify(await call(page, 'settings', 'get'));
  expect(settings).not.toContain('relay-secret');
  // A bad server address is refused naming the field, nothing saved.
  await relay.getByLabel(/^Servers/).fill('http://relay.example');
  // Enter in the field sends the form as the button does, whatever the banners above it do to the layout meanwhile.
  await relay.getByLabel(/^Servers/).press('Enter');
  await expect(relay.getByRole('alert').filter({ hasText: 'eventsRelayServers' })).toContainText('nats:// or tls://');
  expect((await call(page, 'settings', 'get')).eventsRelayServers).toBe('nats://127.0.0.1:4222');
});

test('a technician sees the idle lock to shorten, and is told the rest is an admin’s', async () => {
  await call(page, 'session', 'signOut');
  await signIn(page, station.url, 'technician');
  await page.keyboard.press('Alt+Shift+S');
  await expect(screen()).toContainText('are an admin’s to change');
  await expect(card('Idle lock')).toBeVisible();
  for (const name of ['Pharmacy and printing', 'Listener port', 'Events relay', 'Scanner marks']) {
    await expect(screen().getByRole('region', { name })).toHaveCount(0);
  }
  // Tech-check-tech is read, not changed: what holds at this pharmacy, and that only IT's policy sets it.
  const techCheck = card('Tech-check-tech');
  await expect(techCheck).toContainText('Allowed at this pharmacy: a technician’s verification is the final check.');
  await expect(techCheck).toContainText("Set by your pharmacy's IT");
  await expect(techCheck.getByRole('checkbox')).toHaveCount(0);
  // Asking main directly is refused the same.
  const refused = await answerOf(page, 'settings', 'update', { listenerPort: 5000 });
  expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  // A field the station's settings do not have: a hostile page's shape, sent unchecked.
  const forged = await callUnchecked(page, 'settings', 'update', { techCheckTechAllowed: false });
  expect(forged).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
});
