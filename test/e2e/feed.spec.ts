// The event feed and the connectivity indicator, as the technician meets them: the simulation ships orders, the events
// arrive through the station's webhook listener, the unread count shows, and an event opens its order.
import { expect, type Page, test } from '@playwright/test';
import {
  answerOf,
  call,
  DEMO_PASSWORD,
  expectAccessible,
  openStation,
  type Station,
  scanField,
  shoot,
  signIn,
} from './support.ts';

let station: Station;
let page: Page;

/** The training controls are the admin's: the test calls the service directly with an admin's token. */
async function asAdmin<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const login = await fetch(`${station.training.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@training.local', password: DEMO_PASSWORD }),
  });
  expect(login.status, 'the admin signs in to the training service').toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const answer = await fetch(`${station.training.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(answer.ok, `${method} ${path} answered ${answer.status}`).toBe(true);
  return (await answer.json()) as T;
}

const connection = () => page.getByRole('button', { name: /^Connection:/ });
const feedNav = () => page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /Event feed/ });
const feed = () => page.getByRole('main', { name: 'Event feed' });
const eventList = () => feed().getByRole('list', { name: 'Events, newest first' });

test.describe.configure({ mode: 'serial' });

let opened: Awaited<ReturnType<typeof openStation>> | undefined;

test.beforeAll(async ({ browser }) => {
  opened = await openStation(browser);
  ({ station, page } = opened);
});

test.afterAll(async () => {
  await opened?.close();
});

test('the top bar shows the service online, events pushed to the station, and the training backend', async () => {
  await signIn(page, station.url, 'technician');
  await expect(connection()).toContainText('Online');
  await expect(connection()).toContainText('Events pushed');
  await expect(connection()).toContainText('Training');
  await expect(feedNav()).not.toContainText('unread');

  await page.keyboard.press('Alt+I');
  const details = page.getByRole('region', { name: 'Connection details' });
  await expect(details).toContainText('The service pushes events to this station');
  await expect(connection()).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
});

test('orders the simulation ships appear in the feed, unread, newest first, and one opens its order', async () => {
  // The station subscribes at sign-in; until then the service would record no delivery for it.
  await expect
    .poll(async () => {
      const hooks = await call(page, 'notifications', 'listWebhooks');
      return hooks.filter((hook) => hook.is_active !== false && hook.url?.includes('/webhooks/fulfillment')).length;
    }, 'the station subscribed to the service’s events')
    .toBe(1);

  await asAdmin('PUT', '/api/v1/training/simulation', { stuck_probability: 0.1 });
  const step = await asAdmin<{ summary: { moved?: Record<string, number>; stuck?: number } }>(
    'POST',
    '/api/v1/training/simulation/step',
    { minutes: 240 },
  );
  expect(step.summary.moved?.shipped ?? 0, 'the step shipped orders').toBeGreaterThan(0);
  expect(step.summary.stuck ?? 0, 'the step left orders stuck').toBeGreaterThan(0);

  // The webhook deliveries arrive within moments; the badge counts them while the technician is elsewhere.
  await expect.poll(async () => (await feedNav().textContent()) ?? '', 'the unread count').toMatch(/\d+\s*unread/);

  await page.keyboard.press('Alt+3');
  await expect(feed()).toBeVisible();
  const shipped = eventList()
    .getByRole('button', { name: /Order \d+ shipped/ })
    .first();
  await expect(shipped).toBeVisible();
  await expect(shipped).toContainText('Pushed by the service');
  await expect(shipped).toContainText('Shipped');
  await expect(eventList().getByText('New', { exact: true }).first()).toBeVisible();
  // Everything listed while the feed is open counts as read.
  await expect(feedNav()).not.toContainText('unread');

  await expectAccessible(page, 'event feed');
  await shoot(page, 'feed');

  const orderNumber = /Order (\d+) shipped/.exec((await shipped.textContent()) ?? '')?.[1] as string;
  const order = await call(page, 'orders', 'get', { params: { order_id: orderNumber } });
  expect(['shipped', 'delivered']).toContain(order.status);

  await shipped.click();
  await expect(feed()).toBeHidden();
  await expect(page.getByRole('main')).toContainText(orderNumber);
  await expect(scanField(page)).toBeVisible();
});

test('the stuck-orders queue shows each stuck order with the reason the order gives', async () => {
  await page.keyboard.press('Alt+J');
  const queue = feed().getByRole('list', { name: 'Stuck orders, newest first' });
  await expect(queue).toBeVisible();
  const first = queue.getByRole('button').first();
  await expect(first).toContainText(
    /Too early to fill\.|Missing active prescription after 24 h\.|No refills left and prescription expired\./,
  );
  await expect(first).toContainText('Still stuck');

  const orderNumber = /Order (\d+)/.exec((await first.textContent()) ?? '')?.[1] as string;
  const order = await call(page, 'orders', 'get', { params: { order_id: orderNumber } });
  expect(order.stuck_reason).toBeTruthy();
  await expect(first).toContainText(new RegExp(String(order.stuck_reason), 'i'));

  await expectAccessible(page, 'stuck-orders queue');
  await shoot(page, 'feed-stuck');

  // The keyboard way: choose the first entry and open it.
  await page.keyboard.press('Alt+ArrowDown');
  await expect(queue.locator('[data-feed-selected="true"]')).toContainText(orderNumber);
  await page.keyboard.press('Alt+O');
  await expect(feed()).toBeHidden();
  await expect(page.getByRole('main')).toContainText(orderNumber);
});

test('Alt+K marks every event read from another screen', async () => {
  await page.keyboard.press('Alt+1');
  const before = await call(page, 'events', 'recent', { limit: 500 });
  await asAdmin('POST', '/api/v1/training/simulation/step', { minutes: 240 });
  await expect
    .poll(async () => (await call(page, 'events', 'recent', { limit: 500 })).length, 'more events arrived')
    .toBeGreaterThan(before.length);
  // Every delivery answered: nothing more is on its way that could make the count go up again after Alt+K.
  await expect
    .poll(
      async () => (await call(page, 'notifications', 'deliveries', { query: { status: 'pending' } })).length,
      'the service has no delivery left to make',
    )
    .toBe(0);
  await expect(feedNav()).toContainText('unread');
  await page.keyboard.press('Alt+K');
  await expect(feedNav()).not.toContainText('unread');
});

test('the indicator says offline, in words, when the service stops answering, and online again after', async () => {
  await station.training.stop();
  // Whether the service answers is learnt from calls: ask for something.
  await answerOf(page, 'orders', 'list', { query: { page_size: 1 } });
  await expect(connection()).toContainText('Offline');
  await expectAccessible(page, 'scan station while offline');
  await station.training.start();
  await answerOf(page, 'orders', 'list', { query: { page_size: 1 } });
  await expect(connection()).toContainText('Online');
});
