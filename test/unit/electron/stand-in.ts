// A stand-in for the 'electron' module (the runtime cannot run here): it records every call so tests assert the settings.
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

type Listener = (...args: any[]) => unknown;

/** An event emitter that also answers what is listening, so a test can fire an event the way Electron would. */
class Emitter extends EventEmitter {
  fire(event: string, ...args: unknown[]): unknown[] {
    return this.listeners(event).map((listener) => (listener as Listener)(...args));
  }
}

/** One frame of a page (WebFrameMain): its url and origin decide whether IPC from it is trusted. */
export interface FakeFrame {
  url: string;
  origin: string;
  parent: FakeFrame | null;
  detached: boolean;
  frameToken: string;
}

let frameCounter = 0;
export function fakeFrame(url: string, origin: string, parent: FakeFrame | null = null): FakeFrame {
  frameCounter += 1;
  return { url, origin, parent, detached: false, frameToken: `frame-${frameCounter}` };
}

let contentsCounter = 0;

export class FakeWebContents extends Emitter {
  readonly id = ++contentsCounter;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  sent: { channel: string; payload: unknown }[] = [];
  destroyed = false;
  mainFrame: FakeFrame = fakeFrame('station://app/index.html', 'station://app');
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

export class FakeBrowserWindow extends Emitter {
  static created: FakeBrowserWindow[] = [];
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.created.filter((w) => !w.destroyed);
  }
  readonly options: any;
  readonly webContents = new FakeWebContents();
  loadedUrls: string[] = [];
  calls: string[] = [];
  minimized = false;
  visible = false;
  destroyed = false;
  constructor(options: any) {
    super();
    this.options = options;
    FakeBrowserWindow.created.push(this);
    electron.app.fire('web-contents-created', {}, this.webContents);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    return Promise.resolve();
  }
  show(): void {
    this.calls.push('show');
    this.visible = true;
  }
  focus(): void {
    this.calls.push('focus');
  }
  restore(): void {
    this.calls.push('restore');
    this.minimized = false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

class FakeApp extends Emitter {
  hasLock = true;
  isPackaged = true;
  requestSingleInstanceLock = vi.fn(() => this.hasLock);
  quit = vi.fn();
  setAppUserModelId = vi.fn();
  enableSandbox = vi.fn();
  getPath = vi.fn((name: string) => `/data/${name}`);
  getVersion = vi.fn(() => '0.1.0');
  whenReady = vi.fn(() => Promise.resolve());
}

class FakeNotification extends Emitter {
  static supported = true;
  static shown: FakeNotification[] = [];
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  readonly options: { title: string; body: string };
  constructor(options: { title: string; body: string }) {
    super();
    this.options = options;
  }
  show(): void {
    FakeNotification.shown.push(this);
  }
}

class FakeUtilityProcess extends Emitter {
  readonly stdout = new EventEmitter();
  readonly stderr = new EventEmitter();
  killed = false;
  kill(): boolean {
    this.killed = true;
    queueMicrotask(() => this.fire('exit', 0));
    return true;
  }
}

function fakeSession() {
  return {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    webRequest: { onBeforeRequest: vi.fn(), onHeadersReceived: vi.fn() },
  };
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

class FakePowerMonitor extends Emitter {
  idleSeconds = 0;
  getSystemIdleTime = vi.fn(() => this.idleSeconds);
}

function build() {
  const forked: { modulePath: string; args: string[]; options: any; child: FakeUtilityProcess }[] = [];
  const exposed: Record<string, unknown> = {};
  return {
    app: new FakeApp(),
    BrowserWindow: FakeBrowserWindow,
    Notification: FakeNotification,
    ipcMain: fakeIpcMain(),
    ipcRenderer: fakeIpcRenderer(),
    contextBridge: {
      exposed,
      exposeInMainWorld: vi.fn((key: string, api: unknown) => {
        exposed[key] = api;
      }),
    },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    session: { defaultSession: fakeSession() },
    shell: { openExternal: vi.fn(async (_url: string) => {}) },
    powerMonitor: new FakePowerMonitor(),
    utilityProcess: {
      forked,
      fork: vi.fn((modulePath: string, args: string[] = [], options: any = {}) => {
        const child = new FakeUtilityProcess();
        forked.push({ modulePath, args, options, child });
        return child;
      }),
    },
  };
}

/** The module the tests hand to `vi.mock('electron', …)`; its parts are replaced by resetElectron() between tests. */
export const electron = build();

export function resetElectron(): void {
  Object.assign(electron, build());
  FakeBrowserWindow.created = [];
  FakeNotification.shown = [];
  FakeNotification.supported = true;
}

export { FakeNotification, FakeUtilityProcess };
