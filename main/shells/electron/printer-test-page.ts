// The test page, served by the app protocol at station://app/printer-test-page?printer=NAME: a plain page (no script,
// no style, as the CSP wants) that says which printer and when, printed from a hidden window of its own.
import { SECURITY_HEADERS } from '../../platform/web/csp.ts';
import { APP_HOST, APP_ORIGIN, APP_SCHEME } from './origin.ts';

export const TEST_PAGE_PATH = '/printer-test-page';

export function testPageUrl(printer: string): string {
  return `${APP_ORIGIN}${TEST_PAGE_PATH}?printer=${encodeURIComponent(printer)}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function testPageHtml(printer: string, at: Date): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Printer test page</title></head><body>',
    '<h1>Fulfillment Station — printer test page</h1>',
    `<p>Printer: <strong>${escapeHtml(printer)}</strong></p>`,
    `<p>Sent: ${escapeHtml(at.toISOString())}</p>`,
    '<p>If you can read this, the station can print to this printer.</p>',
    '</body></html>',
  ].join('');
}

/** Answers the test page itself, else hands the request on. */
export function withTestPage(
  next: (request: Request) => Promise<Response>,
  now: () => Date = () => new Date(),
): (request: Request) => Promise<Response> {
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return next(request);
    }
    // A custom scheme's URL has the origin "null" in WHATWG URL: its scheme and host are compared instead.
    const ours = url.protocol === `${APP_SCHEME}:` && url.hostname === APP_HOST;
    if (!ours || url.pathname !== TEST_PAGE_PATH) return next(request);
    const printer = (url.searchParams.get('printer') ?? '').slice(0, 200);
    return new Response(testPageHtml(printer, now()), {
      status: 200,
      headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  };
}
