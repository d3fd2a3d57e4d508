// electron-updater's updaters, each refusing an update not from us before it installs. electron-updater checks only
// the sha512 its feed lists; here Linux's deb and macOS's zip must carry a signature the update key built into the app
// verifies (main/platform/updates/update-signature.ts), checked when the download ends and the file hashed again right
// before install; Windows' installer must pass the Authenticode check against the configured publisherName (refused
// when the build names none, unless the policy accepts unsigned updates). A refused download never reaches 'ready'.
// The Linux install runs detached, never on the main thread, and root installs a copy whose sha512 it checks itself.
import { spawn } from 'node:child_process';
import type { KeyObject } from 'node:crypto';
import { autoUpdater as squirrel } from 'electron';
import electronUpdater, { type UpdateDownloadedEvent, type VerifyUpdateCodeSignature } from 'electron-updater';
import type { DownloadUpdateOptions } from 'electron-updater/out/AppUpdater.js';
import type { InstallOptions } from 'electron-updater/out/BaseUpdater.js';
import { sha512OfFile, whyNotSignedByUs } from '../../platform/updates/update-signature.ts';

export interface UpdateTrust {
  /** The Ed25519 update key built into the app (Linux, macOS); null when the build has none. */
  key: KeyObject | null;
  /** The policy accepts a Windows update the build cannot check (no publisherName). */
  acceptUnsigned: boolean;
}

/** The updater the station drives (update-checks.ts), on whichever platform. */
export type StationUpdater = StationDebUpdater | StationNsisUpdater | StationMacUpdater;

/** A refusal: the download or install stops with this error, logged and shown to admins. */
export class UpdateRefused extends Error {
  override readonly name = 'UpdateRefused';
  constructor(reason: string) {
    super(`The update was refused: ${reason}.`);
  }
}

/** Why the download that is ending was refused (null: it was not), set as it is dispatched, acted on as it ends. */
class DownloadRefusal {
  reason: string | null = null;

  /**
   * The download's result unless it was refused: then it is dropped, never kept (`clear`), so the next check downloads
   * the file again rather than offering the refused one, and the download fails.
   */
  async settle<T>(download: Promise<T>, clear: () => Promise<void> | undefined): Promise<T> {
    const result = await download;
    if (!this.reason) return result;
    await clear();
    throw new UpdateRefused(this.reason);
  }
}

/** As root: a copy root owns, its sha512 checked, then installed; dependencies fixed if dpkg needs them. */
export const ROOT_INSTALL =
  'set -e; dir=$(mktemp -d); trap \'rm -rf "$dir"\' EXIT; cp -- "$1" "$dir/update.deb"; ' +
  'echo "$2  $dir/update.deb" | sha512sum -c --status; dpkg -i "$dir/update.deb" || apt-get install -f -y';
/** As the user: asks polkit for an administrator, then starts the app again when asked to. */
const USER_INSTALL =
  'pkexec --disable-internal-agent /bin/sh -c "$1" station-update "$2" "$3" && [ -n "$4" ] && exec "$4"';

export interface DebInstall {
  file: string;
  sha512Hex: string;
  relaunch: string | null;
}

/** The OS step of a deb install: detached from the app, which quits while it runs. */
export function startDetachedDebInstall({ file, sha512Hex, relaunch }: DebInstall): void {
  spawn('/bin/sh', ['-c', USER_INSTALL, 'station-update', ROOT_INSTALL, file, sha512Hex, relaunch ?? ''], {
    detached: true,
    stdio: 'ignore',
  }).unref();
}

/** The deb: signed by our key, installed by a detached pkexec. */
export class StationDebUpdater extends electronUpdater.DebUpdater {
  private readonly refusal = new DownloadRefusal();
  private listed: UpdateDownloadedEvent['files'] = [];
  private readonly trust: UpdateTrust;
  private readonly startInstall: (install: DebInstall) => void;

  constructor(trust: UpdateTrust, startInstall: (install: DebInstall) => void = startDetachedDebInstall) {
    super();
    this.trust = trust;
    this.startInstall = startInstall;
  }

  protected override dispatchUpdateDownloaded(event: UpdateDownloadedEvent): void {
    this.refusal.reason = whyNotSignedByUs(event.downloadedFile, event.files, this.trust.key).refused;
    this.listed = event.files;
    if (!this.refusal.reason) super.dispatchUpdateDownloaded(event);
  }

  protected override doDownloadUpdate(options: DownloadUpdateOptions) {
    return this.refusal.settle(super.doDownloadUpdate(options), () => this.downloadedUpdateHelper?.clear());
  }

  protected override doInstall(options: InstallOptions): boolean {
    const file = this.downloadedUpdateHelper?.file ?? null;
    const { refused, sha512 } = file ? whyNotSignedByUs(file, this.listed, this.trust.key) : NOTHING;
    if (refused || !file || !sha512) return this.refuseInstall(refused ?? NOTHING.refused);
    const relaunch = options.isForceRunAfter ? process.execPath : null;
    this.startInstall({ file, sha512Hex: sha512.toString('hex'), relaunch });
    return true;
  }

  /** Installs the downloaded, verified update; `restart` starts the app again after. */
  installUpdate(restart: boolean): boolean {
    return this.install(true, restart);
  }

  private refuseInstall(reason: string): boolean {
    this.dispatchError(new UpdateRefused(reason));
    void this.downloadedUpdateHelper?.clear();
    // A refused install must not stop a later, good one: electron-updater would otherwise ignore every next install.
    this.quitAndInstallCalled = false;
    return false;
  }
}

const NOTHING = { refused: 'nothing was downloaded', sha512: null };

/** The NSIS installer: Authenticode-checked (electron-updater's PowerShell check, or the test's stand-in). */
export class StationNsisUpdater extends electronUpdater.NsisUpdater {
  /** The sha512 (base64) of each file whose Authenticode signature verified in this run. */
  private readonly verified = new Set<string>();
  private readonly refusal = new DownloadRefusal();
  private readonly trust: UpdateTrust;
  private readonly runInstaller: ((options: InstallOptions) => boolean) | undefined;

  /** `osVerify` and `runInstaller` replace the OS steps (PowerShell's check, the installer) in tests only. */
  constructor(
    trust: UpdateTrust,
    osVerify?: VerifyUpdateCodeSignature,
    runInstaller?: (options: InstallOptions) => boolean,
  ) {
    super();
    this.trust = trust;
    this.runInstaller = runInstaller;
    const check = osVerify ?? this.verifyUpdateCodeSignature;
    this.verifyUpdateCodeSignature = async (publisherNames, file) => {
      const problem = await check(publisherNames, file);
      if (problem === null) this.verified.add(sha512OfFile(file).toString('base64'));
      return problem;
    };
  }

  /** Null when `file` verified in this run, or the policy accepts a build that names no publisher. */
  private whyNot(file: string): string | null {
    if (this.verified.has(sha512OfFile(file).toString('base64'))) return null;
    if (this.trust.acceptUnsigned) {
      this._logger.warn('installing an update whose Authenticode signature was not checked: the policy accepts it');
      return null;
    }
    return 'its Authenticode signature was not verified against a configured publisherName (see docs/it-guide.md)';
  }

  protected override dispatchUpdateDownloaded(event: UpdateDownloadedEvent): void {
    this.refusal.reason = this.whyNot(event.downloadedFile);
    if (!this.refusal.reason) super.dispatchUpdateDownloaded(event);
  }

  protected override doDownloadUpdate(options: DownloadUpdateOptions) {
    return this.refusal.settle(super.doDownloadUpdate(options), () => this.downloadedUpdateHelper?.clear());
  }

  protected override doInstall(options: InstallOptions): boolean {
    const file = this.downloadedUpdateHelper?.file;
    const refused = file ? this.whyNot(file) : NOTHING.refused;
    if (refused) {
      this.dispatchError(new UpdateRefused(refused));
      void this.downloadedUpdateHelper?.clear();
      this.quitAndInstallCalled = false;
      return false;
    }
    return this.runInstaller ? this.runInstaller(options) : super.doInstall(options);
  }

  installUpdate(restart: boolean): boolean {
    return this.install(true, restart);
  }
}

/**
 * The macOS zip: signed by our key, then handed at once to Squirrel.Mac (electron's autoUpdater), which stages it from
 * electron-updater's local server, so that at quit quitAndInstall() has it ready and the app need not wait; hashed
 * again before quitAndInstall(). Squirrel.Mac itself checks the new app's code signature against the running one's.
 */
export class StationMacUpdater extends electronUpdater.MacUpdater {
  private readonly refusal = new DownloadRefusal();
  private listed: UpdateDownloadedEvent['files'] = [];
  private readonly trust: UpdateTrust;

  constructor(trust: UpdateTrust) {
    super();
    this.trust = trust;
  }

  protected override dispatchUpdateDownloaded(event: UpdateDownloadedEvent): void {
    this.refusal.reason = whyNotSignedByUs(event.downloadedFile, event.files, this.trust.key).refused;
    this.listed = event.files;
    if (this.refusal.reason) return;
    super.dispatchUpdateDownloaded(event);
    squirrel.checkForUpdates();
  }

  protected override doDownloadUpdate(options: DownloadUpdateOptions) {
    return this.refusal.settle(super.doDownloadUpdate(options), () => this.downloadedUpdateHelper?.clear());
  }

  /** Hands the verified zip to Squirrel.Mac, which installs it as the app quits (and starts it again). */
  installUpdate(restart: boolean): boolean {
    this.autoRunAppAfterInstall = restart;
    const file = this.downloadedUpdateHelper?.file;
    const refused = file ? whyNotSignedByUs(file, this.listed, this.trust.key).refused : NOTHING.refused;
    if (refused) {
      this.dispatchError(new UpdateRefused(refused));
      void this.downloadedUpdateHelper?.clear();
      return false;
    }
    this.quitAndInstall();
    return true;
  }
}
