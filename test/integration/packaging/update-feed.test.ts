// `npm run package` writes the update feed files: electron-builder's real deb target and its real update-info writer,
// offline, with a stand-in for fpm (CUSTOM_FPM_PATH, electron-builder's own switch) that writes the package file where
// fpm would. latest-linux.yml must list that file with its sha512 and size, as electron-updater reads it.
import { createHash } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { debBuild, yaml } from './deb-build.ts';

let work: string;
let feed: Record<string, any>;
let debBytes: Buffer;

beforeAll(async () => {
  const build = debBuild('station-feed-');
  work = build.work;
  // The stand-in fpm: writes a file at --package, as fpm writes the .deb there.
  const fpm = join(work, 'fpm');
  writeFileSync(
    fpm,
    '#!/bin/sh\nwhile [ $# -gt 0 ]; do if [ "$1" = "--package" ]; then printf "stand-in deb for the feed test" > "$2"; fi; shift; done\n',
  );
  chmodSync(fpm, 0o755);
  vi.stubEnv('CUSTOM_FPM_PATH', fpm);
  await build.run();
  debBytes = readFileSync(join(work, 'dist', 'fulfillment-station_0.1.0_amd64.deb'));
  feed = yaml.load(readFileSync(join(work, 'dist', 'latest-linux.yml'), 'utf8')) as Record<string, any>;
}, 60_000);

afterAll(() => {
  vi.unstubAllEnvs();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the update feed files', () => {
  it('latest-linux.yml lists the package with its sha512 and size, for electron-updater', () => {
    const sha512 = createHash('sha512').update(debBytes).digest('base64');
    expect(feed.version).toBe('0.1.0');
    expect(feed.files).toEqual([{ url: 'fulfillment-station_0.1.0_amd64.deb', sha512, size: debBytes.length }]);
    expect(feed.path).toBe('fulfillment-station_0.1.0_amd64.deb');
    expect(feed.sha512).toBe(sha512);
  });
});
