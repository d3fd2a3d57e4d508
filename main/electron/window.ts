// The station's one window: sandboxed, isolated, no Node, no <webview>, the app's own page only.
import { BrowserWindow, type BrowserWindowConstructorOptions, type WebPreferences } from 'electron';
import type { Logger } from '../log/logger.ts';
import { APP_ENTRY_URL } from './origin.ts';

export interface MainWindowOptions {
  /** The built preload script (out/preload/preload.cjs). */
  preloadPath: string;
  /** True in a packaged build: no developer tools there. */
  production: boolean;
  title: string;
  log?: Logger;
}

/** The settings that keep the renderer a web page with one narrow bridge, whatever it loads. */
export function stationWebPreferences(options: Pick<MainWindowOptions, 'preloadPath' | 'production'>): WebPreferences {
  return {
    preload: options.preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    navigateOnDragDrop: false,
    safeDialogs: true,
    // Off: dictionaries would be fetched from the network, and drug and patient names are not in them anyway.
    spellcheck: false,
    devTools: !options.production,
  };
}

export function mainWindowOptions(options: MainWindowOptions): BrowserWindowConstructorOptions {
  return {
    title: options.title,
    width: 1400,
    height: 900,
    minWidth: 1024,
    minHeight: 700,
    // Shown once the page has painted, so the station never flashes an empty frame.
    show: false,
    autoHideMenuBar: options.production,
    backgroundColor: '#ffffff',
    webPreferences: stationWebPreferences(options),
  };
}

/** Creates the window and loads the renderer from the app protocol. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(options));
  window.once('ready-to-show', () => window.show());
  window.loadURL(APP_ENTRY_URL).catch((error: unknown) => {
    options.log?.error('the station page did not load', { error: String(error) });
  });
  return window;
}

/** Brings the window to the front (a second launch, a notification click). */
export function focusWindow(window: BrowserWindow | null): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}
