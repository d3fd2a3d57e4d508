// Guards for every webContents (no navigation away, no new windows, no <webview>) and for the session (no permissions).
import type { Session, WebContents } from 'electron';
import type { Logger } from '../../platform/log/logger.ts';
import { CONTENT_SECURITY_POLICY } from '../../platform/web/csp.ts';
import { isAppUrl } from './origin.ts';

export interface WebContentsGuardOptions {
  /** Whether a link may go to the system browser (the carrier tracking allowlist). */
  isAllowedExternalUrl: (url: string) => boolean;
  /** Opens a link in the system browser (shell.openExternal). */
  openExternal: (url: string) => Promise<unknown>;
  log?: Logger;
}

interface Preventable {
  url: string;
  preventDefault(): void;
}

const guarded = new WeakSet<WebContents>();

/**
 * Applies to each webContents once (app 'web-contents-created' calls it for all of them): a navigation or redirect to
 * anything but the app's own origin is prevented; window.open and target=_blank never open a window, and an https link
 * on the allowlist goes to the system browser instead; <webview> never attaches.
 */
export function guardWebContents(contents: WebContents, options: WebContentsGuardOptions): void {
  if (guarded.has(contents)) return;
  guarded.add(contents);
  const stayHome = (kind: string) => (details: Preventable) => {
    if (isAppUrl(details.url)) return;
    details.preventDefault();
    options.log?.warn('navigation refused', { kind, url: safeForLog(details.url) });
  };
  contents.on('will-navigate', stayHome('will-navigate'));
  contents.on('will-frame-navigate', stayHome('will-frame-navigate'));
  contents.on('will-redirect', stayHome('will-redirect'));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (options.isAllowedExternalUrl(url)) {
      options.openExternal(url).catch((error: unknown) => {
        options.log?.warn('could not open a link in the system browser', { error: String(error) });
      });
    } else {
      options.log?.warn('new window refused', { url: safeForLog(url) });
    }
    return { action: 'deny' };
  });
}

/** Schemes the renderer never needs: anything remote, and local files outside the app's own protocol. */
const BLOCKED_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:', 'file:']);

/** Whether the renderer's session may make a request: never to the network or the file system. */
export function isRequestAllowed(url: string): boolean {
  try {
    return !BLOCKED_SCHEMES.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * Every permission request and check is refused (camera, notifications, clipboard read, HID, serial…); the station
 * needs none: desktop notifications come from main. Requests to the network are cancelled and every response carries
 * the CSP, in case anything but the app protocol (which sets it itself) ever answers.
 */
export function hardenSession(session: Session, log?: Logger): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log?.warn('permission request refused', { permission });
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => {
    const cancel = !isRequestAllowed(details.url);
    if (cancel) log?.warn('request refused', { url: safeForLog(details.url) });
    callback({ cancel });
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') headers[name] = value;
    }
    headers['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders: headers });
  });
}

/** Scheme, host and path only: a refused URL may carry a query with something private in it. */
function safeForLog(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(not a URL)';
  }
}
