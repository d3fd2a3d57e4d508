// The proxy sign-in in the desktop app: the keychain entry it keeps, and its prompt window (over the station window,
// sandboxed, without script: the form posts back to the app protocol, main/shells/electron/proxy-login.ts).
import { app, BrowserWindow } from 'electron';
import type { Logger } from '../../platform/log/logger.ts';
import { openSecretStore, type SecretStore } from '../../service/session/index.ts';
import { createProxyLogin } from './proxy-login.ts';

/** The keychain service the proxies' credentials are kept under (not a service's: they belong to the computer). */
export const PROXY_KEYCHAIN_SERVICE = 'Fulfillment Station proxy';

export function startProxyLogin(stationWindow: () => BrowserWindow | null, log: Logger) {
  let secrets: Promise<SecretStore> | null = null;
  const proxyLogin = createProxyLogin({
    secrets: () => {
      secrets ??= openSecretStore(PROXY_KEYCHAIN_SERVICE, log.child('keychain'));
      return secrets;
    },
    openPrompt(url, onClosed) {
      const parent = stationWindow();
      const prompt = new BrowserWindow({
        width: 460,
        height: 360,
        title: 'Proxy sign-in',
        ...(parent && !parent.isDestroyed() ? { parent, modal: true } : {}),
        webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
      });
      prompt.on('closed', onClosed);
      prompt.loadURL(url).catch(() => {});
      return { close: () => (prompt.isDestroyed() ? undefined : prompt.close()) };
    },
    log: log.child('proxy'),
  });
  app.on('login', proxyLogin.onLogin);
  return proxyLogin;
}
