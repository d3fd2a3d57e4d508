// The real Electron app (where an Electron binary exists): the window's webPreferences, its CSP, no way to leave it,
// the station's own menu, and kiosk mode from a machine policy.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron, type ElectronApplication, expect, type Page, test } from '@playwright/test';

const root = resolve(import.meta.dirname, '../..');

/**
 * The Electron executable if one is installed, read the way node_modules/electron finds it — but without requiring
 * it, which would start a download this machine cannot make.
 */
function electronBinary(): string | null {
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override
    ? join(override, relative || 'electron')
    : relative
      ? join(root, 'node_modules', 'electron', 'dist', relative)
      : null;
  return candidate && existsSync(candidate) ? candidate : null;
}

const binary = electronBinary();

test.skip(
  binary === null,
  'no Electron binary on this machine (node_modules/electron/dist is missing: the runtime download cannot run here); ' +
    'this test runs wherever Electron is installed',
);

let app: ElectronApplication;
let page: Page;

test.beforeAll(async () => {
  // The app runs from out/: build it first when it is not there.
  if (!existsSync(join(root, 'out', 'renderer', 'index.html'))) {
    execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  }
  if (!existsSync(join(root, 'out', 'main', 'index.js'))) {
    execFileSync('npm', ['run', 'build:electron'], { cwd: root, stdio: 'inherit' });
  }
  const userData = mkdtempSync(join(tmpdir(), 'station-electron-e2e-'));
  // --no-sandbox only lifts the OS sandbox CI containers cannot give (root, no user namespaces); the window's own
  // webPreferences, which these tests check, stay as the app sets them.
  app = await _electron.launch({
    executablePath: binary as string,
    args: [root, `--user-data-dir=${userData}`, '--no-sandbox'],
    cwd: root,
    timeout: 60_000,
  });
  page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  await app?.close();
});

test('the window is on screen, not just created: visible, not minimized, with the page painted', async () => {
  // Created hidden and shown on ready-to-show, or on did-finish-load / a timer where that never comes (Wayland).
  await expect
    .poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isVisible() ?? false), {
      timeout: 15_000,
    })
    .toBe(true);
  const state = await app.evaluate(({ BrowserWindow }) => {
    const window = BrowserWindow.getAllWindows()[0];
    return { minimized: window?.isMinimized(), width: window?.getBounds().width ?? 0 };
  });
  expect(state.minimized).toBe(false);
  expect(state.width).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.visibilityState)).toBe('visible');
});

test('the log goes to a file in the OS’s log folder', async () => {
  const logs = await app.evaluate(({ app }) => app.getPath('logs'));
  await expect.poll(() => existsSync(join(logs, 'station.log'))).toBe(true);
  expect(readFileSync(join(logs, 'station.log'), 'utf8')).toContain('"message":"log file"');
});

test('the window is isolated, sandboxed, without Node and without <webview>', async () => {
  // getLastWebPreferences is Electron's own (undocumented, so not in its typings) read-back of the settings in force.
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    const contents = BrowserWindow.getAllWindows()[0]?.webContents as unknown as {
      getLastWebPreferences?: () => Record<string, unknown>;
    };
    return contents?.getLastWebPreferences?.() ?? null;
  });
  expect(prefs).toMatchObject({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webviewTag: false,
    webSecurity: true,
  });
});

test('the page is the app’s own, with window.station and no Node', async () => {
  expect(page.url()).toMatch(/^station:\/\/app\//);
  const globals = await page.evaluate(() => ({
    station: typeof (window as unknown as { station?: unknown }).station,
    require: typeof (window as unknown as { require?: unknown }).require,
    process: typeof (window as unknown as { process?: unknown }).process,
  }));
  expect(globals).toEqual({ station: 'object', require: 'undefined', process: 'undefined' });
});

test('the page carries the strict Content-Security-Policy', async () => {
  const policy = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-eval');
});

test('navigating away is refused and the window stays on the app', async () => {
  const before = page.url();
  // Record will-navigate in main (after the app's own guard, which prevents it), then wait for that state, not a time.
  await app.evaluate(({ BrowserWindow }) => {
    const seen: string[] = [];
    (globalThis as { seenNavigations?: string[] }).seenNavigations = seen;
    BrowserWindow.getAllWindows()[0]?.webContents.on('will-navigate', (_event, url) => seen.push(url));
  });
  await page.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await expect
    .poll(() => app.evaluate(() => (globalThis as { seenNavigations?: string[] }).seenNavigations ?? []))
    .toContain('https://example.com/');
  expect(page.url()).toBe(before);
});

test('window.open opens no window', async () => {
  // The window-open handler answers deny synchronously: window.open returns null and no window is ever created.
  const opened = await page.evaluate(() => window.open('https://example.com/') === null);
  expect(opened).toBe(true);
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
});

test('one IPC round trip: the page asks main through window.station and gets the station’s answer', async () => {
  // The preload's invoke, Electron's structured clone both ways, the sender check in main, the station's dispatcher.
  const answer = await page.evaluate(async () =>
    (window as unknown as { station: { app: { info(): Promise<unknown> } } }).station.app.info(),
  );
  expect(answer).toMatchObject({ ok: true, value: { name: 'Fulfillment Station', shell: 'electron' } });
});

test('the menu is the station’s own: nothing to reload, zoom or inspect, and no Help leading to electronjs.org', async () => {
  const words = await app.evaluate(({ Menu }) => {
    type Item = { role?: string; label: string; submenu?: { items: Item[] } | null };
    const walk = (items: Item[]): string[] =>
      items.flatMap((item) => [item.role ?? '', item.label, ...(item.submenu ? walk(item.submenu.items) : [])]);
    const menu = Menu.getApplicationMenu();
    return menu ? walk(menu.items as unknown as Item[]).map((word) => word.toLowerCase()) : [];
  });
  expect(words).toEqual(expect.arrayContaining(['quit', 'copy', 'paste']));
  for (const gone of ['reload', 'forcereload', 'toggledevtools', 'zoomin', 'zoomout', 'resetzoom', 'help'])
    expect(words).not.toContain(gone);
  expect(words.join(' ')).not.toMatch(/electron|learn more|documentation/);
});

test('kiosk mode from the machine policy: full screen, no menu, no developer tools', async () => {
  // A policy file only an administrator could have written (root-owned, 0644, in a 0755 folder): the station refuses
  // any other. A development run may name one with --machine-policy (an installed app reads only the OS's place).
  test.skip(process.getuid?.() !== 0, 'a root-owned policy file needs root to write');
  const folder = mkdtempSync(join(tmpdir(), 'station-kiosk-'));
  chmodSync(folder, 0o755);
  const policyFile = join(folder, 'policy.json');
  writeFileSync(policyFile, JSON.stringify({ kioskMode: true }), { mode: 0o644 });
  const kiosk = await _electron.launch({
    executablePath: binary as string,
    args: [
      root,
      `--user-data-dir=${mkdtempSync(join(tmpdir(), 'station-kiosk-data-'))}`,
      '--no-sandbox',
      `--machine-policy=${policyFile}`,
    ],
    cwd: root,
    timeout: 60_000,
  });
  try {
    await kiosk.firstWindow();
    await expect
      .poll(() => kiosk.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isKiosk() ?? false), {
        timeout: 15_000,
      })
      .toBe(true);
    const state = await kiosk.evaluate(({ BrowserWindow, Menu }) => {
      const window = BrowserWindow.getAllWindows()[0];
      window?.webContents.openDevTools();
      return {
        menu: Menu.getApplicationMenu(),
        menuBarVisible: window?.isMenuBarVisible() ?? true,
        devTools: window?.webContents.isDevToolsOpened() ?? true,
      };
    });
    expect(state).toEqual({ menu: null, menuBarVisible: false, devTools: false });
  } finally {
    await kiosk.close();
  }
});
