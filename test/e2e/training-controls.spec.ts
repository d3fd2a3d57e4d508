// The training controls as an admin trainer uses them: run and pause the simulation, step an hour and watch the clock
// move, see the webhook deliveries and the notification emails that caused, and reset the demo data after a warning.
import { expect, type Page, test } from '@playwright/test';
import { call, expectAccessible, openStation, type Station, shoot, signIn } from './support.ts';

let station: Station;
let page: Page;

const screen = () => page.getByRole('main', { name: 'Training controls' });
const simulation = () => screen().getByRole('region', { name: 'Simulation' });
const deliveries = () => screen().getByRole('list', { name: 'Webhook deliveries, newest first' });
const mailbox = () => screen().getByRole('list', { name: 'Notification emails, newest first' });

/** The simulated time the clock shows now, in ms. */
async function clockMs(): Promise<number> {
  const iso = await simulation().locator('time[data-testid="simulated-clock"]').getAttribute('datetime');
  return Date.parse(iso ?? '');
}

test.describe.configure({ mode: 'serial' });

let opened: Awaited<ReturnType<typeof openStation>> | undefined;

test.beforeAll(async ({ browser }) => {
  opened = await openStation(browser);
  ({ station, page } = opened);
});

test.afterAll(async () => {
  await opened?.close();
});

test('the admin runs and pauses the simulation from the training controls', async () => {
  await signIn(page, station.url, 'admin');
  await page.keyboard.press('Alt+0');
  await expect(screen()).toBeVisible();
  await expect(simulation()).toContainText('Paused');

  await simulation().getByRole('button', { name: /^Run/ }).click();
  await expect(simulation()).toContainText('Running');
  expect((await call(page, 'training', 'simulationState')).running).toBe(true);

  await page.keyboard.press('Alt+P');
  await expect(simulation()).toContainText('Paused');
  expect((await call(page, 'training', 'simulationState')).running).toBe(false);
});

test('a step of 60 minutes moves the clock an hour and fills the delivery log and the mailbox', async () => {
  // Emails go only to those who chose them; the station's own webhook subscription covers every event.
  await call(page, 'notifications', 'updateEmail', { body: { event_codes: ['all'] } });
  await expect
    .poll(async () => {
      const mine = await call(page, 'notifications', 'stationWebhook');
      const hooks = await call(page, 'notifications', 'listWebhooks');
      return hooks.some((hook) => hook.url === mine.url);
    }, 'the station subscribed its listener')
    .toBe(true);

  const before = await clockMs();
  await simulation().getByLabel('Step forward (minutes)').fill('60');
  await page.keyboard.press('Alt+S');
  await expect(simulation().getByRole('status')).toContainText('Stepped 1 hour.');
  const after = await clockMs();
  expect(after - before, 'the clock moved at least an hour').toBeGreaterThanOrEqual(60 * 60_000);
  expect(after - before, 'and not much more').toBeLessThan(65 * 60_000);

  await expect(deliveries().getByRole('listitem').first()).toBeVisible();
  await expect(deliveries()).toContainText('Delivered', { timeout: 15_000 });
  await expect(deliveries()).toContainText('Accepted (HTTP 204)');
  await expect(mailbox().getByRole('listitem').first()).toContainText('To admin@training.local', { timeout: 15_000 });

  const first = deliveries().getByRole('listitem').first();
  await first.getByText('Attempts').click();
  await expect(first).toContainText('Accepted (HTTP 204) in');

  await expectAccessible(page, 'training controls');
  await shoot(page, 'training', { fullPage: true });
});

test('a step of bad minutes is refused beside the field and nothing moves', async () => {
  const before = (await call(page, 'training', 'simulationState')).steps;
  const minutes = simulation().getByLabel('Step forward (minutes)');
  await minutes.fill('ten');
  await page.keyboard.press('Alt+S');
  await expect(simulation()).toContainText('Whole minutes from 1 to 10080');
  await expect(minutes).toHaveAttribute('aria-invalid', 'true');
  await expect(minutes).toHaveValue('ten');
  expect((await call(page, 'training', 'simulationState')).steps).toBe(before);
});

test('a reset asks first, keeps everything when told to, and rebuilds the demo data when confirmed', async () => {
  const stepsBefore = (await call(page, 'training', 'simulationState')).steps;
  expect(stepsBefore).toBeGreaterThan(0);

  await page.keyboard.press('Alt+R');
  const dialog = page.getByRole('alertdialog', { name: 'Wipe all practice work?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep my work' })).toBeFocused();
  await expectAccessible(page, 'reset question');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await call(page, 'training', 'simulationState')).steps, 'nothing was reset').toBe(stepsBefore);

  await screen()
    .getByRole('button', { name: /Reset the demo data/ })
    .click();
  await dialog.getByRole('button', { name: 'Wipe and rebuild' }).click();
  await expect(dialog).toBeHidden();
  await expect(screen().getByRole('region', { name: 'Demo data' }).getByRole('status')).toContainText(
    'Rebuilt from seed 1: 200 orders',
  );
  expect((await call(page, 'training', 'simulationState')).steps, 'the simulation restarted').toBe(0);
});
