// Updates with the real electron-updater (the station's DebUpdater, generic provider) against a feed served over
// loopback, on the stand-in Electron (its net.request is real HTTP): a newer version is downloaded, its sha512 and its
// signature checked, then installed at quit; a wrong checksum or a signature our key did not make is refused, and a
// file swapped in the cache after the download is refused at install, the checks going on; a feed that is down is tried
// again quietly; nothing installs during a verification run or with task writes waiting. Only the OS step (the
// detached pkexec dpkg) is recorded instead of run.

import { spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire, Module } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { CHECK_EVERY_MS, RETRY_AFTER_MS, type UpdateClock } from '../../../../main/platform/updates/update-checks.ts';
import { signDigest } from '../../../../main/platform/updates/update-signature.ts';
import { type DebInstall, ROOT_INSTALL, StationDebUpdater } from '../../../../main/shells/electron/updaters.ts';
import { type AppUpdates, startUpdates } from '../../../../main/shells/electron/updates.ts';
import type { Station } from '../../../../main/station/station.ts';
import { electron, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);
// electron-updater is CommonJS and require()s 'electron' itself: it gets the same stand-in.
const require = createRequire(import.meta.url);
const electronId = require.resolve('electron', { paths: [require.resolve('electron-updater')] });
// A loaded module of its own in require's cache, whose exports are the stand-in.
const standIn = new Module(electronId);
standIn.filename = electronId;
standIn.loaded = true;
standIn.exports = electron;
require.cache[electronId] = standIn;

/** The station's deb updater; only its OS step (the detached pkexec dpkg -i) is recorded, not run. */
class RecordingDebUpdater extends StationDebUpdater {
  installed: { file: string; sha512: string; restart: boolean }[] = [];
  constructor(key: KeyObject) {
    super({ key, acceptUnsigned: false }, (install: DebInstall) => {
      // What root would install: the sha512 it is told to check, and the file's own as it is now.
      const now = createHash('sha512').update(readFileSync(install.file)).digest('hex');
      expect(now).toBe(install.sha512Hex);
      this.installed.push({
        file: install.file,
        sha512: Buffer.from(install.sha512Hex, 'hex').toString('base64'),
        restart: install.relaunch !== null,
      });
    });
  }
}

const ourKeys = generateKeyPairSync('ed25519');
const otherKeys = generateKeyPairSync('ed25519');

/** A clock whose timers run when the test says. */
function manualClock() {
  let now = Date.parse('2026-11-27T09:00:00Z');
  const timers: { at: number; run: () => void }[] = [];
  const clock: UpdateClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const at = timers.indexOf(handle as (typeof timers)[number]);
      if (at >= 0) timers.splice(at, 1);
    },
  };
  return {
    clock,
    /** The delay of the one pending timer. */
    pending: () => timers.map((t) => t.at - now),
    advance(ms: number) {
      now += ms;
      for (const due of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(due), 1);
        due.run();
      }
    },
  };
}

const newer = randomBytes(64 * 1024);
const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('base64');
let dir: string;
let feed: Server;
let feedUrl: string;
let listedSha512: string;
/** The signature the feed lists beside the file (made by our key unless a test says otherwise). */
let listedSignature: string;
let feedRequests: string[];
let warnings: string[];
/** When set, the feed sits behind a proxy that wants these credentials (407 until it gets them). */
let proxyCredentials: string | null;

function serveFeed(port = 0): Promise<void> {
  feed = createServer((req, res) => {
    if (proxyCredentials && req.headers['proxy-authorization'] !== `Basic ${btoa(proxyCredentials)}`) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="Pharmacy proxy"' }).end();
      return;
    }
    feedRequests.push(req.url ?? '');
    if (req.url?.startsWith('/station/latest-linux.yml')) {
      res.writeHead(200, { 'content-type': 'text/yaml' });
      res.end(
        [
          'version: 0.2.0',
          'files:',
          '  - url: fulfillment-station_0.2.0_amd64.deb',
          `    sha512: ${listedSha512}`,
          `    size: ${newer.length}`,
          `    stationSignature: ${listedSignature}`,
          'path: fulfillment-station_0.2.0_amd64.deb',
          `sha512: ${listedSha512}`,
          "releaseDate: '2026-11-20T10:00:00.000Z'",
        ].join('\n'),
      );
    } else if (req.url === '/station/fulfillment-station_0.2.0_amd64.deb') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': newer.length });
      res.end(newer);
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    feed.listen(port, '127.0.0.1', () => {
      feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/station`;
      resolve();
    }),
  );
}

const proxyAsked: { host: string; realm: string }[] = [];
function start(clock: UpdateClock): { updates: AppUpdates; updater: RecordingDebUpdater } {
  const updater = new RecordingDebUpdater(ourKeys.publicKey);
  updater.updateConfigPath = join(dir, 'app-update.yml');
  const updates = startUpdates({
    feed: feedUrl,
    log: createLogger({ scope: 'updates', write: (line) => warnings.push(line) }),
    updateKey: ourKeys.publicKey,
    makeUpdater: () => updater,
    clock,
    proxyLogin: (authInfo, callback) => {
      proxyAsked.push({ host: authInfo.host, realm: authInfo.realm });
      callback('pharm', 'proxy-pw');
    },
  });
  return { updates, updater };
}

const station = (verificationRuns: number, waitingWrites: number) =>
  ({ pendingWork: () => ({ verificationRuns, waitingWrites }) }) as unknown as Station;

beforeEach(async () => {
  resetElectron();
  // The updates start once the app is ready (app.ts), and electron-updater waits for it too.
  await electron.app.becomeReady();
  dir = await mkdtemp(join(tmpdir(), 'station-updates-'));
  vi.stubEnv('XDG_CACHE_HOME', join(dir, 'cache'));
  writeFileSync(join(dir, 'app-update.yml'), 'provider: generic\nupdaterCacheDirName: fulfillment-station-updater\n');
  listedSha512 = sha512(newer);
  listedSignature = signDigest(createHash('sha512').update(newer).digest(), ourKeys.privateKey);
  feedRequests = [];
  warnings = [];
  proxyCredentials = null;
  proxyAsked.length = 0;
  await serveFeed();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => feed.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('updates from the pharmacy’s feed', () => {
  it('downloads a newer version in the background, checks its sha512, and installs it at quit', async () => {
    const { clock, pending } = manualClock();
    const { updates, updater } = start(clock);
    await expect.poll(() => updates.state().status).toBe('ready');
    expect(updates.state()).toMatchObject({ version: '0.1.0', feed: feedUrl, available: '0.2.0', problem: null });
    expect(feedRequests).toContain('/station/fulfillment-station_0.2.0_amd64.deb');
    expect(updater.installed).toEqual([]);
    // The re-check is scheduled once the check call returns, a moment after the download event set "ready".
    await expect.poll(() => pending()).toEqual([CHECK_EVERY_MS]);
    // The quit: decided while the station still runs, installed once it has closed, without a restart.
    expect(updates.decideAtQuit(station(0, 0))).toBe(true);
    expect(updater.installed).toEqual([]);
    updates.installDecided();
    expect(updater.installed).toEqual([expect.objectContaining({ sha512: sha512(newer), restart: false })]);
  });

  it('refuses a download whose sha512 is not the one the feed lists, and installs nothing', async () => {
    listedSha512 = sha512(Buffer.from('another build'));
    const { clock } = manualClock();
    const { updates, updater } = start(clock);
    await expect.poll(() => updates.state().status).toBe('failed');
    expect(updates.state().problem).toMatch(/sha512 checksum mismatch/);
    expect(updates.decideAtQuit(station(0, 0))).toBe(false);
    updates.installDecided();
    expect(updater.installed).toEqual([]);
  });

  it('refuses an update whose signature our key did not make, installs nothing, and logs electron-updater’s lines', async () => {
    listedSignature = signDigest(createHash('sha512').update(newer).digest(), otherKeys.privateKey);
    const time = manualClock();
    const { updates, updater } = start(time.clock);
    await expect.poll(() => updates.state().status).toBe('failed');
    expect(updates.state().problem).toBe(
      'The update was refused: its signature does not verify with the update key built into this app.',
    );
    expect(updates.decideAtQuit(station(0, 0))).toBe(false);
    updates.installDecided();
    expect(updater.installed).toEqual([]);
    expect(warnings.some((line) => line.includes('electron-updater') && line.includes('0.2.0'))).toBe(true);
    // The refused file is not kept: the next check downloads it again rather than offering it.
    const pending = join(dir, 'cache', 'fulfillment-station-updater', 'pending');
    expect(existsSync(pending) ? readdirSync(pending) : []).toEqual([]);
    // Checked again later, and refused again: nothing is ever ready.
    expect(time.pending()).toEqual([RETRY_AFTER_MS[0]]);
  });

  it('refuses a feed that lists no signature', async () => {
    listedSignature = '';
    const { clock } = manualClock();
    const { updates } = start(clock);
    await expect.poll(() => updates.state().status).toBe('failed');
    expect(updates.state().problem).toContain('the feed lists no signature for this update');
  });

  it('hashes the file again right before install: one swapped in the cache is refused, and the checks go on', async () => {
    const time = manualClock();
    const { updates, updater } = start(time.clock);
    await expect.poll(() => updates.state().status).toBe('ready');
    const [file] = await updater.downloadUpdate();
    writeFileSync(file as string, Buffer.concat([newer, Buffer.from('#!/bin/sh\n')]));
    updates.onSignedOut(station(0, 0));
    expect(updater.installed).toEqual([]);
    expect(electron.app.quit).not.toHaveBeenCalled();
    expect(updates.state()).toMatchObject({
      status: 'failed',
      problem: 'The update was refused: the file is no longer the one the feed lists (changed after the download).',
    });
    expect(time.pending()).toEqual([RETRY_AFTER_MS[0]]);
    // The next check downloads it again (the cached copy no longer matches the feed) and it installs.
    time.advance(RETRY_AFTER_MS[0]);
    await expect.poll(() => updates.state().status).toBe('ready');
    updates.onSignedOut(station(0, 0));
    expect(updater.installed).toEqual([expect.objectContaining({ sha512: sha512(newer), restart: true })]);
  });

  it('tries a feed that is down again later, quietly (one log line), and gets the update once it answers', async () => {
    const { port } = feed.address() as AddressInfo;
    await new Promise((resolve) => feed.close(resolve));
    const time = manualClock();
    const { updates } = start(time.clock);
    await expect.poll(() => updates.state().status).toBe('failed');
    expect(updates.state().problem).toContain('ERR_CONNECTION_REFUSED');
    expect(time.pending()).toEqual([RETRY_AFTER_MS[0]]);
    time.advance(RETRY_AFTER_MS[0]);
    await expect.poll(() => time.pending()).toEqual([RETRY_AFTER_MS[1]]);
    expect(warnings.filter((line) => line.includes('the update check failed'))).toHaveLength(1);
    await serveFeed(port);
    time.advance(RETRY_AFTER_MS[1]);
    await expect.poll(() => updates.state().status).toBe('ready');
  });

  it('does not install during a verification run or while task writes wait, at quit or at sign-out', async () => {
    const { clock } = manualClock();
    const { updates, updater } = start(clock);
    await expect.poll(() => updates.state().status).toBe('ready');
    expect(updates.decideAtQuit(station(1, 0))).toBe(false);
    expect(updates.state().installWaitsFor).toBe('verification_run');
    updates.onSignedOut(station(0, 2));
    expect(updates.state().installWaitsFor).toBe('task_writes');
    updates.installDecided();
    expect(updater.installed).toEqual([]);
    expect(electron.app.quit).not.toHaveBeenCalled();
    // Nothing waits any more: signing out installs and starts the app again.
    updates.onSignedOut(station(0, 0));
    expect(updater.installed).toEqual([expect.objectContaining({ restart: true })]);
    expect(electron.app.quit).toHaveBeenCalled();
  });

  it('behind a proxy that asks for a password, its own requests get the proxy sign-in and go on', async () => {
    proxyCredentials = 'pharm:proxy-pw';
    const { clock } = manualClock();
    const { updates } = start(clock);
    await expect.poll(() => updates.state().status).toBe('ready');
    expect(proxyAsked[0]).toEqual({ host: '127.0.0.1', realm: 'Pharmacy proxy' });
  });

  it('is off without a feed in the machine policy, and in an app that is not installed', () => {
    expect(startUpdates({ feed: undefined, log: createLogger({ scope: 'u', write: () => {} }) }).state()).toMatchObject(
      { status: 'off', offReason: expect.stringContaining('updateFeedUrl') },
    );
    electron.app.isPackaged = false;
    expect(startUpdates({ feed: feedUrl, log: createLogger({ scope: 'u', write: () => {} }) }).state()).toMatchObject({
      status: 'off',
      offReason: 'Updates apply to the installed app only.',
    });
  });
});

describe('what root runs to install the deb (pkexec’s shell, run here with a recording dpkg)', () => {
  const run = (file: string, sha512Hex: string) => {
    const bin = join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    // The recording dpkg: copies what it was asked to install, so the test reads what root would have installed.
    writeFileSync(join(bin, 'dpkg'), `#!/bin/sh\ncp "$2" "${join(dir, 'installed.deb')}"\n`, { mode: 0o755 });
    return spawnSync('/bin/sh', ['-c', ROOT_INSTALL, 'station-update', file, sha512Hex], {
      env: { PATH: `${bin}:/usr/bin:/bin` },
      encoding: 'utf8',
    });
  };

  it('installs a copy whose sha512 is the verified one, from a path with spaces and quotes', () => {
    const file = join(dir, 'it’s a "pkg" $(id).deb');
    writeFileSync(file, newer);
    const answer = run(file, createHash('sha512').update(newer).digest('hex'));
    expect(answer.status).toBe(0);
    expect(readFileSync(join(dir, 'installed.deb')).equals(newer)).toBe(true);
  });

  it('installs nothing when the file is not the verified one any more', () => {
    const file = join(dir, 'update.deb');
    writeFileSync(file, Buffer.from('swapped'));
    const answer = run(file, createHash('sha512').update(newer).digest('hex'));
    expect(answer.status).not.toBe(0);
    expect(() => readFileSync(join(dir, 'installed.deb'))).toThrow(/ENOENT/);
  });
});
