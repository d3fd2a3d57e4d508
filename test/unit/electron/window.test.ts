// The station window's settings: isolated, sandboxed, no Node, no <webview>, no developer tools in a packaged build.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMainWindow, focusWindow, stationWebPreferences } from '../../../main/electron/window.ts';
import { electron, type FakeBrowserWindow, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

const options = { preloadPath: '/app/out/preload/preload.cjs', production: true, title: 'Fulfillment Station' };

beforeEach(() => resetElectron());

describe('the station window', () => {
  it('isolates the page: context isolation, sandbox, no Node in the page or its workers or frames, no <webview>', () => {
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    const prefs = window.options.webPreferences;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webviewTag).toBe(false);
  });

  it('keeps web security on and experimental or insecure features off', () => {
    const prefs = stationWebPreferences(options);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.enableBlinkFeatures).toBe('');
    expect(prefs.navigateOnDragDrop).toBe(false);
  });

  it('turns spellcheck off, so no dictionary is fetched from the network', () => {
    expect(stationWebPreferences(options).spellcheck).toBe(false);
  });

  it('loads the built preload and nothing else into the page', () => {
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    expect(window.options.webPreferences.preload).toBe('/app/out/preload/preload.cjs');
  });

  it('has no developer tools in a packaged build, and has them in development', () => {
    expect(stationWebPreferences({ ...options, production: true }).devTools).toBe(false);
    expect(stationWebPreferences({ ...options, production: false }).devTools).toBe(true);
  });

  it('loads the app from its own protocol and shows only once the page is ready', () => {
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    expect(window.loadedUrls).toEqual(['station://app/index.html']);
    expect(window.options.show).toBe(false);
    expect(window.visible).toBe(false);
    window.fire('ready-to-show');
    expect(window.visible).toBe(true);
  });

  it('every new window gets its web-contents guards through app web-contents-created', () => {
    const seen: unknown[] = [];
    electron.app.on('web-contents-created', (_event: unknown, contents: unknown) => seen.push(contents));
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    expect(seen).toEqual([window.webContents]);
  });

  it('focusing a minimized window restores, shows and focuses it', () => {
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    window.minimized = true;
    focusWindow(window as never);
    expect(window.calls).toEqual(['restore', 'show', 'focus']);
  });

  it('focusing when there is no window or it is gone does nothing', () => {
    expect(() => focusWindow(null)).not.toThrow();
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    window.destroyed = true;
    focusWindow(window as never);
    expect(window.calls).toEqual([]);
  });
});
