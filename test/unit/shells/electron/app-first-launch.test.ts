// The first launch on a workstation, against the stand-in's platform rules: the window shows on every session type,
// service calls go out through Chromium's network stack, a failed start says what failed and where the log is.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { builtPaths, startApp } from '../../../../main/shells/electron/app.ts';
import { SERVICE_PARTITION } from '../../../../main/shells/electron/service-fetch.ts';
import { START_FAILURE_URL } from '../../../../main/shells/electron/start-failure.ts';
import type { DesktopShellStationOptions } from '../../../../main/station/options.ts';
import { electron, FakeBrowserWindow, resetElectron, setPlatform } from './stand-in.ts';
import type { StandInPlatform } from './stand-in-state.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

const double = vi.hoisted(() => ({
  options: null as DesktopShellStationOptions | null,
  failure: null as Error | null,
}));

vi.mock('../../../../main/station/station.ts', () => ({
  createStation: async (options: DesktopShellStationOptions) => {
    double.options = options;
    if (double.failure) throw double.failure;
    return {
      invoke: async (channel: string) => ({ ok: true, value: { channel } }),
      resume: async () => {},
      close: async () => {},
      onEvent: () => () => {},
    };
  },
}));

const paths = builtPaths('/app/out/main');
const lines: string[] = [];
const appLog = {
  log: createLogger({ scope: 'test', write: (line) => lines.push(line) }),
  filePath: '/home/tech/.config/Fulfillment Station/logs/station.log',
};
const settle = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
};

/** `ownLog: false` lets the app open its own log, as main.ts does. */
async function launch(ownLog = true) {
  const running = ownLog ? startApp(paths, appLog) : startApp(paths);
  await electron.app.becomeReady();
  await running?.station.catch(() => {});
  await settle();
  await settle();
  const window = FakeBrowserWindow.created[0]!;
  await expect.poll(() => window.webContents.page).not.toBeNull();
  return { running, window };
}

beforeEach(() => {
  resetElectron();
  double.options = null;
  double.failure = null;
  lines.length = 0;
});

describe('the window shows on every platform', () => {
  const platforms: StandInPlatform[] = ['linux-wayland', 'linux-x11', 'darwin', 'win32'];
  for (const platform of platforms) {
    it(`on ${platform} the station window is visible once its page has loaded`, async () => {
      setPlatform(platform);
      const { window } = await launch();
      expect(window.options.show).toBe(false);
      expect(window.visible).toBe(true);
      expect(window.calls.filter((call) => call === 'show')).toHaveLength(1);
    });
  }
});

describe('service calls', () => {
  let server: Server;
  let url = '';
  beforeEach(async () => {
    server = createServer((_request, response) => response.end('{"ok":true}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address() as { port: number };
    url = `http://127.0.0.1:${address.port}/api/v1/orders`;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('go out through Chromium’s network stack on a session of their own, which the page’s request guard does not stop', async () => {
    await launch();
    const response = await double.options!.fetch(url, { method: 'GET' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(electron.session.sessions.get(SERVICE_PARTITION)?.requests).toEqual([url]);
    // Why not net.fetch on the default session: its webRequest guard (guards.ts) cancels every http(s) request.
    await expect(electron.net.fetch(url)).rejects.toThrow('net::ERR_BLOCKED_BY_CLIENT');
  });

  it('a service that is not there fails the way Node’s fetch does, with a code the client can name', async () => {
    await launch();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const failure = await double.options!.fetch(url).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as { cause?: unknown }).cause).toEqual({ code: 'ERR_CONNECTION_REFUSED' });
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
});

describe('a station that cannot start', () => {
  it('shows a screen that says what failed and where the log is, instead of the app', async () => {
    double.failure = new Error('the training service stopped before it listened (exit 1): database is locked');
    const { window } = await launch();
    expect(window.loadedUrls.at(-1)).toBe(START_FAILURE_URL);
    expect(window.visible).toBe(true);
    const handler = electron.protocol.handle.mock.calls[0]?.[1] as (request: Request) => Promise<Response>;
    const page = await handler(new Request(START_FAILURE_URL));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const text = await page.text();
    expect(text).toContain('could not start');
    expect(text).toContain('database is locked');
    expect(text).toContain(appLog.filePath);
    expect(text).not.toContain('<script');
    expect(lines.some((line) => line.includes('the station could not start'))).toBe(true);
  });

  it('the page’s calls answer station_unavailable with where the log is', async () => {
    double.failure = new Error('disk full');
    const { window } = await launch();
    const handler = electron.ipcMain.handlers.get('app:info')!;
    const answer = await handler({
      sender: window.webContents,
      senderFrame: window.webContents.mainFrame,
    });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'station_unavailable', message: expect.stringContaining(appLog.filePath) },
    });
  });

  it('a token in the start error never reaches the screen', async () => {
    double.failure = new Error('refused Bearer abcdefghijklmnop.qrstuvwxyz');
    await launch();
    const handler = electron.protocol.handle.mock.calls[0]?.[1] as (request: Request) => Promise<Response>;
    expect(await (await handler(new Request(START_FAILURE_URL))).text()).not.toContain('abcdefghijklmnop');
  });

  it('before any failure the failure address is not found, and the app is served as usual', async () => {
    await launch();
    const handler = electron.protocol.handle.mock.calls[0]?.[1] as (request: Request) => Promise<Response>;
    expect((await handler(new Request(START_FAILURE_URL))).status).toBe(404);
  });
});

describe('the log file', () => {
  it('goes to the OS’s log folder (app.getPath("logs")), and the failure screen names it', async () => {
    const logs = mkdtempSync(join(tmpdir(), 'station-logs-'));
    electron.app.getPath.mockImplementation((name: string) => (name === 'logs' ? logs : `/data/${name}`));
    double.failure = new Error('the data folder is in use by another copy');
    await launch(false);
    const file = join(logs, 'station.log');
    const written = readFileSync(file, 'utf8');
    expect(written).toContain('the station could not start');
    expect(written).toContain('the data folder is in use by another copy');
    const handler = electron.protocol.handle.mock.calls[0]?.[1] as (request: Request) => Promise<Response>;
    expect(await (await handler(new Request(START_FAILURE_URL))).text()).toContain(file);
  });
});

describe('the idle lock', () => {
  it('watches the station window’s own input (the one idle signal Wayland has)', async () => {
    setPlatform('linux-wayland');
    const { window } = await launch();
    expect(window.webContents.listenerCount('input-event')).toBe(1);
  });
});
