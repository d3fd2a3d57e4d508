// What the shell serves a browser: the renderer's page with the bridge first and a strict CSP, a plain page while the
// screens are not built, no file outside the build, and a bridge script that really defines window.station.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames, type StationApi } from '../../../../contract/ipc.ts';
import { type ShellRig, send, startShellRig } from './harness.ts';

let rig: ShellRig;
beforeAll(async () => {
  rig = await startShellRig();
});
afterAll(async () => {
  await rig.close();
});

const builtPage =
  '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="./assets/app.js"></script></head><body><div id="root"></div></body></html>';

describe('the pages the browser shell serves', () => {
  it('says plainly that the screens are not built yet, and how to build them', async () => {
    const page = await send(rig.port, { path: '/' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('not built yet');
    expect(page.text).toContain('npx vite build');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves the built page with the bridge script before the app, under a strict CSP, and the app’s files', async () => {
    await writeFile(join(rig.rendererDir, 'index.html'), builtPage);
    await mkdir(join(rig.rendererDir, 'assets'), { recursive: true });
    await writeFile(join(rig.rendererDir, 'assets', 'app.js'), 'console.log("app")');
    const page = await send(rig.port, { path: '/' });
    expect(page.text.indexOf('/browser-bridge.js')).toBeLessThan(page.text.indexOf('./assets/app.js'));
    const csp = String(page.headers['content-security-policy']);
    for (const rule of [
      "default-src 'none'",
      "script-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(rule);
    }
    expect(csp).not.toContain('unsafe');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const app = await send(rig.port, { path: '/assets/app.js' });
    expect([app.status, app.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    // A screen's own address (history routing) gets the page too.
    expect((await send(rig.port, { path: '/orders/1000200' })).text).toContain('/browser-bridge.js');
    await rm(join(rig.rendererDir, 'index.html'));
  });

  it('serves no file outside the build and no hidden file', async () => {
    await writeFile(join(rig.rendererDir, '..', 'outside.txt'), 'not for the browser');
    const outside = ['/%2e%2e/outside.txt', '/..%2foutside.txt', '/assets/../../outside.txt', '/.env', '/missing.js'];
    for (const path of outside) {
      const answer = await send(rig.port, { path });
      expect([path, answer.status]).toEqual([path, 404]);
    }
    // A path without an extension is a screen of the app: it gets the page, never the file.
    expect((await send(rig.port, { path: '/%2e%2e/%2e%2e/etc/passwd' })).text).not.toContain('root:');
    await rm(join(rig.rendererDir, '..', 'outside.txt'));
    expect((await send(rig.port, { method: 'POST', path: '/' })).status).toBe(405);
  });

  it('serves a bridge script that defines window.station from the contract, holding no token: the cookie is the session', async () => {
    const script = (await send(rig.port, { path: '/browser-bridge.js' })).text;
    const streams: string[] = [];
    const origin = `http://127.0.0.1:${rig.port}`;
    // What a browser does for the page: the session's cookie on every same-origin call (the script never sees it).
    const withCookie = (init: RequestInit) => ({
      ...init,
      headers: { ...(init.headers as object), cookie: rig.cookie },
    });
    const window: Record<string, unknown> = {
      document: {},
      location: { hash: '', pathname: '/', search: '' },
      fetch: (url: string, init: RequestInit) => fetch(`${origin}${url}`, withCookie(init)),
      EventSource: class {
        constructor(url: string) {
          streams.push(url);
        }
        addEventListener(type: string, listener: () => void) {
          if (type === 'open') setTimeout(listener, 10);
        }
      },
      setTimeout,
    };
    window.window = window;
    vm.runInContext(script, vm.createContext(window));
    // What the bridge script defined: window.station, as the contract types it.
    const station = window.station as StationApi;
    const byName = station as unknown as Record<string, Record<string, unknown> | undefined>;
    expect(script).not.toContain(rig.cookie.split('=')[1]);
    for (const name of channelNames) {
      const [domain, verb] = name.split(':') as [string, string];
      expect([name, typeof byName[domain]?.[verb]]).toEqual([name, 'function']);
    }
    expect(Object.isFrozen(station) && Object.isFrozen(station.orders)).toBe(true);
    // An event name the contract does not have, as a hostile page may pass it: unchecked, by name.
    const onUnchecked = station.on as (event: string, listener: () => void) => () => void;
    expect(() => onUnchecked('orders.deleted', () => {})).toThrow();
    expect(await station.app.info()).toMatchObject({ ok: true, value: { shell: 'browser' } });
    expect(await station.orders.list()).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    station.on('outbox.changed', () => {});
    expect(streams).toEqual(['/bridge/events']);
    // Calls wait for the stream to connect, then go as before.
    expect(await station.session.state()).toMatchObject({ ok: true, value: { status: 'signed_out' } });
  });
});
