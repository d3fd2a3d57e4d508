// When the station checks its update feed, downloads what it finds (electron-updater's own download is off), what it
// tells an admin, and when a downloaded, verified update may install. The download, its sha512 and the signature
// checks are the updater's (main/shells/electron/updaters.ts); this file decides the rest, with an injected clock so
// the tests never wait. A refused or failed install is shown and logged, and the checks go on.
import type { UpdateState } from '../../../contract/ipc/updates.ts';
import type { Logger } from '../log/logger.ts';
import { redactText } from '../log/redact.ts';

/** What the station uses of its updater (electron-updater's, verifying: main/shells/electron/updaters.ts). */
export interface Updater {
  checkForUpdates(): Promise<{ isUpdateAvailable: boolean } | null>;
  downloadUpdate(): Promise<unknown>;
  on(event: 'update-available' | 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** Installs the downloaded update once verified again; `restart` starts the app again after. False: refused. */
  installUpdate(restart: boolean): boolean;
}

export interface UpdateClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;
/** After a failure: tried again after 5, 15, then 60 minutes, then at the usual interval. */
export const RETRY_AFTER_MS = [5 * 60 * 1000, 15 * 60 * 1000, 60 * 60 * 1000] as const;

export interface PendingWork {
  verificationRuns: number;
  waitingWrites: number;
}

export interface UpdateChecks {
  state(): UpdateState;
  /** Checks now, then keeps checking. */
  start(): void;
  /** At quit or sign-out: installs a ready update unless a verification run or task writes wait. */
  installIfAllowed(pending: PendingWork, restart: boolean): boolean;
  stop(): void;
}

export const realClock: UpdateClock = {
  now: Date.now,
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export function updatesOff(version: string, offReason: string, feed: string | null = null): UpdateState {
  const none = { available: null, checkedAt: null, problem: null, installWaitsFor: null };
  return { version, feed, status: 'off', offReason, ...none };
}

export function createUpdateChecks(options: {
  updater: Updater;
  feed: string;
  version: string;
  log: Pick<Logger, 'info' | 'warn'>;
  clock?: UpdateClock;
}): UpdateChecks {
  const { updater, log } = options;
  const clock = options.clock ?? realClock;
  let state: UpdateState = { ...updatesOff(options.version, ''), feed: options.feed, status: 'idle', offReason: null };
  let timer: unknown = null;
  let failures = 0;
  let stopped = false;
  let lastError: string | null = null;
  const sentence = (error: unknown) =>
    redactText(error instanceof Error ? error.message : String(error))
      .split('\n')[0]
      ?.slice(0, 300) ?? '';
  const set = (change: Partial<UpdateState>) => {
    state = { ...state, ...change };
  };

  updater.on('update-available', (info) => set({ status: 'downloading', available: info.version }));
  updater.on('update-downloaded', (info) => {
    set({ status: 'ready', available: info.version, problem: null });
    log.info('an update was downloaded and verified; it installs at quit or sign-out', { version: info.version });
  });
  updater.on('error', (error) => {
    lastError = sentence(error);
  });

  function schedule(ms: number) {
    if (stopped) return;
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => void check(), ms);
  }

  async function check(): Promise<void> {
    timer = null;
    if (stopped || state.status === 'ready') return;
    set({ status: 'checking' });
    try {
      const result = await updater.checkForUpdates();
      if (result?.isUpdateAvailable) await updater.downloadUpdate();
      failures = 0;
      set({ checkedAt: new Date(clock.now()).toISOString(), problem: null });
      if (state.status === 'checking') set({ status: 'idle', available: null });
      schedule(CHECK_EVERY_MS);
    } catch (error) {
      const problem = sentence(error);
      // Quiet: one log line per run of failures, nothing on screen but the admin's update state.
      if (failures === 0) log.warn('the update check failed; it is tried again later', { feed: options.feed, problem });
      set({ status: 'failed', problem });
      schedule(RETRY_AFTER_MS[failures] ?? CHECK_EVERY_MS);
      failures += 1;
    }
  }

  return {
    state: () => state,
    start: () => void check(),
    installIfAllowed(pending, restart) {
      if (state.status !== 'ready') return false;
      const waitsFor =
        pending.verificationRuns > 0 ? 'verification_run' : pending.waitingWrites > 0 ? 'task_writes' : null;
      set({ installWaitsFor: waitsFor });
      if (waitsFor) {
        log.info('the downloaded update waits: it does not install now', { waitsFor, version: state.available });
        return false;
      }
      log.info('installing the downloaded update', { version: state.available, restart });
      lastError = null;
      if (updater.installUpdate(restart)) return true;
      const problem = lastError ?? 'the update did not install';
      log.warn('the update did not install; the feed is checked again later', { version: state.available, problem });
      set({ status: 'failed', problem, installWaitsFor: null });
      schedule(RETRY_AFTER_MS[0]);
      return false;
    },
    stop() {
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
    },
  };
}
