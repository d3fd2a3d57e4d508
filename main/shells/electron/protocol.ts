// Serves the built renderer (out/renderer) on station://app/ with the security headers; nothing outside that folder.
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { contentTypeOf } from '../../platform/web/content-types.ts';
import { SECURITY_HEADERS } from '../../platform/web/csp.ts';
import { APP_HOST, APP_SCHEME } from './origin.ts';

/** Registered before the app is ready: standard (so URLs resolve and 'self' works), secure, no CORS bypass, no fetch by others. */
export const APP_SCHEME_PRIVILEGES = Object.freeze({
  standard: true,
  secure: true,
  supportFetchAPI: true,
  corsEnabled: false,
  bypassCSP: false,
  allowServiceWorkers: false,
  stream: false,
});

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * The handler for `protocol.handle(APP_SCHEME, …)`: GET of a file under `rendererDir` on host `app`, with the CSP on
 * every answer. A path that climbs out of the folder, another host or another method gets an error, never a file.
 */
export function rendererRequestHandler(rendererDir: string): (request: Request) => Promise<Response> {
  const root = resolve(rendererDir);
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return plain(400, 'bad request');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST) return plain(404, 'not found');
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'method not allowed');
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return plain(400, 'bad request');
    }
    if (path.includes('\0')) return plain(400, 'bad request');
    const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
    if (file !== root && !file.startsWith(root + sep)) return plain(404, 'not found');
    // A path without an extension is a screen of the single-page app (a reload on it): answer the page itself.
    const served = extname(file) === '' ? resolve(root, 'index.html') : file;
    let body: Buffer;
    try {
      body = await readFile(served);
    } catch {
      return plain(404, 'not found');
    }
    const type = contentTypeOf(extname(served));
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: { ...SECURITY_HEADERS, 'Content-Type': type, 'Cache-Control': 'no-cache' },
    });
  };
}
