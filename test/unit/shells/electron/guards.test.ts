// No navigation away, no new windows (allowlisted carrier links go to the system browser), no permissions, no network.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../../main/platform/web/csp.ts';
import { isAllowedExternalUrl } from '../../../../main/platform/web/external-links.ts';
import { guardWebContents, hardenSession, isRequestAllowed } from '../../../../main/shells/electron/guards.ts';
import { electron, FakeWebContents, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

function navigation(url: string) {
  return { url, preventDefault: vi.fn() };
}

function guarded() {
  const contents = new FakeWebContents();
  const openExternal = vi.fn(async (_url: string) => true);
  guardWebContents(contents as never, { isAllowedExternalUrl, openExternal });
  return { contents, openExternal };
}

beforeEach(async () => {
  resetElectron();
  // The session exists only once the app is ready (the stand-in throws Electron's error before).
  await electron.app.becomeReady();
});

describe('navigation', () => {
  it('a navigation to another origin is prevented', () => {
    const { contents } = guarded();
    for (const url of ['https://evil.example/', 'http://127.0.0.1:4010/', 'file:///etc/passwd', 'station://other/x']) {
      const event = navigation(url);
      contents.fire('will-navigate', event, url);
      expect(event.preventDefault, url).toHaveBeenCalledTimes(1);
    }
  });

  it('a navigation within the app’s own origin is allowed', () => {
    const { contents } = guarded();
    const event = navigation('station://app/index.html#/orders');
    contents.fire('will-navigate', event, event.url);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('a redirect to another origin is prevented, one within the app is allowed', () => {
    const { contents } = guarded();
    const away = navigation('https://evil.example/');
    const home = navigation('station://app/index.html');
    contents.fire('will-redirect', away, away.url);
    contents.fire('will-redirect', home, home.url);
    expect(away.preventDefault).toHaveBeenCalledTimes(1);
    expect(home.preventDefault).not.toHaveBeenCalled();
  });

  it('a subframe navigating away is prevented too', () => {
    const { contents } = guarded();
    const event = navigation('https://evil.example/');
    contents.fire('will-frame-navigate', event);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
  });

  it('a <webview> is never attached', () => {
    const { contents } = guarded();
    const event = { preventDefault: vi.fn() };
    contents.fire('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
  });

  it('guarding the same contents twice adds no second set of listeners', () => {
    const { contents } = guarded();
    guardWebContents(contents as never, { isAllowedExternalUrl, openExternal: vi.fn() });
    expect(contents.listenerCount('will-navigate')).toBe(1);
  });
});

describe('new windows', () => {
  it('window.open is denied for any URL', () => {
    const { contents } = guarded();
    for (const url of [
      'https://evil.example/',
      'station://app/index.html',
      'about:blank',
      'https://tools.usps.com/x',
    ]) {
      expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    }
  });

  it('an allowlisted https carrier tracking link goes to the system browser instead', () => {
    const { contents, openExternal } = guarded();
    const url = 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000';
    expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith(url);
  });

  it('a link not on the allowlist is not opened anywhere', () => {
    const { contents, openExternal } = guarded();
    for (const url of [
      'https://evil.example/track',
      'http://tools.usps.com/go/Track',
      'https://tools.usps.com.evil.example/',
      'https://user:pw@www.ups.com/track',
      'https://www.ups.com:8443/track',
      'javascript:alert(1)',
      'file:///etc/passwd',
    ]) {
      contents.windowOpenHandler?.({ url });
    }
    expect(openExternal).not.toHaveBeenCalled();
  });
});

describe('the session', () => {
  it('refuses every permission request', () => {
    const session = electron.session.defaultSession;
    hardenSession(session as never);
    const handler = session.setPermissionRequestHandler.mock.calls[0]?.[0];
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'hid', 'openExternal']) {
      const callback = vi.fn();
      handler({}, permission, callback, {});
      expect(callback, permission).toHaveBeenCalledWith(false);
    }
  });

  it('answers every permission check and device permission with no', () => {
    const session = electron.session.defaultSession;
    hardenSession(session as never);
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0];
    const device = session.setDevicePermissionHandler.mock.calls[0]?.[0];
    for (const permission of ['media', 'notifications', 'clipboard-sanitized-write', 'serial', 'usb']) {
      expect(check(null, permission, 'station://app', {})).toBe(false);
    }
    expect(device({ deviceType: 'hid', origin: 'station://app' })).toBe(false);
  });

  it('cancels any request to the network or the file system and lets the app protocol through', () => {
    const session = electron.session.defaultSession;
    hardenSession(session as never);
    const onBefore = session.webRequest.onBeforeRequest.mock.calls[0]![0];
    const answer = (url: string) => {
      const callback = vi.fn();
      onBefore({ url, method: 'GET' }, callback);
      return callback.mock.calls[0]?.[0];
    };
    expect(answer('https://cdn.example/lib.js')).toEqual({ cancel: true });
    expect(answer('http://127.0.0.1:4010/v1/orders')).toEqual({ cancel: true });
    expect(answer('wss://evil.example/')).toEqual({ cancel: true });
    expect(answer('file:///etc/passwd')).toEqual({ cancel: true });
    expect(answer('station://app/assets/index.js')).toEqual({ cancel: false });
    expect(isRequestAllowed('data:image/png;base64,AAAA')).toBe(true);
    expect(isRequestAllowed('not a url')).toBe(false);
  });

  it('puts the strict CSP on every response, replacing any the response brought', () => {
    const session = electron.session.defaultSession;
    hardenSession(session as never);
    const onHeaders = session.webRequest.onHeadersReceived.mock.calls[0]?.[0];
    const callback = vi.fn();
    onHeaders(
      { responseHeaders: { 'content-security-policy': ["default-src *; script-src 'unsafe-eval'"], 'X-Other': ['1'] } },
      callback,
    );
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
});
