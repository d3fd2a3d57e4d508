// The Events indicator says exactly what is true: with the listener's port held by another program it never says
// pushed, it says polled and why (the port is busy), in the top bar and in the details.
import { createServer, type Server } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, type Station, shoot, signIn, startStation } from './support.ts';

let station: Station;
let page: Page;
let squatter: Server;

test.beforeAll(async ({ browser }) => {
  // Another program holds the port the station's settings name.
  squatter = createServer();
  const port = await new Promise<number>((resolve) =>
    squatter.listen(0, '127.0.0.1', () => resolve((squatter.address() as { port: number }).port)),
  );
  station = await startStation({ listenerPort: port });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
  await station?.close();
  await new Promise((resolve) => squatter.close(resolve));
});

test('a busy listener port: events are polled, and the indicator says the port is busy', async () => {
  await signIn(page, station.url, 'technician');
  const connection = page.getByRole('button', { name: /^Connection:/ });
  await expect(connection).toContainText('Events polled (port busy)');
  await expect(connection).not.toContainText('Events pushed');
  await page.keyboard.press('Alt+I');
  const details = page.getByRole('region', { name: 'Connection details' });
  await expect(details).toContainText('Events: Polling every minute');
  await expect(details).toContainText('already in use by another program');
  await expectAccessible(page, 'events polled: port busy');
  await shoot(page, 'events-port-busy');
});
