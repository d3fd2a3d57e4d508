// The station's one window: sandboxed, isolated, no Node, no <webview>, the app's own page only.
import { BrowserWindow, type BrowserWindowConstructorOptions, type Input, screen, type WebPreferences } from 'electron';
import type { Logger } from '../../platform/log/logger.ts';
import { APP_ENTRY_URL } from './origin.ts';

export interface MainWindowOptions {
  /** The built preload script (out/preload/preload.cjs). */
  preloadPath: string;
  /** True in a packaged build: no developer tools there. */
  production: boolean;
  title: string;
  log?: Logger;
  /** Shows the window after this long even if no load event came (default SHOW_FALLBACK_MS). */
  showFallbackMs?: number;
  /** The machine policy's kiosk mode: full screen, no menu, no developer tools. */
  kiosk?: boolean;
}

/** The last resort: a window that is still hidden this long after it was created is shown anyway. */
export const SHOW_FALLBACK_MS = 3_000;

/** The settings that keep the renderer a web page with one narrow bridge, whatever it loads. */
export function stationWebPreferences(
  options: Pick<MainWindowOptions, 'preloadPath' | 'production' | 'kiosk'>,
): WebPreferences {
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
    devTools: !options.production && options.kiosk !== true,
  };
}

/**
 * The smallest window the station's screens are laid out for. It must fit the work area of the laptops pharmacies
 * have: 1366×768 at 125% is 1093×566 CSS pixels above a 48 px Windows taskbar, 1920×1080 at 150% is 1280×672.
 */
export const MIN_WINDOW = { width: 1024, height: 540 } as const;
const PREFERRED_WINDOW = { width: 1400, height: 900 } as const;

/** The window's first size: the preferred one, shrunk to the screen's work area (never below the minimum). */
export function firstWindowSize(workArea: { width: number; height: number }) {
  return {
    width: Math.max(MIN_WINDOW.width, Math.min(PREFERRED_WINDOW.width, workArea.width)),
    height: Math.max(MIN_WINDOW.height, Math.min(PREFERRED_WINDOW.height, workArea.height)),
  };
}

/** Ctrl+W / Cmd+W and Ctrl+F4 close a window in Chromium's and the OS's menus: here they would quit mid-shift. */
export function closesTheWindow(input: Pick<Input, 'type' | 'key' | 'control' | 'meta' | 'alt'>): boolean {
  if (input.type !== 'keyDown' || input.alt) return false;
  const key = input.key.toLowerCase();
  return ((input.control || input.meta) && key === 'w') || (input.control && key === 'f4');
}

export function mainWindowOptions(
  options: MainWindowOptions,
  workArea: { width: number; height: number } = PREFERRED_WINDOW,
): BrowserWindowConstructorOptions {
  return {
    title: options.title,
    ...firstWindowSize(workArea),
    minWidth: MIN_WINDOW.width,
    minHeight: MIN_WINDOW.height,
    // Shown once the page has painted, so the station never flashes an empty frame (showWhenReady has the fallbacks).
    show: false,
    autoHideMenuBar: options.production,
    backgroundColor: '#ffffff',
    webPreferences: stationWebPreferences(options),
    // Kiosk: the whole screen, nothing else reachable (Electron's kiosk mode; fullscreen too, for Linux window managers).
    ...(options.kiosk ? { kiosk: true, fullscreen: true, autoHideMenuBar: true } : {}),
  };
}

/**
 * Shows the window once, on the first of: `ready-to-show` (no white flash); on Linux `did-finish-load`, because on
 * Wayland since Electron 38 a window created hidden often never gets `ready-to-show` (electron/electron#48859: the
 * surface has no role until `show()`, so it never paints); `did-fail-load`, so a load error is seen; and a timer, for
 * whatever else keeps those from coming.
 */
export function showWhenReady(window: BrowserWindow, fallbackMs: number, log?: Logger): void {
  let shown = false;
  const show = (why: string) => () => {
    if (shown) return;
    shown = true;
    clearTimeout(timer);
    if (window.isDestroyed() || window.isVisible()) return;
    window.show();
    if (why !== 'ready-to-show') log?.info('window shown without ready-to-show', { why });
  };
  const timer = setTimeout(show('timer'), fallbackMs);
  window.once('ready-to-show', show('ready-to-show'));
  if (process.platform === 'linux') window.webContents.once('did-finish-load', show('did-finish-load'));
  window.webContents.once('did-fail-load', show('did-fail-load'));
  window.once('closed', () => clearTimeout(timer));
}

/** Creates the window and loads the renderer from the app protocol. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(options, screen.getPrimaryDisplay().workAreaSize));
  // Before the page and the menu see it: the window stays; the app quits only by its menu or the system's close.
  window.webContents.on('before-input-event', (event, input) => {
    if (closesTheWindow(input)) event.preventDefault();
  });
  // No menu bar in the window at all in kiosk mode (Alt would show an auto-hidden one on Windows and Linux).
  if (options.kiosk) window.removeMenu();
  showWhenReady(window, options.showFallbackMs ?? SHOW_FALLBACK_MS, options.log);
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
