// A stand-in for the 'electron' module (the runtime cannot run here), as faithful as its rules can be made: each rule
// copies Electron 45 and says where from (stand-in-state.ts, stand-in-web.ts, stand-in-system.ts).
import { vi } from 'vitest';
import { fakeNet } from './stand-in-net.ts';
import { Emitter, requireNotReady, requireReady, resetState, setPlatform, state } from './stand-in-state.ts';
import { FakeNotification, FakePowerMonitor, FakeUtilityProcess, fakeUtilityProcess } from './stand-in-system.ts';
import { FakeBrowserWindow, FakeFrame, FakeSession, FakeWebContents, fakeFrame, fakeSessions } from './stand-in-web.ts';

type Listener = (...args: any[]) => unknown;

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

function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  return {
    handlers,
    handle: vi.fn((channel: string, handler: Listener) => {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, handler);
    }),
    removeHandler: vi.fn((channel: string) => handlers.delete(channel)),
    on: vi.fn(),
  };
}

function fakeIpcRenderer() {
  const emitter = new Emitter();
  return {
    emitter,
    invoke: vi.fn(async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } })),
    on: vi.fn((channel: string, listener: Listener) => emitter.on(channel, listener)),
    removeListener: vi.fn((channel: string, listener: Listener) => emitter.removeListener(channel, listener)),
  };
}

function build() {
  const app = new FakeApp();
  state.app = app;
  const exposed: Record<string, unknown> = {};
  const session = fakeSessions();
  return {
    app,
    BrowserWindow: FakeBrowserWindow,
    Notification: FakeNotification,
    ipcMain: fakeIpcMain(),
    ipcRenderer: fakeIpcRenderer(),
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
      // lib/browser/api/protocol.ts: `handle: (...args) => session.defaultSession.protocol.handle(...args)`.
      handle: vi.fn((_scheme: string, _handler: (request: Request) => Promise<Response>) => {
        requireReady('session');
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
    powerMonitor: new FakePowerMonitor(),
    utilityProcess: fakeUtilityProcess(),
  };
}

/** The module the tests hand to `vi.mock('electron', …)`; its parts are replaced by resetElectron() between tests. */
export const electron = build();

export function resetElectron(): void {
  resetState();
  Object.assign(electron, build());
  FakeBrowserWindow.created = [];
  FakeBrowserWindow.loadsHang = false;
  FakeWebContents.printAnswer = { success: true, failureReason: '' };
  FakeWebContents.printers = [];
  FakeNotification.shown = [];
  FakeNotification.supported = true;
}

/** The station's window as app.ts makes it: scheme registered standard before ready, page loaded from it. */
export async function loadedAppWindow(): Promise<FakeBrowserWindow> {
  if (!state.ready) {
    electron.protocol.registerSchemesAsPrivileged([{ scheme: 'station', privileges: { standard: true } }]);
    await electron.app.becomeReady();
  }
  const window = new FakeBrowserWindow({ show: false });
  await window.loadURL('station://app/index.html');
  return window;
}

export {
  FakeBrowserWindow,
  FakeFrame,
  FakeNotification,
  FakeSession,
  FakeUtilityProcess,
  FakeWebContents,
  fakeFrame,
  setPlatform,
};
