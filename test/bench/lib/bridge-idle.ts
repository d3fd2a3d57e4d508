// Watches the page's bridge calls (POST /bridge/invoke/<channel> in the browser shell) so a benchmark can wait until
// the station is quiet: the panels an order view loads after it paints must not spill into the next measured scan.
import type { Page, Request } from '@playwright/test';

export interface BridgeWatch {
  /** Resolves once no bridge call has been in flight for `quietMs`; gives up after `timeoutMs` (a poller never stops). */
  idle(quietMs?: number, timeoutMs?: number): Promise<boolean>;
}

export function watchBridge(page: Page): BridgeWatch {
  const inFlight = new Set<Request>();
  let lastChange = performance.now();
  const isCall = (request: Request) => request.url().includes('/bridge/invoke/');
  page.on('request', (request) => {
    if (!isCall(request)) return;
    inFlight.add(request);
    lastChange = performance.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = performance.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async idle(quietMs = 50, timeoutMs = 10_000) {
      const started = performance.now();
      while (inFlight.size > 0 || performance.now() - lastChange < quietMs) {
        if (performance.now() - started > timeoutMs) return false;
        await new Promise((done) => setTimeout(done, 10));
      }
      return true;
    },
  };
}
