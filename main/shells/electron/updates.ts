// The app's updates with electron-updater from the feed the machine policy names (its generic provider): it downloads
// in the background and checks the sha512 the feed lists; main/platform/updates/update-checks.ts decides when to check and when
// the update may install (at quit or sign-out, never during a verification run or with task writes waiting).
import { type AuthInfo, app } from 'electron';
import electronUpdater, { type AppUpdater, type BaseUpdater } from 'electron-updater';
import type { Logger } from '../../platform/log/logger.ts';
import {
  createUpdateChecks,
  type UpdateChecks,
  type UpdateClock,
  updatesOff,
} from '../../platform/updates/update-checks.ts';
import type { Station } from '../../station/station.ts';

export type StationUpdater = AppUpdater & Pick<BaseUpdater, 'install'>;

export interface AppUpdates extends Pick<UpdateChecks, 'state' | 'stop'> {
  /** At quit, before the station closes: whether the update may install, decided from the station's pending work. */
  decideAtQuit(station: Station): boolean;
  /** After the station closed: installs what decideAtQuit allowed (the app is quitting; no restart). */
  installDecided(): void;
  /** Signed out: installs a ready update and starts the app again, when nothing waits. */
  onSignedOut(station: Station): void;
}

/** electron-updater's updater for this platform (NSIS, dmg, or the deb named by resources/package-type). */
const platformUpdater = () => electronUpdater.autoUpdater as StationUpdater;

export function startUpdates(options: {
  feed: string | undefined;
  log: Logger;
  makeUpdater?: () => StationUpdater;
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
  if (offReason || !options.feed) {
    const state = updatesOff(version, offReason ?? '', options.feed ?? null);
    return {
      state: () => state,
      stop: () => {},
      decideAtQuit: () => false,
      installDecided: () => {},
      onSignedOut: () => {},
    };
  }
  const updater = (options.makeUpdater ?? platformUpdater)();
  updater.logger = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
  updater.autoDownload = true;
  // Installing is decided here, not on electron-updater's own quit handler.
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
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
