// The stand-in's system parts: power monitor, notifications and utility processes, each as Electron reports them.
import { constants } from 'node:os';
import { PassThrough } from 'node:stream';
import { vi } from 'vitest';
import { Emitter, isWayland, requireReady, state } from './stand-in-state.ts';

/**
 * powerMonitor. `lock-screen` is "@platform darwin,win32" (docs, api/power-monitor.md), so `lockScreen()` fires it
 * only there; `getSystemIdleState` answers `locked` "on supported systems only". On Wayland the idle time reads 0
 * (Chromium has no idle source there), so the state is always `active`.
 */
export class FakePowerMonitor extends Emitter {
  idleSeconds = 0;
  screenLocked = false;
  getSystemIdleTime = vi.fn(() => (isWayland() ? 0 : this.idleSeconds));
  getSystemIdleState = vi.fn((threshold: number): 'active' | 'idle' | 'locked' | 'unknown' => {
    if (this.screenLocked && !isWayland()) return 'locked';
    return this.getSystemIdleTime() >= threshold ? 'idle' : 'active';
  });
  /** The person locks the screen. */
  lockScreen(): void {
    this.screenLocked = true;
    if (state.platform === 'darwin' || state.platform === 'win32') this.fire('lock-screen');
  }
}

/**
 * Notification. `close` "is not guaranteed to be emitted in all cases where the notification is closed" (docs,
 * api/notification.md): the stand-in never fires it by itself; `close()` (programmatic dismissal) fires it once.
 */
export class FakeNotification extends Emitter {
  static supported = true;
  static shown: FakeNotification[] = [];
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  readonly options: { title: string; body: string };
  closed = false;
  constructor(options: { title: string; body: string }) {
    super();
    this.options = options;
  }
  show(): void {
    FakeNotification.shown.push(this);
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.fire('close', {});
  }
}

/**
 * A utility process as lib/browser/api/utility-process.ts and electron_api_utility_process.cc make it: `spawn` comes
 * later (until then `pid` is undefined and `kill()` answers false); `kill()` sends SIGTERM and the `exit` comes on a
 * later turn with code 0 (HandleTermination maps our own SIGTERM/SIGKILL to 0); a process killed by anyone else
 * reports the signal's number, `process.exit(n)` reports n; after `exit`, `kill()` answers false and the streams are
 * let go.
 */
export class FakeUtilityProcess extends Emitter {
  stdout: PassThrough | null = new PassThrough();
  stderr: PassThrough | null = new PassThrough();
  pid: number | undefined = undefined;
  killed = false;
  #exited = false;
  constructor(spawnNow: boolean) {
    super();
    if (spawnNow) setImmediate(() => this.spawn());
  }
  /** The OS started it (a test holding the spawn calls this itself). */
  spawn(): void {
    if (this.pid !== undefined || this.#exited) return;
    this.pid = 40_000 + Math.floor(Math.random() * 10_000);
    this.fire('spawn');
  }
  kill(): boolean {
    if (this.pid === undefined || this.#exited) return false;
    this.killed = true;
    setImmediate(() => this.#exit(0));
    return true;
  }
  /** The script called `process.exit(code)`, or threw (Node exits 1). */
  exitWith(code: number): void {
    setImmediate(() => this.#exit(code));
  }
  /** Killed from outside (the OOM killer, a person): POSIX reports the signal's number. */
  killedBy(signal: 'SIGKILL' | 'SIGTERM' | 'SIGSEGV'): void {
    setImmediate(() => this.#exit(constants.signals[signal]));
  }
  #exit(code: number): void {
    if (this.#exited) return;
    this.#exited = true;
    this.pid = undefined;
    try {
      this.fire('exit', code);
    } finally {
      this.stdout?.removeAllListeners();
      this.stderr?.removeAllListeners();
      this.stdout = null;
      this.stderr = null;
    }
  }
}

export function fakeUtilityProcess() {
  const forked: { modulePath: string; args: string[]; options: Record<string, unknown>; child: FakeUtilityProcess }[] =
    [];
  const utilityProcess = {
    forked,
    /** When true, forked processes wait for the test to call `spawn()`. */
    holdSpawn: false,
    fork: vi.fn((modulePath: string, args: string[] = [], options: Record<string, unknown> = {}) => {
      requireReady('utilityProcess');
      const child = new FakeUtilityProcess(!utilityProcess.holdSpawn);
      forked.push({ modulePath, args, options, child });
      return child;
    }),
  };
  return utilityProcess;
}

/**
 * Squirrel.Mac as electron's `autoUpdater` (docs, api/auto-updater.md): setFeedURL({ url, headers }); checkForUpdates()
 * asks the feed URL for JSON `{ "url": … }` with those headers and fetches the zip it names, then emits
 * 'update-downloaded' (an 'error' when either request fails); quitAndInstall() restarts into it (recorded here, as
 * the OS step). Both requests are real HTTP, to whatever serves the feed (electron-updater's MacUpdater serves one).
 */
export class FakeNativeUpdater extends Emitter {
  feed: { url: string; headers?: Record<string, string> } | null = null;
  /** The zips fetched, by size: what Squirrel would stage. */
  fetched: number[] = [];
  setFeedURL = vi.fn((options: { url: string; headers?: Record<string, string> }) => {
    this.feed = options;
  });
  checkForUpdates = vi.fn(() => {
    void (async () => {
      if (!this.feed) throw new Error('Update check failed. The feed URL is not set.');
      const answer = await fetch(this.feed.url, { headers: this.feed.headers ?? {} });
      if (!answer.ok) throw new Error(`Update check failed: status ${answer.status}`);
      const { url } = (await answer.json()) as { url: string };
      const zip = await fetch(url);
      this.fetched.push((await zip.arrayBuffer()).byteLength);
      this.emit('update-downloaded', {}, '', '', new Date(0), url);
    })().catch((error: unknown) => this.emit('error', error));
  });
  quitAndInstall = vi.fn();
  getFeedURL = () => this.feed?.url ?? '';
}

/**
 * The application menu (docs, api/menu.md): buildFromTemplate keeps the template's items (a `role` is an item with
 * that role), setApplicationMenu(null) removes the menu. Electron sets its default menu at ready when the app set none
 * (lib/browser/default-menu.ts); the stand-in starts with none set and says so.
 */
export class FakeMenu {
  readonly items: unknown[];
  constructor(items: unknown[]) {
    this.items = items;
  }
  static current: FakeMenu | null | 'default' = 'default';
  static buildFromTemplate = vi.fn((template: unknown[]) => new FakeMenu(template));
  static setApplicationMenu = vi.fn((menu: FakeMenu | null) => {
    FakeMenu.current = menu;
  });
  static getApplicationMenu = () => (FakeMenu.current === 'default' ? null : FakeMenu.current);
}
