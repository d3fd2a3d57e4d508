// The machine policy at the desktop app's start (stand-in Electron): read before ready, handed to the station; a bad
// file replaces the app with the start-failure screen naming the file and the field; the GPU goes off in a Remote
// Desktop session or when the policy says so, which Electron allows only before ready.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateState } from '../../../../contract/ipc/updates.ts';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { builtPaths, startApp } from '../../../../main/shells/electron/app.ts';
import { START_FAILURE_URL } from '../../../../main/shells/electron/start-failure.ts';
import {
  leftoverWindowsPolicyFile,
  policyFileFromArgs,
  remoteSession,
  warnOfLeftoverPolicyFile,
} from '../../../../main/shells/electron/workstation.ts';
import type { DesktopShellStationOptions } from '../../../../main/station/options.ts';
import { electron, FakeBrowserWindow, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

const double = vi.hoisted(() => ({
  options: null as DesktopShellStationOptions | null,
  closed: 0,
  /** What the app asked of its updates, and when the station closed, in order. */
  asked: [] as string[],
  listeners: [] as ((event: string, payload: unknown) => void)[],
  /** The install at quit throws (as a missing install() did on macOS before). */
  installThrows: false,
}));
vi.mock('../../../../main/station/station.ts', () => ({
  createStation: async (options: DesktopShellStationOptions) => {
    double.options = options;
    return {
      invoke: async () => ({ ok: true }),
      resume: async () => {},
      close: async () => {
        double.closed += 1;
        double.asked.push('station closed');
      },
      onEvent: (listener: (event: string, payload: unknown) => void) => {
        double.listeners.push(listener);
        return () => {};
      },
    };
  },
}));

const dir = mkdtempSync(join(tmpdir(), 'station-app-policy-'));
const lines: string[] = [];
const appLog = {
  log: createLogger({ scope: 'test', write: (line) => lines.push(line) }),
  filePath: '/logs/station.log',
};
const policyFile = (policy: unknown) => {
  const file = join(dir, `policy-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof policy === 'string' ? policy : JSON.stringify(policy));
  return file;
};
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

const feeds: (string | undefined)[] = [];
/** The updates' stand-in (test/unit/shells/electron/updates.test.ts tests the updates themselves). */
const asked = double.asked;
const updates = (feed: string | undefined) => {
  feeds.push(feed);
  return {
    // Only the feed matters here: every other field as a station with updates off has it.
    state: (): UpdateState => ({
      version: '0.1.0',
      feed: feed ?? null,
      status: 'off',
      offReason: null,
      available: null,
      checkedAt: null,
      problem: null,
      installWaitsFor: null,
    }),
    stop: () => asked.push('stop'),
    decideAtQuit: () => asked.push('decideAtQuit') > 0,
    installDecided: () => {
      asked.push('installDecided');
      if (double.installThrows) throw new TypeError('updater.install is not a function');
    },
    onSignedOut: () => asked.push('onSignedOut'),
  };
};

async function launch(file: string) {
  const running = startApp(builtPaths('/app/out/main'), appLog, { policyFile: file, updates });
  await electron.app.becomeReady();
  await running?.station.catch(() => {});
  await settle();
  const window = FakeBrowserWindow.created[0]!;
  await expect.poll(() => window.webContents.page).not.toBeNull();
  return window;
}

beforeEach(() => {
  resetElectron();
  vi.unstubAllEnvs();
  double.options = null;
  double.closed = 0;
  double.listeners = [];
  double.installThrows = false;
  lines.length = 0;
  feeds.length = 0;
  asked.length = 0;
});

describe('the machine policy at start', () => {
  it('hands the policy it read to the station, and starts updates from its feed', async () => {
    const file = policyFile({ maxIdleLockMinutes: 5, updateFeedUrl: 'https://updates.pharmacy.example/station' });
    await launch(file);
    expect(double.options!.policy).toEqual({
      file,
      policy: { maxIdleLockMinutes: 5, updateFeedUrl: 'https://updates.pharmacy.example/station' },
      ignoredFields: [],
    });
    expect(feeds).toEqual(['https://updates.pharmacy.example/station']);
    expect(double.options!.updates!.state()).toMatchObject({ feed: 'https://updates.pharmacy.example/station' });
  });

  it('without a file the station starts with no policy and no update feed', async () => {
    await launch(join(dir, 'absent.json'));
    expect(double.options!.policy).toEqual({ file: null, policy: {}, ignoredFields: [] });
    expect(feeds).toEqual([undefined]);
  });

  it('a bad file stops the start: the failure screen names the file and the field', async () => {
    const file = policyFile({ maxIdleLockMinutes: 'ten' });
    const window = await launch(file);
    expect(double.options).toBeNull();
    expect(window.loadedUrls.at(-1)).toBe(START_FAILURE_URL);
    const handler = electron.protocol.handle.mock.calls[0]?.[1] as (request: Request) => Promise<Response>;
    const text = await (await handler(new Request(START_FAILURE_URL))).text();
    expect(text).toContain(`The machine policy ${file} cannot be used: maxIdleLockMinutes must be a whole number`);
  });
});

describe('hardware acceleration', () => {
  it('stays on at a local desk', async () => {
    vi.stubEnv('SESSIONNAME', 'Console');
    vi.stubEnv('XRDP_SESSION', '');
    await launch(policyFile({}));
    expect(electron.app.disableHardwareAcceleration).not.toHaveBeenCalled();
  });

  it('is turned off, before ready, when the policy says so', async () => {
    await launch(policyFile({ disableHardwareAcceleration: true }));
    expect(electron.app.disableHardwareAcceleration).toHaveBeenCalledTimes(1);
    expect(lines.some((line) => line.includes('the machine policy turns it off'))).toBe(true);
  });

  it('is turned off in a Remote Desktop session (Windows RDP or Citrix, xrdp on Linux)', async () => {
    expect(remoteSession({ SESSIONNAME: 'RDP-Tcp#3' }, 'win32')).toBe('RDP-Tcp#3');
    expect(remoteSession({ SESSIONNAME: 'ICA-tcp#1' }, 'win32')).toBe('ICA-tcp#1');
    expect(remoteSession({ SESSIONNAME: 'Console' }, 'win32')).toBeNull();
    expect(remoteSession({ XRDP_SESSION: '1' }, 'linux')).toBe('xrdp');
    expect(remoteSession({}, 'linux')).toBeNull();
    vi.stubEnv('XRDP_SESSION', '1');
    if (process.platform !== 'linux') return;
    await launch(policyFile({}));
    expect(electron.app.disableHardwareAcceleration).toHaveBeenCalledTimes(1);
  });
});

describe('updates in the app’s lifecycle', () => {
  it('at quit: decided while the station still runs, installed only after it closed', async () => {
    await launch(policyFile({ updateFeedUrl: 'https://updates.pharmacy.example/station' }));
    electron.app.fire('will-quit', { preventDefault: vi.fn() });
    await expect.poll(() => electron.app.quit.mock.calls.length).toBe(1);
    expect(asked).toEqual(['stop', 'decideAtQuit', 'station closed', 'installDecided']);
    expect(double.closed).toBe(1);
  });

  it('an install that throws at quit is logged and the app still quits', async () => {
    await launch(policyFile({ updateFeedUrl: 'https://updates.pharmacy.example/station' }));
    double.installThrows = true;
    electron.app.fire('will-quit', { preventDefault: vi.fn() });
    await expect.poll(() => electron.app.quit.mock.calls.length).toBe(1);
    expect(lines.some((line) => line.includes('the update did not install at quit'))).toBe(true);
  });

  it('at sign-out the updates are told (they install only when nothing waits)', async () => {
    await launch(policyFile({}));
    for (const listener of double.listeners)
      listener('session.changed', { state: { status: 'signed_in' }, reason: 'sign_in' });
    expect(asked).toEqual([]);
    for (const listener of double.listeners)
      listener('session.changed', { state: { status: 'signed_out' }, reason: 'sign_out' });
    expect(asked).toEqual(['onSignedOut']);
  });
});

/** Every role and label anywhere in a menu template. */
function menuWords(items: unknown[]): string[] {
  return items.flatMap((item) => {
    const { role, label, submenu } = item as { role?: string; label?: string; submenu?: unknown[] };
    return [role, label, ...(Array.isArray(submenu) ? menuWords(submenu) : [])].filter((w): w is string => !!w);
  });
}

describe('the menu, and kiosk mode from the policy', () => {
  it('replaces Electron’s default menu: no Reload, zoom, developer tools or Help to electronjs.org; quit and editing stay', async () => {
    await launch(policyFile({ maxIdleLockMinutes: 5 }));
    const menu = electron.Menu.getApplicationMenu();
    expect(menu).not.toBeNull();
    const words = menuWords(menu!.items);
    for (const gone of [
      'reload',
      'forceReload',
      'toggleDevTools',
      'zoomIn',
      'zoomOut',
      'resetZoom',
      'viewMenu',
      'help',
    ])
      expect(words).not.toContain(gone);
    expect(words.join(' ')).not.toMatch(/electron/i);
    expect(words).toEqual(expect.arrayContaining(['quit', 'copy', 'paste', 'selectAll']));
    const window = FakeBrowserWindow.created[0]!;
    expect(window.options).not.toHaveProperty('kiosk');
    expect(window.calls).not.toContain('removeMenu');
  });

  it('on macOS keeps the app menu (About, Hide, Quit) and Edit, still nothing to reload or inspect', async () => {
    const { appMenuTemplate } = await import('../../../../main/shells/electron/app-menu.ts');
    const words = menuWords(appMenuTemplate('darwin', false) ?? []);
    expect(words).toEqual(expect.arrayContaining(['appMenu', 'about', 'quit', 'copy', 'paste']));
    for (const gone of ['reload', 'forceReload', 'toggleDevTools', 'zoomIn', 'help']) expect(words).not.toContain(gone);
  });

  it('kiosk mode: the window fills the screen with no menu at all and no developer tools', async () => {
    await launch(policyFile({ kioskMode: true }));
    expect(electron.Menu.getApplicationMenu()).toBeNull();
    expect(electron.Menu.setApplicationMenu).toHaveBeenLastCalledWith(null);
    const window = FakeBrowserWindow.created[0]!;
    expect(window.options).toMatchObject({ kiosk: true, fullscreen: true, webPreferences: { devTools: false } });
    expect(window.calls).toContain('removeMenu');
  });
});

describe('a policy file on the command line', () => {
  it('is read only by an app that is not installed (the e2e tests kiosk mode so); an installed app ignores it', () => {
    const argv = ['electron', '/app', '--machine-policy=/tmp/kiosk/policy.json'];
    expect(policyFileFromArgs(argv, false)).toBe('/tmp/kiosk/policy.json');
    expect(policyFileFromArgs(argv, true)).toBeUndefined();
    expect(policyFileFromArgs(['electron', '/app'], false)).toBeUndefined();
  });
});

describe('a policy file left in ProgramData on Windows', () => {
  it('is named so IT moves it to the registry key; it is never read, and never stops the station', () => {
    const there = (file: string) => file === 'D:\\ProgramData\\Fulfillment Station\\policy.json';
    expect(leftoverWindowsPolicyFile('win32', { ProgramData: 'D:\\ProgramData' }, there)).toBe(
      'D:\\ProgramData\\Fulfillment Station\\policy.json',
    );
    expect(leftoverWindowsPolicyFile('win32', { ProgramData: 'C:\\ProgramData' }, there)).toBeNull();
    expect(leftoverWindowsPolicyFile('linux', {}, () => true)).toBeNull();
    const warned: string[] = [];
    warnOfLeftoverPolicyFile(
      { warn: (message) => warned.push(message) },
      'C:\\ProgramData\\Fulfillment Station\\policy.json',
    );
    expect(warned).toEqual([
      'a policy file is no longer read on Windows: IT sets the registry key instead (docs/it-guide.md)',
    ]);
  });
});
