// electron-builder.yml: the app id, the targets per platform, asar, what is packaged, and the security fuses.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { APP_USER_MODEL_ID, builtPaths, PRODUCT_NAME } from '../../../../main/shells/electron/app.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

const root = resolve(import.meta.dirname, '../../../..');
// js-yaml comes with electron-builder, the tool that reads this file.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
/** What the tests read of electron-builder.yml (every other key kept as it is). */
const targets = z.looseObject({ target: z.array(z.string()) });
const config = z
  .looseObject({
    appId: z.string(),
    productName: z.string(),
    linux: targets,
    win: targets.extend({ signtoolOptions: z.looseObject({ publisherName: z.array(z.string()) }) }),
    mac: targets,
    asar: z.boolean(),
    files: z.array(z.string()),
    electronFuses: z.record(z.string(), z.unknown()),
    nsis: z.looseObject({}),
  })
  .parse(yaml.load(readFileSync(resolve(root, 'electron-builder.yml'), 'utf8')));
/** What the tests read of package.json. */
const pkg = z
  .looseObject({
    main: z.string(),
    scripts: z.record(z.string(), z.string()),
    dependencies: z.record(z.string(), z.string()).optional(),
    optionalDependencies: z.record(z.string(), z.string()),
    devDependencies: z.record(z.string(), z.string()),
  })
  .parse(JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')));
const schema = JSON.parse(readFileSync(resolve(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8'));

describe('electron-builder.yml', () => {
  it('names the app with the id Windows notifications use', () => {
    expect(config.appId).toBe(APP_USER_MODEL_ID);
    expect(config.productName).toBe(PRODUCT_NAME);
  });

  it('builds a deb on Linux (no AppImage: it aborts under Ubuntu 23.10+ AppArmor), NSIS on Windows, dmg and the zip macOS updates from', () => {
    expect(config.linux.target).toEqual(['deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg', 'zip']);
  });

  it('names the publisher whose Authenticode signature a Windows update must carry, where electron-builder 26 reads it', () => {
    expect(config.win.signtoolOptions.publisherName).toEqual(['Fulfillment Station Software']);
    expect(schema.definitions.WindowsSigntoolConfiguration.properties.publisherName).toBeDefined();
    expect(config.win.publisherName).toBeUndefined();
  });

  it('packs the built app into an asar and nothing but out/ and package.json', () => {
    expect(config.asar).toBe(true);
    expect(config.files).toContain('out/**');
    expect(config.files.filter((f) => !f.startsWith('!'))).toEqual(['out/**', 'package.json']);
  });

  it('flips the security fuses', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
      resetAdHocDarwinSignature: true,
    });
  });

  it('re-signs ad hoc after flipping the fuses, so an arm64 Mac without a Developer ID still launches the app', () => {
    expect(config.electronFuses.resetAdHocDarwinSignature).toBe(true);
  });

  it('gives the Windows installer a Start-menu shortcut (it carries the AppUserModelID toasts need)', () => {
    expect(config.nsis.createStartMenuShortcut).toBe(true);
  });

  it('ships as production dependencies only what the bundles leave out (keytar, native), nothing already bundled', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(Object.keys(pkg.optionalDependencies)).toEqual(['keytar']);
    for (const bundled of ['react', 'zod', 'jose', 'nodemailer', 'recharts', 'bwip-js'])
      expect(pkg.devDependencies[bundled], bundled).toBeDefined();
  });

  it('uses only fuse names electron-builder 26 knows', () => {
    const known = Object.keys(schema.definitions.FuseOptionsV1.properties);
    expect(known).toContain('resetAdHocDarwinSignature');
    for (const name of Object.keys(config.electronFuses)) expect(known, name).toContain(name);
    expect(schema.properties.electronFuses).toBeDefined();
  });

  it('starts the app at the main bundle the build writes, beside the preload and the training service', () => {
    expect(pkg.main).toBe('out/main/index.js');
    expect(builtPaths(resolve(root, 'out/main'))).toEqual({
      rendererDir: resolve(root, 'out/renderer'),
      preloadPath: resolve(root, 'out/preload/preload.cjs'),
      trainingCli: resolve(root, 'out/training/cli.js'),
    });
  });

  it('npm run package builds everything, then runs electron-builder with this file', () => {
    expect(pkg.scripts['build:electron']).toContain('main/shells/electron/vite.electron.config.ts');
    for (const mode of ['main', 'training', 'preload'])
      expect(pkg.scripts['build:electron']).toContain(`--mode ${mode}`);
    expect(pkg.scripts.package).toMatch(
      /npm run build:electron && node scripts\/icons\.ts && node scripts\/update-signing\.ts pin && electron-builder --config electron-builder\.yml && node scripts\/update-signing\.ts sign$/,
    );
  });
});
