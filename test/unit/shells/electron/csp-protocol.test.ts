// The renderer's CSP (no remote content, no eval, no inline script) and the app protocol that serves out/renderer with it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, CSP_DIRECTIVES } from '../../../../main/platform/web/csp.ts';
import { APP_ORIGIN, isAppUrl } from '../../../../main/shells/electron/origin.ts';
import { APP_SCHEME_PRIVILEGES, rendererRequestHandler } from '../../../../main/shells/electron/protocol.ts';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name as string, sources];
    }),
  );
}

describe('the Content-Security-Policy', () => {
  const policy = directives(CONTENT_SECURITY_POLICY);

  it('allows nothing by default and scripts only from the app itself', () => {
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it('has no eval, no inline script, no wildcard and no remote source anywhere', () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).not.toContain('wasm-unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(CONTENT_SECURITY_POLICY).not.toContain('*');
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|wss?:/);
  });

  it('forbids plugins, frames, being framed, form posts and <base> rewriting', () => {
    for (const name of ['object-src', 'frame-src', 'child-src', 'frame-ancestors', 'form-action', 'base-uri']) {
      expect(policy.get(name), name).toEqual(["'none'"]);
    }
  });

  it('lets the page connect only to its own origin (it talks to main through window.station)', () => {
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it('is written from one table of directives', () => {
    expect([...policy.keys()]).toEqual(Object.keys(CSP_DIRECTIVES));
  });
});

describe('the app origin', () => {
  it('is station://app and only that scheme and host count as the app', () => {
    expect(APP_ORIGIN).toBe('station://app');
    expect(isAppUrl('station://app/index.html')).toBe(true);
    expect(isAppUrl('station://app/')).toBe(true);
    expect(isAppUrl('station://apps/index.html')).toBe(false);
    expect(isAppUrl('station://app:99/index.html')).toBe(false);
    expect(isAppUrl('station://x@app/index.html')).toBe(false);
    expect(isAppUrl('https://app/index.html')).toBe(false);
    expect(isAppUrl('file:///app/index.html')).toBe(false);
    expect(isAppUrl('')).toBe(false);
    expect(isAppUrl(null)).toBe(false);
  });
});

describe('the app protocol', () => {
  const dir = mkdtempSync(join(tmpdir(), 'station-renderer-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Station</title>');
  writeFileSync(join(rendererDir, 'assets', 'index.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'not for the page');
  const handle = rendererRequestHandler(rendererDir);
  const get = (url: string, method = 'GET') => handle(new Request(url, { method }));

  it('is registered standard and secure, without bypassing the CSP or CORS', () => {
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({ standard: true, secure: true, bypassCSP: false, corsEnabled: false });
  });

  it('serves the page with the CSP and its content type', async () => {
    const response = await get('station://app/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>Station</title>');
  });

  it('serves scripts as JavaScript with the CSP', async () => {
    const response = await get('station://app/assets/index.js');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('answers the page for the root and for a screen path reloaded without an extension', async () => {
    expect(await (await get('station://app/')).text()).toContain('Station');
    expect(await (await get('station://app/orders/123')).text()).toContain('Station');
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const url of [
      'station://app/../secret.txt',
      'station://app/%2e%2e/secret.txt',
      'station://app/..%2fsecret.txt',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain('not for the page');
    }
  });

  it('refuses another host, a missing file and a write, each with the CSP', async () => {
    const other = await get('station://elsewhere/index.html');
    expect(other.status).toBe(404);
    expect(other.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect((await get('station://app/missing.js')).status).toBe(404);
    expect((await get('station://app/index.html', 'POST')).status).toBe(405);
  });
});
