// The pharmacy's licence in the ship-to state, as a shift meets it: an admin lists the states the pharmacy may ship to in
// Settings → Pharmacy and printing; an order reviewed "OK to fill" but shipping to another state stops before
// verification, saying where it ships and where the pharmacy is licensed, and main refuses the run itself.
import { expect, type Page, test } from '@playwright/test';
import { findOrder, linesOf, withLines } from './label-steps.ts';
import { reviewOrders } from './review-steps.ts';
import { answerOf, call, openStation, type Station, scan, shoot, signIn } from './support.ts';

test.describe.configure({ mode: 'serial' });

let station: Station;
let page: Page;
let close: () => Promise<void>;

test.beforeAll(async ({ browser }) => {
  ({ station, page, close } = await openStation(browser));
});

test.afterAll(async () => close?.());

test('an order shipping to a state the pharmacy is not licensed in stops before verification', async () => {
  await signIn(page, station.url, 'admin');
  const found = await findOrder(page);
  const order = await call(page, 'orders', 'get', { params: { order_id: found.order.id } });
  const shipsTo = order.address?.state?.toUpperCase() as string;
  expect(shipsTo).toMatch(/^[A-Z]{2}$/);
  const licensed = ['IL', 'WI', 'NY'].filter((state) => state !== shipsTo).slice(0, 2);

  await page.keyboard.press('Alt+Shift+S');
  const card = page.getByRole('region', { name: 'Pharmacy and printing' });
  await card.getByLabel(/^Licensed to ship to/).fill(licensed.join(', ').toLowerCase());
  await card.getByRole('button', { name: 'Save printing settings' }).click();
  await expect(card.getByRole('status')).toHaveText('Printing settings saved.');
  expect((await call(page, 'settings', 'get')).licensedStates).toEqual([...licensed].sort());

  await reviewOrders(page, () => station.url, [order], 'technician');
  await scan(page, order.order_number);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}`, exact: true })).toBeVisible();
  const why = `Order ${order.order_number} ships to ${shipsTo}, where this pharmacy is not licensed (licensed: ${[...licensed].sort().join(', ')})`;
  // Said on the order view before anyone presses Verify, by the rule main refuses with.
  await expect(page.locator('.ship-to-notice')).toContainText(why);
  await page.getByRole('button', { name: /^Verify\b/ }).click();
  await expect(page.locator('.verify-feedback')).toContainText(`The verification could not start: ${why}`);
  // Refused, the screen invites no scan: the scan field says the order is not counted, and nothing says "Scan each".
  await expect(page.getByLabel(`Order ${order.order_number} is not counted yet: see below`)).toBeVisible();
  await expect(page.getByText(/Scan each product/)).toHaveCount(0);
  await shoot(page, 'ship-to-unlicensed');
  // A product scanned there anyway is not counted, and the screen stays (it does not look the code up as an order).
  const sku = linesOf(withLines(order)).find((line) => line.sku)?.sku as string;
  await scan(page, sku);
  await expect(page.getByRole('status').filter({ hasText: `Scanned ${sku}: not counted` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Verify order ${order.order_number}` })).toBeVisible();

  // The screen is only the face of it: main refuses the run when asked directly.
  const answer = await answerOf(page, 'verify', 'start', { orderId: order.id });
  expect(answer).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining(why) } });
});
