// A stand-in for the 'electron' module (the runtime cannot run here), as faithful as its rules can be made: each rule
// copies Electron 45 and says where from (stand-in-state.ts, stand-in-web.ts, stand-in-system.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { APP_ORIGIN, APP_SCHEME } from '../../../../main/shells/electron/origin.ts';
import { APP_SCHEME_PRIVILEGES, rendererRequestHandler } from '../../../../main/shells/electron/protocol.ts';
import { fakeIpc, schemeHandlers } from './stand-in-ipc.ts';
import { fakeNet } from './stand-in-net.ts';
import { Emitter, requireNotReady, requireReady, resetState, setPlatform, state } from './stand-in-state.ts';
import {
  FakeMenu,
  FakeNativeUpdater,
  FakeNotification,
  FakePowerMonitor,
  FakeUtilityProcess,
  fakeUtilityProcess,
} from './stand-in-system.ts';
import { FakeBrowserWindow, FakeFrame, FakeSession, FakeWebContents, fakeFrame, fakeSessions } from './stand-in-web.ts';

/**
 * The app. `whenReady()` resolves only once the test calls `becomeReady()` — after `ready` is emitted, as Electron
 * does (lib/browser/api/app.ts) — so code that works before ready is tested before ready.
 */
class FakeApp extends Emitter {
  hasLock = true;
  isPackaged = true;
  #readyPromise: Promise<void>;
  #resolveReady: () => void = () => {};
  constructor() {
    super();
    this.#readyPromise = new Promise((resolve) => {
      this.#resolveReady = resolve;
    });
  }
  requestSingleInstanceLock = vi.fn(() => this.hasLock);
  quit = vi.fn();
  setAppUserModelId = vi.fn();
  enableSandbox = vi.fn(() => requireNotReady('enableSandbox'));
  disableHardwareAcceleration = vi.fn(() => requireNotReady('disableHardwareAcceleration'));
  relaunch = vi.fn();
  getName = vi.fn(() => 'Fulfillment Station');
  getAppPath = vi.fn(() => '/app');
  getPath = vi.fn((name: string) => `/data/${name}`);
  getVersion = vi.fn(() => '0.1.0');
  isReady = () => state.ready;
  whenReady = vi.fn(() => this.#readyPromise);
  /** Electron has finished initialising: `ready` fires, `whenReady()` resolves. */
  becomeReady(): Promise<void> {
    state.ready = true;
    this.fire('ready', {}, {});
    this.#resolveReady();
    return this.#readyPromise;
  }
}

/** ipcMain and ipcRenderer over one set of handlers, arguments and answers structured-cloned (stand-in-ipc.ts). */
function fakeIpcPair() {
  const ipc = fakeIpc();
  return {
    ipcMain: {
      handlers: ipc.ipcMain.handlers,
      handle: vi.fn(ipc.ipcMain.handle),
      removeHandler: vi.fn(ipc.ipcMain.removeHandler),
      on: vi.fn(),
    },
    ipcRenderer: {
      emitter: ipc.ipcRenderer.emitter,
      invoke: vi.fn(ipc.ipcRenderer.invoke),
      on: vi.fn(ipc.ipcRenderer.on),
      removeListener: vi.fn(ipc.ipcRenderer.removeListener),
    },
    bindPage: ipc.bindPage,
  };
}

function build() {
  const app = new FakeApp();
  state.app = app;
  const exposed: Record<string, unknown> = {};
  const session = fakeSessions();
  const ipc = fakeIpcPair();
  return {
    app,
    BrowserWindow: FakeBrowserWindow,
    Notification: FakeNotification,
    ipcMain: ipc.ipcMain,
    ipcRenderer: ipc.ipcRenderer,
    /** Not Electron's: makes a window the page whose preload calls arrive through ipcRenderer.invoke. */
    bindPage: ipc.bindPage,
    contextBridge: {
      exposed,
      exposeInMainWorld: vi.fn((key: string, api: unknown) => {
        // "Cannot bind an API on top of an existing property on the window object" (docs, api/context-bridge.md).
        if (key in exposed) throw new Error('Cannot bind an API on top of an existing property on the window object');
        exposed[key] = api;
      }),
    },
    protocol: {
      /** Standard schemes get a real origin in their frames (stand-in-state.ts originOf). */
      registerSchemesAsPrivileged: vi.fn((schemes: { scheme: string; privileges?: { standard?: boolean } }[]) => {
        requireNotReady('registerSchemesAsPrivileged');
        for (const { scheme, privileges } of schemes) if (privileges?.standard) state.standardSchemes.add(scheme);
      }),
      // lib/browser/api/protocol.ts: `handle: (...args) => session.defaultSession.protocol.handle(...args)`; a second
      // handler for one scheme fails ("Failed to register protocol: <scheme>", shell/browser/api/electron_api_protocol.cc).
      handle: vi.fn((scheme: string, handler: (request: Request) => Promise<Response>) => {
        requireReady('session');
        if (schemeHandlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
        schemeHandlers.set(scheme, handler);
      }),
    },
    session,
    // lib/browser/api/net.ts: `net.fetch` is `session.defaultSession.fetch`.
    net: {
      fetch: (input: string | Request, init?: RequestInit) => session.defaultSession.fetch(input, init),
      request: fakeNet.request,
    },
    shell: { openExternal: vi.fn(async (_url: string) => {}) },
    // The save dialog answers what a test put in `saveAnswer` (docs, api/dialog.md: { canceled, filePath }).
    dialog: {
      saveAnswer: { canceled: true, filePath: '' } as { canceled: boolean; filePath: string },
      showSaveDialog: vi.fn(async function (this: { saveAnswer: { canceled: boolean; filePath: string } }) {
        return electron.dialog.saveAnswer;
      }),
    },
    // docs, api/screen.md: getPrimaryDisplay().workAreaSize, in DIP (the display's size less the taskbar or dock).
    screen: {
      workAreaSize: { width: 1920, height: 1040 },
      getPrimaryDisplay() {
        requireReady('screen');
        return { workAreaSize: { ...this.workAreaSize } };
      },
    },
    powerMonitor: new FakePowerMonitor(),
    autoUpdater: new FakeNativeUpdater(),
    Menu: FakeMenu,
    utilityProcess: fakeUtilityProcess(),
  };
}

/** The module the tests hand to `vi.mock('electron', …)`; its parts are replaced by resetElectron() between tests. */
export const electron = build();

export function resetElectron(): void {
  resetState();
  schemeHandlers.clear();
  Object.assign(electron, build());
  FakeBrowserWindow.created = [];
  FakeMenu.current = 'default';
  FakeBrowserWindow.loadsHang = false;
  FakeWebContents.printAnswer = { success: true, failureReason: '' };
  FakeWebContents.printers = [];
  FakeNotification.shown = [];
  FakeNotification.supported = true;
}

/** A built renderer of one page, for the app protocol's real handler to serve. */
let rendererDir: string | null = null;
function standInRenderer(): string {
  rendererDir ??= mkdtempSync(join(tmpdir(), 'stand-in-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Fulfillment Station</title>');
  return rendererDir;
}

/**
 * The station's window as app.ts makes it: the app scheme registered before ready with the app's own privileges,
 * handled by the app's own handler once ready, and the page loaded through it — so its origin is what that
 * registration gives, not something the stand-in assumes.
 */
export async function loadedAppWindow(): Promise<FakeBrowserWindow> {
  if (!state.ready) {
    electron.protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
    await electron.app.becomeReady();
  }
  if (!schemeHandlers.has(APP_SCHEME)) electron.protocol.handle(APP_SCHEME, rendererRequestHandler(standInRenderer()));
  const window = new FakeBrowserWindow({ show: false });
  await window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

export {
  FakeBrowserWindow,
  FakeFrame,
  FakeMenu,
  FakeNativeUpdater,
  FakeNotification,
  FakeSession,
  FakeUtilityProcess,
  FakeWebContents,
  fakeFrame,
  setPlatform,
};
