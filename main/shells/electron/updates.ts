// The app's updates with electron-updater from the feed the machine policy names (its generic provider), with its own
// download and install on quit turned off: main/platform/updates/update-checks.ts checks, downloads, and decides when
// the update may install (at quit or sign-out, never during a verification run or with task writes waiting); the
// updaters (updaters.ts) refuse one not signed by us. electron-updater's own lines go to the station's log.
import type { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AuthInfo, app } from 'electron';
import type { Logger } from '../../platform/log/logger.ts';
import {
  createUpdateChecks,
  type UpdateChecks,
  type UpdateClock,
  updatesOff,
} from '../../platform/updates/update-checks.ts';
import { updateKeyFromPem } from '../../platform/updates/update-signature.ts';
import type { Station } from '../../station/station.ts';
import {
  StationDebUpdater,
  StationMacUpdater,
  StationNsisUpdater,
  type StationUpdater,
  type UpdateTrust,
} from './updaters.ts';

export interface AppUpdates extends Pick<UpdateChecks, 'state' | 'stop'> {
  /** At quit, before the station closes: whether the update may install, decided from the station's pending work. */
  decideAtQuit(station: Station): boolean;
  /** After the station closed: installs what decideAtQuit allowed (the app is quitting; no restart). */
  installDecided(): void;
  /** Signed out: installs a ready update and starts the app again, when nothing waits. */
  onSignedOut(station: Station): void;
}

/** The update key `npm run package` built into the app (scripts/update-signing.ts); null when it built none. */
export function pinnedUpdateKey(appPath = app.getAppPath()) {
  try {
    return updateKeyFromPem(readFileSync(join(appPath, 'out', 'update-key.pem'), 'utf8'));
  } catch {
    return null;
  }
}

/** The updater for this platform: NSIS, the macOS zip, or the deb (named by resources/package-type); null: none. */
export function platformUpdater(trust: UpdateTrust, platform = process.platform): StationUpdater | null {
  if (platform === 'win32') return new StationNsisUpdater(trust);
  if (platform === 'darwin') return new StationMacUpdater(trust);
  try {
    const type = readFileSync(join(process.resourcesPath, 'package-type'), 'utf8').trim();
    return type === 'deb' ? new StationDebUpdater(trust) : null;
  } catch {
    return null;
  }
}

export function startUpdates(options: {
  feed: string | undefined;
  log: Logger;
  /** The policy accepts Windows updates the build cannot check (acceptUnsignedUpdates). */
  acceptUnsigned?: boolean;
  /** The update key; the one built into the app unless a test gives its own. */
  updateKey?: KeyObject | null;
  makeUpdater?: (trust: UpdateTrust) => StationUpdater | null;
  clock?: UpdateClock;
  /** A proxy asking electron-updater's own requests for a password (main/shells/electron/proxy-login.ts). */
  proxyLogin?: (authInfo: AuthInfo, callback: (username?: string, password?: string) => void) => void;
}): AppUpdates {
  const { log } = options;
  const version = app.getVersion();
  const offReason = !options.feed
    ? "No update feed: your pharmacy's IT sets updateFeedUrl in the machine policy."
    : !app.isPackaged
      ? 'Updates apply to the installed app only.'
      : null;
  const off = (reason: string): AppUpdates => {
    const state = updatesOff(version, reason, options.feed ?? null);
    return {
      state: () => state,
      stop: () => {},
      decideAtQuit: () => false,
      installDecided: () => {},
      onSignedOut() {},
    };
  };
  if (offReason || !options.feed) return off(offReason ?? '');
  const key = options.updateKey === undefined ? pinnedUpdateKey() : options.updateKey;
  const trust: UpdateTrust = { key, acceptUnsigned: options.acceptUnsigned === true };
  const updater = (options.makeUpdater ?? platformUpdater)(trust);
  if (!updater) return off('This installation updates through its package manager (apt: docs/it-guide.md).');
  const line = (message: unknown) => ({ line: String(message).slice(0, 500) });
  updater.logger = {
    info: (message) => log.info('electron-updater', line(message)),
    warn: (message) => log.warn('electron-updater', line(message)),
    error: (message) => log.error('electron-updater', line(message)),
  };
  // Downloaded, verified and installed when the station decides, never on electron-updater's own.
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  updater.disableWebInstaller = true;
  updater.setFeedURL({ provider: 'generic', url: options.feed });
  // Its requests go through a session of its own: a proxy's challenge comes to the updater, not to the app.
  const { proxyLogin } = options;
  // electron-updater types the callback with both arguments; Electron's takes none to cancel (client-request.md).
  if (proxyLogin)
    updater.on('login', (authInfo, callback) => proxyLogin(authInfo, callback as (u?: string, p?: string) => void));
  const checks = createUpdateChecks({
    updater,
    feed: options.feed,
    version,
    log,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  checks.start();
  let decided = false;
  return {
    state: checks.state,
    stop: checks.stop,
    decideAtQuit(station) {
      if (checks.state().status !== 'ready') return false;
      const pending = station.pendingWork();
      decided = pending.verificationRuns === 0 && pending.waitingWrites === 0;
      if (!decided) checks.installIfAllowed(pending, false);
      return decided;
    },
    installDecided() {
      if (decided) checks.installIfAllowed({ verificationRuns: 0, waitingWrites: 0 }, false);
    },
    onSignedOut(station) {
      if (checks.state().status !== 'ready') return;
      if (checks.installIfAllowed(station.pendingWork(), true)) app.quit();
    },
  };
}
