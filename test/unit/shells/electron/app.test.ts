// The app's lifecycle with a stand-in Electron: one instance, the user model id, the station's wiring, a clean quit.
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { channelNames } from '../../../../contract/ipc.ts';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { APP_USER_MODEL_ID, builtPaths, startApp } from '../../../../main/shells/electron/app.ts';
import type { DesktopShellStationOptions } from '../../../../main/station/options.ts';
import { electron, FakeBrowserWindow, FakeNotification, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

const stationDouble = vi.hoisted(() => {
  const state = {
    options: null as DesktopShellStationOptions | null,
    listeners: [] as ((event: string, payload: unknown) => void)[],
    invoke: null as Mock | null,
    close: null as Mock | null,
    resume: null as Mock | null,
    /** When set, the station fails to start with this error. */
    failure: null as Error | null,
  };
  return state;
});

vi.mock('../../../../main/station/station.ts', () => ({
  createStation: async (options: DesktopShellStationOptions) => {
    stationDouble.options = options;
    if (stationDouble.failure) throw stationDouble.failure;
    return {
      invoke: stationDouble.invoke,
      resume: stationDouble.resume,
      close: stationDouble.close,
      onEvent(listener: (event: string, payload: unknown) => void) {
        stationDouble.listeners.push(listener);
        return () => {};
      },
    };
  },
}));

const paths = builtPaths('/app/out/main');
const quiet = { log: createLogger({ scope: 'test', write: () => {} }), filePath: '/logs/station.log' };
/** Lets the stand-in's page load (it finishes on a later turn, as a real one does). */
const settle = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
};

/** Starts the app as Electron would: the module runs before `ready`, then the app becomes ready. */
async function started() {
  const running = startApp(paths, quiet);
  await electron.app.becomeReady();
  await running?.station.catch(() => {});
  await settle();
  const window = FakeBrowserWindow.created[0]!;
  // The page comes through the app protocol's handler (a file read): wait for that state, not a time.
  await expect.poll(() => window.webContents.page).not.toBeNull();
  return { running, window };
}

beforeEach(() => {
  resetElectron();
  stationDouble.options = null;
  stationDouble.listeners = [];
  stationDouble.invoke = vi.fn(async (channel: string) => ({ ok: true, value: { channel } }));
  stationDouble.close = vi.fn(async () => {});
  stationDouble.resume = vi.fn(async () => {});
  stationDouble.failure = null;
});

describe('one instance', () => {
  it('a second copy that cannot take the lock quits without a window, a station or IPC handlers', async () => {
    electron.app.hasLock = false;
    expect(startApp(paths, quiet)).toBeNull();
    await settle();
    expect(electron.app.quit).toHaveBeenCalledTimes(1);
    expect(FakeBrowserWindow.created).toEqual([]);
    expect(stationDouble.options).toBeNull();
    expect(electron.ipcMain.handle).not.toHaveBeenCalled();
  });

  it('when a second copy starts, the first focuses its window and opens no second one', async () => {
    const { window } = await started();
    window.minimized = true;
    window.visible = false;
    window.calls = [];
    electron.app.fire('second-instance', {}, ['station'], '/');
    expect(window.calls).toEqual(['restore', 'show', 'focus']);
    expect(FakeBrowserWindow.created).toHaveLength(1);
  });
});

describe('start-up', () => {
  it('sets the app user model id, so Windows shows its notifications', async () => {
    await started();
    expect(electron.app.setAppUserModelId).toHaveBeenCalledWith(APP_USER_MODEL_ID);
    expect(APP_USER_MODEL_ID).toBe('local.fulfillment-station.app');
  });

  it('sandboxes every renderer and registers the app scheme as privileged before the app is ready', async () => {
    startApp(paths, quiet);
    expect(electron.app.isReady()).toBe(false);
    expect(electron.app.enableSandbox).toHaveBeenCalledTimes(1);
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({
        scheme: 'station',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    expect(electron.protocol.handle).not.toHaveBeenCalled();
    expect(FakeBrowserWindow.created).toEqual([]);
    await electron.app.becomeReady();
    await settle();
    expect(electron.protocol.handle).toHaveBeenCalledWith('station', expect.any(Function));
  });

  it('starts the station as the Electron shell in the user data folder, with the app version', async () => {
    await started();
    expect(stationDouble.options).toMatchObject({ shell: 'electron', dataDir: '/data/userData', version: '0.1.0' });
    expect(typeof stationDouble.options!.startTraining).toBe('function');
    expect(typeof stationDouble.options!.notifications!.show).toBe('function');
    expect(typeof stationDouble.options!.fetch).toBe('function');
  });

  it('runs the training service as a utility process of the built CLI', async () => {
    await started();
    void stationDouble.options!.startTraining('/data/userData').catch(() => {});
    expect(electron.utilityProcess.fork).toHaveBeenCalledWith(
      '/app/out/training/cli.js',
      expect.arrayContaining(['--port', '0']),
      expect.objectContaining({ stdio: 'pipe' }),
    );
  });

  it('opens only allowlisted links in the system browser', async () => {
    await started();
    await expect(stationDouble.options!.openExternal!('https://www.ups.com/track?tracknum=1Z')).resolves.toBe(true);
    await expect(stationDouble.options!.openExternal!('https://evil.example/')).resolves.toBe(false);
    expect(electron.shell.openExternal).toHaveBeenCalledTimes(1);
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://www.ups.com/track?tracknum=1Z');
  });

  it('hardens the session: every permission request is refused', async () => {
    await started();
    const handler = electron.session.defaultSession.setPermissionRequestHandler.mock.calls[0]?.[0];
    const callback = vi.fn();
    handler({}, 'media', callback, {});
    expect(callback).toHaveBeenCalledWith(false);
  });

  it('opens one window with the built preload, loading the app protocol', async () => {
    const { window } = await started();
    expect(FakeBrowserWindow.created).toHaveLength(1);
    expect(window.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/preload.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      devTools: false,
    });
    expect(window.loadedUrls).toEqual(['station://app/index.html']);
  });

  it('guards the window’s contents: navigation away is prevented, window.open denied', async () => {
    const { window } = await started();
    const away = { url: 'https://evil.example/', preventDefault: vi.fn() };
    window.webContents.fire('will-navigate', away, away.url);
    expect(away.preventDefault).toHaveBeenCalled();
    expect(window.webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });
});

describe('IPC and events', () => {
  it('a call from the window reaches the station through its channel’s one handler', async () => {
    const { window } = await started();
    // The origin is Chromium's, derived from the scheme app.ts registered as standard: not "null".
    expect(window.webContents.mainFrame.origin).toBe('station://app');
    expect(electron.ipcMain.handlers.size).toBe(channelNames.length);
    const handler = electron.ipcMain.handlers.get('session:state')!;
    const event = { sender: window.webContents, senderFrame: window.webContents.mainFrame };
    await expect(handler(event, undefined)).resolves.toEqual({ ok: true, value: { channel: 'session:state' } });
  });

  it('station events reach the window', async () => {
    const { window } = await started();
    for (const listener of stationDouble.listeners) listener('connectivity.changed', { online: false });
    expect(window.webContents.sent).toContainEqual({ channel: 'connectivity.changed', payload: { online: false } });
  });

  it('a notification click focuses the window', async () => {
    const { window } = await started();
    const click = vi.fn();
    stationDouble.options!.notifications!.show({ title: 't', body: 'b', orderId: 'o', count: 1, eventKeys: [], click });
    window.calls = [];
    FakeNotification.shown[0]?.fire('click');
    expect(window.calls).toContain('focus');
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('waking from sleep asks the station to catch up', async () => {
    await started();
    electron.powerMonitor.fire('resume');
    await settle();
    expect(stationDouble.resume).toHaveBeenCalledTimes(1);
  });
});

describe('quitting', () => {
  it('closes the station before the app goes', async () => {
    await started();
    const event = { preventDefault: vi.fn() };
    electron.app.fire('will-quit', event);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
    await settle();
    expect(stationDouble.close).toHaveBeenCalledTimes(1);
    expect(electron.app.quit).toHaveBeenCalledTimes(1);
    const again = { preventDefault: vi.fn() };
    electron.app.fire('will-quit', again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });

  it('closing the last window quits the app', async () => {
    await started();
    electron.app.fire('window-all-closed');
    expect(electron.app.quit).toHaveBeenCalledTimes(1);
  });
});
