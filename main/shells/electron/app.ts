// The app's lifecycle: one instance, the app protocol, guarded contents, the station, the window, IPC, the idle lock.
import { join } from 'node:path';
import {
  app,
  type BrowserWindow,
  ipcMain,
  net,
  powerMonitor,
  protocol,
  session,
  shell,
  utilityProcess,
} from 'electron';
import { isAllowedExternalUrl } from '../../platform/web/external-links.ts';
import { createStation, type Station } from '../../station/station.ts';
import { type AppLog, openAppLog } from './app-log.ts';
import { installAppMenu } from './app-menu.ts';
import { createDocumentPrinter } from './document-printer.ts';
import { guardWebContents, hardenSession } from './guards.ts';
import { startIdleLock } from './idle.ts';
import { forwardStationEvents, registerIpcHandlers } from './ipc.ts';
import { createElectronNotifications } from './notifications.ts';
import { APP_SCHEME } from './origin.ts';
import { withTestPage } from './printer-test-page.ts';
import { APP_SCHEME_PRIVILEGES, rendererRequestHandler } from './protocol.ts';
import { startProxyLogin } from './proxy-prompt.ts';
import { createServiceFetch, SERVICE_PARTITION } from './service-fetch.ts';
import { describeStartFailure, START_FAILURE_URL, type StartFailure, withStartFailurePage } from './start-failure.ts';
import { createUtilityTrainingStarter } from './training-process.ts';
import { type AppUpdates, startUpdates } from './updates.ts';
import { createMainWindow, focusWindow } from './window.ts';
import { gpuOffReason, readPolicyAtStart, warnOfLeftoverPolicyFile } from './workstation.ts';

/** Windows shows notifications only for an app with a user model id; it matches electron-builder.yml's appId. */
export const APP_USER_MODEL_ID = 'local.fulfillment-station.app';
export const PRODUCT_NAME = 'Fulfillment Station';
/** How long quitting waits for the station to close before it goes anyway. */
export const CLOSE_TIMEOUT_MS = 10_000;

export interface BuiltPaths {
  rendererDir: string;
  preloadPath: string;
  trainingCli: string;
}

/** Where the build puts each part, seen from out/main/ (main/shells/electron/vite.electron.config.ts writes them). */
export function builtPaths(mainDir: string): BuiltPaths {
  return {
    rendererDir: join(mainDir, '..', 'renderer'),
    preloadPath: join(mainDir, '..', 'preload', 'preload.cjs'),
    trainingCli: join(mainDir, '..', 'training', 'cli.js'),
  };
}

/** Opens a link in the system browser if it is on the allowlist (checked here too, whoever asks). */
async function openExternal(url: string): Promise<boolean> {
  if (!isAllowedExternalUrl(url)) return false;
  await shell.openExternal(url);
  return true;
}

export interface RunningApp {
  /** The started station (for tests); rejects if it could not start. */
  station: Promise<Station>;
}

export interface StartOptions {
  /** The machine policy file; the OS's place (main/platform/policy/policy-file.ts) unless a test gives another. */
  policyFile?: string;
  /** The app's updates; started from the policy's feed unless a test gives its own. */
  updates?: (feed: string | undefined) => AppUpdates;
}

/**
 * Starts the desktop app. A second copy hands over to the first (which comes to the front) and quits, so two copies
 * never race one refresh token. Answers null in that second copy. The log goes to stderr and to a file in the OS's log
 * folder unless a test passes its own.
 */
export function startApp(paths: BuiltPaths, appLog?: AppLog, options: StartOptions = {}): RunningApp | null {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  const { log, filePath: logFile } = appLog ?? openAppLog({ directory: () => app.getPath('logs') });
  app.setAppUserModelId(APP_USER_MODEL_ID);
  if (process.platform === 'win32' && !app.isPackaged) {
    // Windows shows a toast only for an app whose Start-menu shortcut carries this id, which the installer creates.
    log.info('desktop notifications need the installed app; this run is not installed, so Windows may show none');
  }
  app.enableSandbox();
  // Read before ready: the GPU can only be turned off before then. A bad policy fails the start once ready.
  const policy = readPolicyAtStart(options.policyFile);
  warnOfLeftoverPolicyFile(log);
  const gpuOff = gpuOffReason(policy);
  if (gpuOff) {
    app.disableHardwareAcceleration();
    log.info('hardware acceleration is off', { reason: gpuOff });
  }
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

  let window: BrowserWindow | null = null;
  let failure: StartFailure | null = null;
  const currentWindow = () => window;
  const focus = () => focusWindow(window);

  app.on('second-instance', focus);
  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, { isAllowedExternalUrl, openExternal, log });
  });
  app.on('window-all-closed', () => app.quit());
  // A proxy asking for a password (407) gets it from the keychain or a prompt, instead of the request failing.
  const proxyLogin = startProxyLogin(currentWindow, log);

  let updates: AppUpdates | null = null;
  const station = app.whenReady().then(() => {
    if (!policy.ok) throw policy.error;
    const feed = policy.loaded.policy.updateFeedUrl;
    updates = options.updates
      ? options.updates(feed)
      : startUpdates({
          feed,
          log: log.child('updates'),
          acceptUnsigned: policy.loaded.policy.acceptUnsignedUpdates === true,
          proxyLogin: proxyLogin.answerProxy,
        });
    return createStation({
      shell: 'electron',
      dataDir: app.getPath('userData'),
      version: app.getVersion(),
      // Chromium's network stack on a session of its own: the system proxy, PAC and the OS certificate store apply.
      // A proxy asking for a password is answered as the updater's is, and the call sent again.
      fetch: createServiceFetch((partition) => session.fromPartition(partition), {
        request: (options) => net.request({ ...options, session: session.fromPartition(SERVICE_PARTITION) }),
        answerProxy: proxyLogin.answerProxy,
      }),
      startTraining: createUtilityTrainingStarter({
        fork: (modulePath, args, options) => utilityProcess.fork(modulePath, args, options),
        modulePath: paths.trainingCli,
        log: log.child('training'),
      }),
      notifications: createElectronNotifications(focus, log.child('notify')),
      openExternal,
      // The station window's page prints the open preview's document (its print CSS hides the rest).
      printer: createDocumentPrinter({
        window: currentWindow,
        documentsDir: () => app.getPath('documents'),
        log: log.child('print'),
      }),
      policy: policy.loaded,
      updates,
      log,
    });
  });
  // A failed start replaces the station's screens with one that says what failed and where the log is.
  station.catch((error: unknown) => {
    failure = describeStartFailure(error, logFile);
    log.error('the station could not start', { error: failure.reason, logFile });
    const shown = currentWindow();
    if (shown && !shown.isDestroyed()) void shown.loadURL(START_FAILURE_URL).catch(() => {});
  });

  // Handlers first, so the page may call while the station is still starting: they wait for it.
  registerIpcHandlers({ ipcMain, station: () => station, window: currentWindow, log, logFile });

  const stops: (() => void)[] = [];
  void app.whenReady().then(() => {
    hardenSession(session.defaultSession, log);
    protocol.handle(
      APP_SCHEME,
      proxyLogin.withPrompt(
        withTestPage(withStartFailurePage(rendererRequestHandler(paths.rendererDir), () => failure)),
      ),
    );
    // The machine policy's kiosk mode: full screen, no menu, no developer tools.
    const kiosk = policy.ok && policy.loaded.policy.kioskMode === true;
    installAppMenu(kiosk);
    const created = createMainWindow({
      preloadPath: paths.preloadPath,
      production: app.isPackaged,
      title: PRODUCT_NAME,
      log,
      kiosk,
    });
    window = created;
    created.on('closed', () => {
      window = null;
    });
    if (failure) void created.loadURL(START_FAILURE_URL).catch(() => {});
    station.then(
      (started) => {
        stops.push(forwardStationEvents(started, currentWindow, log));
        // A ready update installs at sign-out (then the app starts again), unless something waits.
        stops.push(
          started.onEvent((event, payload) => {
            if (
              event === 'session.changed' &&
              (payload as { state?: { status?: string } }).state?.status === 'signed_out'
            )
              updates?.onSignedOut(started);
          }),
        );
        const onWindowActivity = (listener: () => void) => {
          const onInput = () => listener();
          created.webContents.on('input-event', onInput);
          return () => {
            if (!created.webContents.isDestroyed()) created.webContents.off('input-event', onInput);
          };
        };
        stops.push(startIdleLock({ powerMonitor, station: started, onWindowActivity, log }).stop);
      },
      () => {},
    );
  });

  // The station closes before the app goes: the outbox and the inbox finish their writes, the training service stops.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    for (const stop of stops.splice(0)) stop();
    updates?.stop();
    const late = new Promise<void>((done) => setTimeout(done, CLOSE_TIMEOUT_MS).unref());
    station
      .then((started) => {
        // Decided while the station still knows its runs and writes; installed once it has closed.
        updates?.decideAtQuit(started);
        return Promise.race([started.close(), late]);
      })
      .catch((error: unknown) => log.error('the station did not close cleanly', { error: String(error) }))
      .finally(() => {
        closed = true;
        // An install that throws must not keep the app from quitting.
        try {
          updates?.installDecided();
        } catch (error) {
          log.error('the update did not install at quit', { error: String(error) });
        }
        app.quit();
      });
  });

  return { station };
}
