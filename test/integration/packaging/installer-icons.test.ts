// The Windows and macOS icons through electron-builder's own icon resolver, offline: it must take ours as they are
// (a conversion would download its icons tool, which an offline build cannot). electron-builder's NSIS target itself
// cannot be planned offline: before its script is computed it fetches its NSIS bundle (for elevate.exe) from GitHub.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderIcons } from '../../../scripts/icons.ts';

const root = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): unknown };
const { convertIcon } = require('app-builder-lib/out/util/iconConverter') as {
  convertIcon(options: {
    sources: string[];
    fallbackSources: string[];
    roots: string[];
    format: 'ico' | 'icns' | 'set';
    outDir: string;
  }): Promise<{ icons: { file: string; size: number }[]; isFallback: boolean }>;
};
const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
  icon: string;
  win: { icon: string };
};

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'station-icons-'));
  renderIcons(join(work, 'build'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const resolveIcon = (source: string, format: 'ico' | 'icns') =>
  convertIcon({
    sources: [source],
    fallbackSources: [],
    roots: [join(work, 'build')],
    format,
    outDir: join(work, 'x'),
  });

describe('installer icons', () => {
  it('Windows (NSIS, the exe, the shortcuts): icon.ico with a 256 px image, used as it is', async () => {
    expect(config.win.icon).toBe('icon.ico');
    const { icons, isFallback } = await resolveIcon(config.win.icon, 'ico');
    expect(isFallback).toBe(false);
    expect(icons).toEqual([{ file: join(work, 'build', 'icon.ico'), size: 256 }]);
  });

  it('macOS: icon.icns holding PNGs up to 1024 px', async () => {
    expect(config.icon).toBe('icon.icns');
    const { icons } = await resolveIcon(config.icon, 'icns');
    expect(icons[0]?.file).toBe(join(work, 'build', 'icon.icns'));
    const icns = readFileSync(icons[0]!.file);
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    expect(icns.includes(Buffer.from('ic10'))).toBe(true);
  });
});
