// `npm run package` writes the update feed files: electron-builder's real deb target and its real update-info writer,
// offline, with a stand-in for fpm (CUSTOM_FPM_PATH, electron-builder's own switch) that writes the package file where
// fpm would. latest-linux.yml must list that file with its sha512 and size, as electron-updater reads it; then the
// packaging script (scripts/update-signing.ts) pins the public key and signs the feed with a key from the environment.
import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { whyNotSignedByUs } from '../../../main/platform/updates/update-signature.ts';
import { keygen, PIN_FILE, pin, signAll, signingKey } from '../../../scripts/update-signing.ts';
import { debBuild, yaml } from './deb-build.ts';

let work: string;
/** What the update feed (latest-linux.yml) says, as electron-updater reads it. */
let feed: { version: string; files: unknown[]; path: string; sha512: string };
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
  feed = yaml.load(readFileSync(join(work, 'dist', 'latest-linux.yml'), 'utf8')) as typeof feed;
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

describe('the feed signed at npm run package', () => {
  const deb = () => join(work, 'dist', 'fulfillment-station_0.1.0_amd64.deb');
  const listed = () =>
    (yaml.load(readFileSync(join(work, 'dist', 'latest-linux.yml'), 'utf8')) as { files: { sha512?: string }[] }).files;

  it('pins the public half of the signing key and signs each file the feed lists, which the app then accepts', () => {
    keygen(join(work, 'keys'));
    expect(statSync(join(work, 'keys', 'update-signing-key.pem')).mode & 0o777).toBe(0o600);
    const key = signingKey({ STATION_UPDATE_SIGNING_KEY_FILE: join(work, 'keys', 'update-signing-key.pem') });
    expect(pin(key, join(work, 'out'))).toContain('pinned');
    expect(readFileSync(join(work, 'out', PIN_FILE), 'utf8')).toBe(readFileSync(join(work, 'keys', PIN_FILE), 'utf8'));
    expect(signAll(key, join(work, 'dist'), join(work, 'out'))).toEqual([
      `update-signing: signed ${join(work, 'dist', 'latest-linux.yml')}`,
    ]);
    expect(signingKey({})).toBeNull();
    const pinned = createPublicKey(readFileSync(join(work, 'out', PIN_FILE), 'utf8'));
    expect(whyNotSignedByUs(deb(), listed(), pinned).refused).toBeNull();
    // The feed as electron-updater reads it: still the same file, sha512 and size.
    expect(listed()).toEqual([
      expect.objectContaining({
        url: 'fulfillment-station_0.1.0_amd64.deb',
        sha512: createHash('sha512').update(debBytes).digest('base64'),
      }),
    ]);
  });

  it('refuses to sign with a key other than the one pinned, and an app pinning another key refuses the feed', () => {
    const other = generateKeyPairSync('ed25519');
    expect(() => signAll(other.privateKey, join(work, 'dist'), join(work, 'out'))).toThrow(/not the one pinned/);
    expect(whyNotSignedByUs(deb(), listed(), other.publicKey).refused).toContain('does not verify');
  });

  it('without a key: says the build refuses feed updates, and signs nothing', () => {
    expect(pin(null, join(work, 'unsigned-out'))).toContain('refuses every feed update');
    expect(signAll(null, join(work, 'dist'), join(work, 'unsigned-out'))).toEqual([
      'update-signing: no signing key: the feeds are not signed',
    ]);
  });
});
