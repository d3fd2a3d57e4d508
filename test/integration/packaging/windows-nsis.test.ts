// electron-builder's real NSIS target, offline, over a stand-in win-unpacked: everything it computes for the installer
// script, captured before makensis runs. Two things it would download are given instead: 7-Zip (Debian's `7zip`, which
// packs the app as it would) and a stand-in elevate.exe (it is only copied into that archive).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderIcons } from '../../../scripts/icons.ts';
import { root, yaml } from './deb-build.ts';

const require = createRequire(import.meta.url);
const builder = require('electron-builder') as typeof import('electron-builder');
const sevenZip = ['/usr/bin/7zz', '/usr/bin/7za', '/usr/bin/7z'].find((path) => existsSync(path));

let work: string;
let defines: Record<string, unknown>;
let commands: Record<string, unknown>;

beforeAll(async () => {
  if (!sevenZip) return;
  work = mkdtempSync(join(tmpdir(), 'station-nsis-'));
  renderIcons(join(work, 'build'));
  const app = join(work, 'app');
  mkdirSync(join(app, 'resources'), { recursive: true });
  writeFileSync(join(app, 'Fulfillment Station.exe'), 'stand-in');
  writeFileSync(join(app, 'resources', 'app.asar'), 'stand-in');
  mkdirSync(join(work, 'nsis'));
  writeFileSync(join(work, 'nsis', 'elevate.exe'), 'stand-in');
  vi.stubEnv('ELECTRON_BUILDER_7ZIP_PATH', sevenZip);
  vi.stubEnv('ELECTRON_BUILDER_NSIS_DIR', join(work, 'nsis'));
  const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
  config.directories = {
    ...(config.directories as Record<string, unknown> | undefined),
    output: join(work, 'dist'),
    buildResources: join(work, 'build'),
  };
  await builder.build({
    projectDir: root,
    targets: builder.Platform.WINDOWS.createTarget('nsis', builder.Arch.x64),
    prepackaged: app,
    config,
    publish: 'never',
    effectiveOptionComputed: async (computed: unknown) => {
      [defines, commands] = computed as [Record<string, unknown>, Record<string, unknown>];
      return true; // stop before makensis runs
    },
  });
}, 60_000);

afterAll(() => {
  vi.unstubAllEnvs();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!sevenZip)('the Windows installer (electron-builder NSIS target, offline)', () => {
  it('installs per user under the app id that Windows notifications need, with a Start-menu shortcut', () => {
    expect(defines).toMatchObject({
      APP_ID: 'local.fulfillment-station.app',
      PRODUCT_NAME: 'Fulfillment Station',
      SHORTCUT_NAME: 'Fulfillment Station',
      VERSION: '0.1.0',
    });
    // oneClick: false and perMachine: false: the assisted installer, per user, the folder may be changed.
    expect(defines).toHaveProperty('allowToChangeInstallationDirectory');
    expect(defines).not.toHaveProperty('INSTALL_MODE_PER_ALL_USERS');
    expect(defines).not.toHaveProperty('ONE_CLICK');
    expect(defines).not.toHaveProperty('DO_NOT_CREATE_START_MENU_SHORTCUT');
  });

  it('uses the icon rendered from resources/icon/icon.png, and the homepage for the uninstall entry', () => {
    expect(defines.MUI_ICON).toBe(join(work, 'build', 'icon.ico'));
    expect(defines.MUI_UNICON).toBe(join(work, 'build', 'icon.ico'));
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(defines.UNINSTALL_URL_INFO_ABOUT).toBe(pkg.homepage);
  });

  it('keeps the installer where electron-updater looks for it, and writes the installer the feed names', () => {
    expect(defines.APP_INSTALLER_STORE_FILE).toBe('fulfillment-station-updater\\installer.exe');
    expect(commands.OutFile).toMatch(/Fulfillment Station Setup 0\.1\.0\.exe"$/);
  });
});
