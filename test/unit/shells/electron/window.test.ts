// The station window's settings: isolated, sandboxed, no Node, no <webview>, no developer tools in a packaged build.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMainWindow,
  focusWindow,
  SHOW_FALLBACK_MS,
  stationWebPreferences,
} from '../../../../main/shells/electron/window.ts';
import { electron, FakeBrowserWindow, resetElectron, setPlatform } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

const options = { preloadPath: '/app/out/preload/preload.cjs', production: true, title: 'Fulfillment Station' };

beforeEach(async () => {
  resetElectron();
  await electron.app.becomeReady();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the stand-in's page finish loading (it does on a later turn, as a real one does). */
const settle = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
};

describe('the station window', () => {
  it('cannot be created before the app is ready (Electron throws)', () => {
    resetElectron();
    // The screen's work area is read first, which Electron refuses before ready too.
    expect(() => createMainWindow(options)).toThrow("The 'screen' module can't be used before the app 'ready' event");
    expect(() => new electron.BrowserWindow({})).toThrow('Cannot create BrowserWindow before app is ready');
  });

  it('isolates the page: context isolation, sandbox, no Node in the page or its workers or frames, no <webview>', () => {
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    const prefs = window.options.webPreferences!;
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
    expect(window.options.webPreferences!.preload).toBe('/app/out/preload/preload.cjs');
  });

  it('has no developer tools in a packaged build, and has them in development', () => {
    expect(stationWebPreferences({ ...options, production: true }).devTools).toBe(false);
    expect(stationWebPreferences({ ...options, production: false }).devTools).toBe(true);
  });

  it('loads the app from its own protocol and shows only once the page is ready', async () => {
    setPlatform('darwin');
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    expect(window.loadedUrls).toEqual(['station://app/index.html']);
    expect(window.options.show).toBe(false);
    expect(window.visible).toBe(false);
    await settle();
    expect(window.visible).toBe(true);
    expect(window.calls).toEqual(['show']);
  });

  it('on Wayland, where a hidden window never gets ready-to-show, shows once the page has loaded', async () => {
    setPlatform('linux-wayland');
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    expect(window.visible).toBe(false);
    await settle();
    expect(window.visible).toBe(true);
    expect(window.calls).toEqual(['show']);
  });

  it('shows after a short timer when no load event ever comes, and only once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    FakeBrowserWindow.loadsHang = true;
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    vi.advanceTimersByTime(SHOW_FALLBACK_MS - 1);
    expect(window.visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(window.visible).toBe(true);
    window.fire('ready-to-show');
    expect(window.calls).toEqual(['show']);
  });

  it('a window closed before it showed is not shown by the timer', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    FakeBrowserWindow.loadsHang = true;
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    window.close();
    vi.advanceTimersByTime(SHOW_FALLBACK_MS);
    expect(window.calls).toEqual([]);
  });

  it('every new window gets its web-contents guards through app web-contents-created', () => {
    const seen: unknown[] = [];
    electron.app.on('web-contents-created', (_event: unknown, contents: unknown) => seen.push(contents));
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    expect(seen).toEqual([window.webContents]);
  });

  it('focusing a minimized window restores, shows and focuses it', () => {
    FakeBrowserWindow.loadsHang = true;
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    window.minimized = true;
    focusWindow(window as never);
    expect(window.calls).toEqual(['restore', 'show', 'focus']);
  });

  it('focusing when there is no window or it is gone does nothing', () => {
    expect(() => focusWindow(null)).not.toThrow();
    FakeBrowserWindow.loadsHang = true;
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    window.destroyed = true;
    focusWindow(window as never);
    expect(window.calls).toEqual([]);
  });
});

describe('the window on a workstation’s screen', () => {
  it('fits 1366×768 at 125% and 1920×1080 at 150% (work areas 1093×566 and 1280×672 under a 48 px taskbar)', () => {
    for (const workArea of [
      { width: 1093, height: 566 },
      { width: 1280, height: 672 },
    ]) {
      electron.screen.workAreaSize = workArea;
      const window = createMainWindow(options) as unknown as FakeBrowserWindow;
      expect(window.options.minHeight).toBeLessThanOrEqual(workArea.height);
      expect(window.options.minWidth).toBeLessThanOrEqual(workArea.width);
      expect(window.options.width).toBeLessThanOrEqual(workArea.width);
      expect(window.options.height).toBeLessThanOrEqual(workArea.height);
    }
    electron.screen.workAreaSize = { width: 2560, height: 1400 };
    const large = createMainWindow(options) as unknown as FakeBrowserWindow;
    expect([large.options.width, large.options.height]).toEqual([1400, 900]);
  });

  it('Ctrl+W, Cmd+W and Ctrl+F4 do not close it (nor quit the app mid-shift); other keys pass', () => {
    const window = createMainWindow(options) as unknown as FakeBrowserWindow;
    const press = (input: object) => {
      const event = { preventDefault: vi.fn() };
      window.webContents.fire('before-input-event', event, {
        type: 'keyDown',
        alt: false,
        control: false,
        meta: false,
        ...input,
      });
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(press({ key: 'w', control: true })).toBe(true);
    expect(press({ key: 'W', control: true })).toBe(true);
    expect(press({ key: 'w', meta: true })).toBe(true);
    expect(press({ key: 'F4', control: true })).toBe(true);
    expect(press({ key: 'w' })).toBe(false);
    expect(press({ key: 'c', control: true })).toBe(false);
    expect(press({ key: 'F4', alt: true })).toBe(false);
  });
});
