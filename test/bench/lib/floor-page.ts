// The scan benchmark's floor: a trivial page doing what a scan must do and nothing else. Enter in its field → one
// loopback fetch (its server asks the training service for the order, as main does) → a small order card in the DOM →
// paint. Its markup matches what the scan probe waits for (`#scan-field`, `main[aria-label="Order"] article`).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { armScanProbe, type ScanTiming } from './scan-probe.ts';

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body>
<input id="scan-field" autocomplete="off"><div id="view"></div>
<script>
const field = document.getElementById('scan-field');
const view = document.getElementById('view');
const text = (tag, value) => { const el = document.createElement(tag); el.textContent = value; return el; };
field.addEventListener('keydown', async (event) => {
  if (event.key !== 'Enter') return;
  const code = field.value.trim();
  field.value = '';
  const order = await (await fetch('/order/' + encodeURIComponent(code))).json();
  const main = document.createElement('main');
  main.setAttribute('aria-label', 'Order');
  const article = document.createElement('article');
  article.setAttribute('aria-label', 'Order ' + order.order_number);
  article.append(text('h2', 'Order ' + order.order_number), text('p', order.status ?? ''));
  const patient = order.patient ?? {};
  article.append(text('p', [patient.first_name, patient.last_name].filter(Boolean).join(' ')));
  const list = document.createElement('ul');
  for (const items of Object.values(order.products ?? {})) for (const p of items ?? []) list.append(text('li', p.name ?? p.sku ?? ''));
  article.append(list);
  main.append(article);
  view.replaceChildren(main);
});
document.addEventListener('keydown', (event) => { if (event.key === 'Escape') view.replaceChildren(); });
</script></body></html>`;

/** Serves the floor page and `/order/<code>` (the service's answer, passed through). */
export async function startFloorPage(serviceUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const login = await fetch(`${serviceUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'technician@training.local', password: 'Training-2026!' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const server: Server = createServer(async (req, res) => {
    const match = /^\/order\/([^/?]+)$/.exec(req.url ?? '');
    if (!match) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(PAGE);
      return;
    }
    const answer = await fetch(`${serviceUrl}/api/v1/orders/${match[1]}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const body = await answer.text();
    res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(() => done())) };
}

/** One scan on the floor page, timed by the scan probe (installScanProbe first); Escape clears its view for the next. */
export async function timedFloorScan(page: Page, orderNumber: string): Promise<ScanTiming> {
  await page.evaluate(armScanProbe, orderNumber);
  await page.locator('#scan-field').focus();
  await page.keyboard.type(orderNumber, { delay: 5 });
  await page.keyboard.press('Enter');
  const timing = await page.evaluate(
    () => (window as unknown as { __scanProbe: { done: Promise<ScanTiming> } }).__scanProbe.done,
  );
  await page.keyboard.press('Escape');
  await page.locator('main[aria-label="Order"]').waitFor({ state: 'detached' });
  return timing;
}
