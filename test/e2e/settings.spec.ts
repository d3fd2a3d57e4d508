// Notification settings as an admin meets them: this station's listener and its signing key, a sample that the
// listener refuses once the key changed behind its back (and the Events indicator says so), the rotation the admin
// confirms that mends it (the next sample notifies again), the webhook subscriptions with the station's own marked,
// and the email notifications.
import { expect, type Page, test } from '@playwright/test';
import { call, DEMO_PASSWORD, expectAccessible, type Station, shoot, signIn, startStation } from './support.ts';

let station: Station;
let page: Page;

const screen = () => page.getByRole('main', { name: 'Notifications' });
const listenerCard = () => screen().getByRole('region', { name: 'This station’s listener' });
const sampleCard = () => screen().getByRole('region', { name: 'Try a sample' });
const webhooksCard = () => screen().getByRole('region', { name: 'Webhook subscriptions' });
const emailCard = () => screen().getByRole('region', { name: 'Email notifications' });
const sampleResult = () => sampleCard().locator('.sample-result');
const connection = () => page.getByRole('button', { name: /^Connection:/ });
const connectionDetails = () => page.getByRole('region', { name: 'Connection details' });

/** A new key made at the service without the station knowing: what a key rotated elsewhere looks like to it. */
async function rotateBehindTheStationsBack(): Promise<void> {
  const login = await fetch(`${station.training.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@training.local', password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const answer = await fetch(`${station.training.url}/api/v1/notifications/webhook-secret`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status, 'the service made a new key').toBe(201);
}

async function chooseEvent(name: string): Promise<void> {
  await sampleCard().getByLabel('Event').selectOption({ label: name });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  station = await startStation();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await station?.close();
});

test('the settings show this station’s listener, its subscription to every event, and the events', async () => {
  await signIn(page, station.url, 'admin');
  // The station subscribes its listener in the background after sign-in.
  await expect
    .poll(async () => {
      const mine = await call(page, 'notifications', 'stationWebhook');
      const hooks = await call(page, 'notifications', 'listWebhooks');
      return mine.url !== null && hooks.some((hook) => hook.url === mine.url);
    }, 'the station subscribed its listener')
    .toBe(true);

  await page.keyboard.press('Alt+9');
  await expect(screen()).toBeVisible();
  const mine = await call(page, 'notifications', 'stationWebhook');
  await expect(listenerCard()).toContainText(mine.url!);
  await expect(listenerCard()).toContainText('Kept by the station (never shown)');
  const own = webhooksCard().getByRole('listitem').filter({ hasText: 'This station' });
  await expect(own).toContainText(mine.url!);
  await expect(own).toContainText('Every event');
  await expect(screen().getByRole('region', { name: 'Events' })).toContainText('order.shipped');
  // The key itself never reaches the page.
  await expect(screen()).not.toContainText('whsec_');
});

test('a sample signed with a key the station does not have is refused by its listener', async () => {
  await rotateBehindTheStationsBack();
  await chooseEvent('Order stuck');
  await sampleCard()
    .getByRole('button', { name: /Send the sample/ })
    .click();
  await expect(sampleResult()).toContainText('did not accept the signing key');
  await expect(sampleResult()).toContainText('Retrying');
  // Not silent: the Events indicator says the secret changed elsewhere, and the admin is offered the way to share it.
  await expect(connection()).toContainText('Events polled (secret changed)');
  await expect(listenerCard()).toContainText('the webhook secret changed elsewhere');
  await expect(listenerCard().getByRole('form', { name: 'Share the secret with this station' })).toBeVisible();
  await page.keyboard.press('Alt+I');
  await expect(connectionDetails()).toContainText(
    'the webhook secret changed elsewhere \u2014 an admin must share it with this station',
  );
  await expectAccessible(page, 'events polled: secret changed elsewhere');
  await shoot(page, 'events-secret-changed');
  await page.keyboard.press('Escape');
});

test('after rotating the key at the station, the next sample is delivered and reaches the feed', async () => {
  const before = await call(page, 'notifications', 'stationWebhook');
  await page.keyboard.press('Alt+R');
  // One key press only asks: rotating affects every station, and the question says how.
  const question = listenerCard().getByRole('alertdialog');
  await expect(question).toContainText('every other station stops receiving pushed events');
  await question.getByRole('button', { name: 'Rotate for every station' }).click();
  await expect(listenerCard().getByRole('status').last()).toContainText('New signing key in use since');
  await expect(connection()).toContainText('Events pushed');
  await page.keyboard.press('Alt+I');
  await expect(connectionDetails()).toContainText('Pushed (webhook subscribed)');
  await shoot(page, 'events-pushed');
  await page.keyboard.press('Escape');
  const after = await call(page, 'notifications', 'stationWebhook');
  expect(after.rotatedAt, 'the station noted the rotation').not.toBeNull();
  expect(after.rotatedAt).not.toBe(before.rotatedAt);
  await expect(listenerCard()).not.toContainText('Not from this station');

  await chooseEvent('Order created');
  await page.keyboard.press('Alt+P');
  const payload = sampleCard().locator('figure pre');
  await expect(payload).toContainText('"event_code": "order.created"');
  await expect(payload).toContainText('"is_sample": true');

  await page.keyboard.press('Alt+S');
  await expect(sampleResult()).toContainText('Delivered');
  await expect(sampleResult()).toContainText('Accepted (HTTP 204)');
  await expect(sampleResult()).toContainText('It reached this station’s event feed');
  const log = await call(page, 'notifications', 'deliveries', { query: { event_code: 'order.created' } });
  expect(log[0], 'the service logged the delivery as acknowledged').toMatchObject({
    status: 'delivered',
    last_status_code: 204,
  });
  await expect(listenerCard()).toContainText(/[1-9]\d* accepted/);
  await expectAccessible(page, 'notification settings with a sample sent');
  await shoot(page, 'settings', { fullPage: true });

  await page.keyboard.press('Alt+3');
  const feed = page.getByRole('main', { name: 'Event feed' });
  await expect(feed.getByRole('button', { name: /Order 1000001 received/ }).first()).toBeVisible();
  await page.keyboard.press('Alt+9');
  await expect(screen()).toBeVisible();
});

test('a subscription form refuses a bad URL beside the field, keeps what was typed, and saves a good one', async () => {
  await page.keyboard.press('Alt+N');
  const form = webhooksCard().getByRole('form', { name: 'New webhook subscription' });
  const url = form.getByLabel('Deliver to (URL)');
  await url.fill('http://receiver.example/hooks');
  await form.getByLabel(/^Every event/).uncheck();
  await form.getByLabel('Order shipped').check();
  await form.getByRole('button', { name: /Subscribe/ }).click();
  await expect(form).toContainText('A webhook URL is https');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveValue('http://receiver.example/hooks');
  await expect(form.getByLabel('Order shipped')).toBeChecked();

  await url.fill('https://receiver.example/hooks');
  await page.keyboard.press('Control+Enter');
  await expect(webhooksCard().getByRole('status')).toContainText('https://receiver.example/hooks is subscribed');
  const added = webhooksCard().getByRole('listitem').filter({ hasText: 'https://receiver.example/hooks' });
  await expect(added).toContainText('Order shipped');
});

test('changing the station’s own subscription warns what the station would miss before it saves', async () => {
  const own = webhooksCard().getByRole('listitem').filter({ hasText: 'This station' });
  await own.getByRole('button', { name: /Change the subscription/ }).click();
  const form = webhooksCard().getByRole('region', { name: 'Change the subscription' });
  await form.getByLabel(/^Every event/).uncheck();
  await form.getByLabel('Order shipped').check();
  await expect(form.getByRole('status')).toContainText('This is the station’s own subscription');
  await form.getByRole('button', { name: /Save the subscription/ }).click();
  await expect(form.getByRole('alert')).toContainText('Change it anyway');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  const mine = await call(page, 'notifications', 'stationWebhook');
  const hooks = await call(page, 'notifications', 'listWebhooks');
  expect(hooks.find((hook) => hook.url === mine.url)?.event_codes, 'nothing was changed').toEqual(['all']);
});

test('the admin chooses the events mailed to them', async () => {
  await emailCard().getByLabel('Order stuck').check();
  await emailCard().getByLabel('Order delivered').check();
  await page.keyboard.press('Alt+M');
  await expect(emailCard().getByRole('status')).toContainText('Order delivered and Order stuck will be mailed');

  await expectAccessible(page, 'notification settings');
});
