// The Windows and macOS updaters (the station's NsisUpdater and MacUpdater, the real electron-updater) against a
// generic feed over loopback, on the stand-in Electron. Windows: the installer must pass the Authenticode check
// against the publisherName the build configured (PowerShell's check is the OS step, a stand-in here); a build that
// names none is refused unless the policy accepts unsigned updates. macOS: the zip must carry our key's signature; it
// installs through MacUpdater's own quitAndInstall() (Squirrel.Mac, the stand-in's autoUpdater, fetches it over real
// HTTP from electron-updater's local server); one whose signature does not verify is refused.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire, Module } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import type { UpdateClock } from '../../../../main/platform/updates/update-checks.ts';
import { signDigest } from '../../../../main/platform/updates/update-signature.ts';
import {
  StationMacUpdater,
  StationNsisUpdater,
  type StationUpdater,
  type UpdateTrust,
} from '../../../../main/shells/electron/updaters.ts';
import { startUpdates } from '../../../../main/shells/electron/updates.ts';
import type { Station } from '../../../../main/station/station.ts';
import { electron, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);
const require = createRequire(import.meta.url);
const electronId = require.resolve('electron', { paths: [require.resolve('electron-updater')] });
// A loaded module of its own in require's cache, whose exports are the stand-in.
const standIn = new Module(electronId);
standIn.filename = electronId;
standIn.loaded = true;
standIn.exports = electron;
require.cache[electronId] = standIn;

const ourKeys = generateKeyPairSync('ed25519');
const otherKeys = generateKeyPairSync('ed25519');
const newer = randomBytes(48 * 1024);
const digest = createHash('sha512').update(newer).digest();
/** Timers that never run: each test watches one check. */
const stillClock: UpdateClock = { now: () => 0, setTimeout: () => ({}), clearTimeout: () => {} };
const station = { pendingWork: () => ({ verificationRuns: 0, waitingWrites: 0 }) } as unknown as Station;

let dir: string;
let feed: Server;
let feedUrl: string;
let signature: string;
let lines: string[];

function serve(): Promise<void> {
  feed = createServer((req, res) => {
    const file = req.url?.includes('latest.yml')
      ? 'Fulfillment-Station-Setup-0.2.0.exe'
      : 'Fulfillment-Station-0.2.0-mac.zip';
    if (req.url?.startsWith('/station/latest')) {
      res.writeHead(200, { 'content-type': 'text/yaml' });
      res.end(
        [
          'version: 0.2.0',
          'files:',
          `  - url: ${file}`,
          `    sha512: ${digest.toString('base64')}`,
          `    size: ${newer.length}`,
          `    stationSignature: ${signature}`,
          `path: ${file}`,
          `sha512: ${digest.toString('base64')}`,
          "releaseDate: '2026-11-20T10:00:00.000Z'",
        ].join('\n'),
      );
    } else if (req.url?.startsWith('/station/Fulfillment-Station')) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': newer.length });
      res.end(newer);
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    feed.listen(0, '127.0.0.1', () => {
      feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/station`;
      resolve();
    }),
  );
}

function start(make: (trust: UpdateTrust) => StationUpdater, acceptUnsigned = false) {
  return startUpdates({
    feed: feedUrl,
    log: createLogger({ scope: 'updates', write: (line) => lines.push(line) }),
    acceptUnsigned,
    updateKey: ourKeys.publicKey,
    makeUpdater: (trust) => {
      const updater = make(trust);
      updater.updateConfigPath = join(dir, 'app-update.yml');
      return updater;
    },
    clock: stillClock,
  });
}

beforeEach(async () => {
  resetElectron();
  await electron.app.becomeReady();
  dir = await mkdtemp(join(tmpdir(), 'station-updates-os-'));
  vi.stubEnv('XDG_CACHE_HOME', join(dir, 'cache'));
  vi.stubEnv('LOCALAPPDATA', join(dir, 'cache'));
  signature = signDigest(digest, ourKeys.privateKey);
  lines = [];
  await serve();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => feed.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('Windows: an installer signed by the configured publisher', () => {
  const config = (publisher: string | null) =>
    writeFileSync(
      join(dir, 'app-update.yml'),
      `provider: generic\nupdaterCacheDirName: fulfillment-station-updater\n${publisher ? `publisherName:\n  - ${publisher}\n` : ''}`,
    );
  /** PowerShell's Get-AuthenticodeSignature, as a stand-in: which publisher signed the file, or none. */
  const authenticode = (signer: string | null) => async (publishers: string[]) =>
    signer && publishers.includes(signer)
      ? null
      : `not signed by ${publishers.join(', ')} (signer: ${signer ?? 'none'})`;
  let ran: boolean[];
  const nsis = (signer: string | null) => (trust: UpdateTrust) =>
    new StationNsisUpdater(trust, authenticode(signer), (options) => ran.push(options.isForceRunAfter) > 0);
  beforeEach(() => {
    ran = [];
  });

  it('installs one whose Authenticode signature names the configured publisher', async () => {
    config('Example Pharmacy Software Ltd');
    const updates = start(nsis('Example Pharmacy Software Ltd'));
    await expect.poll(() => updates.state().status).toBe('ready');
    updates.onSignedOut(station);
    expect(ran).toEqual([true]);
  });

  it('refuses one signed by someone else, before it is ever ready', async () => {
    config('Example Pharmacy Software Ltd');
    const updates = start(nsis('Someone Else'));
    await expect.poll(() => updates.state().status).toBe('failed');
    expect(updates.state().problem).toContain('is not signed by the application owner');
    updates.onSignedOut(station);
    expect(ran).toEqual([]);
  });

  it('refuses any update to a build that names no publisher, unless the policy accepts unsigned updates', async () => {
    config(null);
    const refused = start(nsis(null));
    await expect.poll(() => refused.state().status).toBe('failed');
    expect(refused.state().problem).toContain(
      'its Authenticode signature was not verified against a configured publisherName',
    );
    expect(ran).toEqual([]);
    const accepted = start(nsis(null), true);
    await expect.poll(() => accepted.state().status).toBe('ready');
    accepted.onSignedOut(station);
    expect(ran).toEqual([true]);
    expect(lines.some((line) => line.includes('the policy accepts it'))).toBe(true);
  });
});

describe('macOS: the zip, signed by our key, installed through MacUpdater’s own quitAndInstall', () => {
  beforeEach(() =>
    writeFileSync(join(dir, 'app-update.yml'), 'provider: generic\nupdaterCacheDirName: fulfillment-station-updater\n'),
  );
  const mac = (trust: UpdateTrust) => new StationMacUpdater(trust);

  it('hands the verified zip to Squirrel.Mac, which installs it when the person signs out', async () => {
    const updates = start(mac);
    await expect.poll(() => updates.state().status).toBe('ready');
    await expect.poll(() => electron.autoUpdater.fetched).toEqual([newer.length]);
    updates.onSignedOut(station);
    expect(electron.autoUpdater.quitAndInstall).toHaveBeenCalledTimes(1);
  });

  it('refuses a zip whose signature our key did not make: Squirrel never sees it', async () => {
    signature = signDigest(digest, otherKeys.privateKey);
    const updates = start(mac);
    await expect.poll(() => updates.state().status).toBe('failed');
    expect(updates.state().problem).toContain('its signature does not verify');
    updates.onSignedOut(station);
    expect(electron.autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    expect(electron.autoUpdater.quitAndInstall).not.toHaveBeenCalled();
  });
});
