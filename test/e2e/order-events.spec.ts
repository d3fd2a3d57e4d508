// An order that changes under a technician, and two stations on one relay, in Chromium through the browser shell
// against the training service: a cancellation stops the verify screen (at the next poll without a relay, driven by
// the station's check-now trigger, never a wait on a real minute; by itself over the relay); a claim at one station
// shows at the other, whose claim is refused; verified at one shows at both. The two stations are on the link
// `relay -- init` writes (nats-server with its configuration and TLS), set up by the machine policy alone: each signs
// in with its record key once IT made the code it shows its NATS user and enrolled it in the record (what `relay --
// enrol` writes), the relay with its own seed, enrolled too; the policy names the pharmacy's key (./pharmacy-link.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createRelay, type Relay } from '../../relay/relay.ts';
import { linesOf, type Order, withLines } from './label-steps.ts';
import { type PharmacyLink, startPharmacyLink } from './pharmacy-link.ts';
import { reviewOrders } from './review-steps.ts';
import { asTrainingAdmin, call, DEMO_PASSWORD, type Station, scan, signIn, startStation } from './support.ts';

test.describe.configure({ mode: 'serial' });

/** Every line counted through main's run at this station, as the verify screen sends its scans; then recorded. */
async function countEveryLine(page: Page, order: Order): Promise<void> {
  let view = await call(page, 'verify', 'start', { orderId: order.id });
  for (const line of linesOf(order)) {
    const quantity = line.quantity ?? 1;
    if (quantity < 1) continue;
    const scanned =
      quantity > 1
        ? { entry: 'typed' as const, text: `${quantity}*${line.sku}` }
        : { entry: 'scanner' as const, text: line.sku };
    view = await call(page, 'verify', 'scan', { orderId: order.id, ...scanned });
  }
  if (!view.run.recorded)
    await call(page, 'verify', 'finish', { orderId: order.id, taskRef: null, controlledCount: null });
}

async function openVerification(page: Page, order: Order): Promise<void> {
  await scan(page, order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.getByRole('heading', { name: `Verify order ${order.order_number}` })).toBeVisible();
}

/** Orders a technician may count: not picked (they may be its picker), no controlled line. */
async function countable(page: Page): Promise<Order[]> {
  const all = (await call(page, 'orders', 'list', { query: { page_size: 100, status: 'received,data_entry' } })).map(
    withLines,
  );
  return all.filter((o) => linesOf(o).every((line) => line.sku && !line.is_controlled_substance));
}

/** Cancellation through the service: requested by the pharmacy's admin elsewhere, carried out by the training clock. */
async function cancelThroughService(station: Station, order: Order): Promise<void> {
  await asTrainingAdmin(station.training, 'PUT', `/api/v1/orders/${order.id}/request_cancellation`, {
    comments: 'The patient asked to cancel.',
  });
  await expect
    .poll(async () => {
      await asTrainingAdmin(station.training, 'POST', '/api/v1/training/simulation/step', { minutes: 30 });
      return (await asTrainingAdmin<Order>(station.training, 'GET', `/api/v1/orders/${order.id}`)).status;
    })
    .toBe('cancelled');
}

const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'The order changed under this verification' });

test.describe('without a relay', () => {
  let station: Station;
  let context: BrowserContext;

  test.afterAll(async () => {
    await context?.close();
    await station?.close();
  });

  test('an order cancelled while open in the verify screen stops the run at the next poll', async ({ browser }) => {
    station = await startStation();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, station.url, 'technician');
    const [order] = await countable(page);
    if (!order) throw new Error('the demo data has no order to count');
    await reviewOrders(page, () => station.url, [order], 'technician');
    await openVerification(page, order);
    await cancelThroughService(station, order);
    await expect(banner(page)).toHaveCount(0);
    // The next poll, driven by the station's trigger instead of a minute's wait.
    await call(page, 'events', 'checkNow');
    await expect(banner(page)).toContainText(`Order ${order.order_number} was cancelled at the service`);
    // The scan field no longer counts for this order: the run is stopped.
    await expect(page.locator('#scan-label')).not.toContainText(`Scan each product of order ${order.order_number}`);
  });
});

test.describe('two stations on one relay', () => {
  let link: PharmacyLink;
  let relay: Relay;
  let relayState: string;
  let three: Station;
  let five: Station;
  let context: BrowserContext;

  test.afterAll(async () => {
    await context?.close();
    await five?.close();
    await three?.close();
    await relay?.stop();
    await link?.close();
    if (relayState) rmSync(relayState, { recursive: true, force: true });
  });

  test('a claim at one is refused at the other; a cancellation stops the run by itself; verified shows at both', async ({
    browser,
  }) => {
    link = await startPharmacyLink();
    three = await startStation({ policy: link.policyOf('station-3') });
    relayState = mkdtempSync(join(tmpdir(), 'e2e-relay-'));
    // The relay is the pharmacy's one subscriber: it starts before any station signs in.
    relay = createRelay({
      port: 0,
      stateDir: relayState,
      nats: link.relayNats,
      // Its order watch follows only the claims of stations the pharmacy enrolled.
      pharmacyKey: link.pharmacyKey,
      service: { baseUrl: three.training.url, email: 'admin@training.local', password: DEMO_PASSWORD },
      log: () => {},
    });
    await relay.start();
    five = await startStation({ training: three.training, policy: link.policyOf('station-5') });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const atThree = await context.newPage();
    const atFive = await context.newPage();
    await signIn(atThree, three.url, 'technician');
    await signIn(atFive, five.url, 'pharmacist');
    await link.enrol([
      [atThree, 'station-3'],
      [atFive, 'station-5'],
    ]);
    const [claimed, cancelled] = await countable(atThree);
    if (!claimed || !cancelled) throw new Error('the demo data has too few orders to count');
    // A pharmacist says "OK to fill" at each station first (the pharmacist's gate reads this station's own reviews).
    await reviewOrders(atThree, () => three.url, [claimed, cancelled], 'technician');
    await reviewOrders(atFive, () => five.url, [claimed], 'pharmacist');

    await openVerification(atThree, claimed);
    await openVerification(atFive, claimed);
    await expect(atFive.getByRole('alert').filter({ hasText: 'Being verified at station-3 by' })).toBeVisible();
    await expect(atFive.locator('#scan-label')).not.toContainText(`Scan each product of order ${claimed.order_number}`);

    // Verified at Station 3 (through main's run, as the verify screen counts): both stations show it.
    await countEveryLine(
      atThree,
      withLines(await call(atThree, 'orders', 'get', { params: { order_id: claimed.id } })),
    );

    await expect(atFive.getByRole('status').filter({ hasText: 'Verified at station-3 by' })).toBeVisible();
    const shared = await call(atThree, 'pharmacy', 'state', { subjectId: claimed.id });
    expect(shared.verified!.station).toBe('station-3');

    // Over the relay a cancellation stops the run by itself: no poll is driven here.
    // A second window on Station 3 (the same signed-in session), at the scan field.
    const next = await context.newPage();
    await next.goto(three.url);
    await expect(next.locator('#scan-field')).toBeVisible();
    await openVerification(next, cancelled);
    await cancelThroughService(three, cancelled);
    await expect(banner(next)).toContainText(`Order ${cancelled.order_number} was cancelled at the service`);
    expect((await call(next, 'events', 'recent')).map((e: { eventCode: string; source: string }) => e)).toContainEqual(
      expect.objectContaining({ eventCode: 'order.cancelled', source: 'relay', subjectId: cancelled.id }),
    );
  });
});
