// What a station is and what it is built from: the types the composition root, its parts and both shells share. A leaf
// module (types only), so the parts can name the options without importing the composition root back.

import type { IpcResult } from '../../contract/ipc.ts';
import type { NotificationPort } from '../events/notify/port.ts';
import type { Logger } from '../platform/log/logger.ts';
import type { LoadedPolicy } from '../platform/policy/policy-file.ts';
import type { PendingWork, UpdateChecks } from '../platform/updates/update-checks.ts';
import type { TrainingProcess } from '../service/backend/training-process.ts';
import type { ConnectivityClock } from '../service/connectivity/connectivity-clock.ts';
import type { SecretStore } from '../service/session/index.ts';
import type { DocumentPrinter } from '../work/print/printer-port.ts';

export interface Station {
  /** Validates `input` against the channel's schema (unknown channel or bad input -> { ok: false, error: { code: 'invalid_input' | 'unknown_channel', ... } }), runs it, answers IpcResult. */
  invoke(channel: string, input: unknown): Promise<IpcResult<unknown>>;
  /** main -> renderer events (names and payloads of contract/ipc.ts stationEvents). Answers an unsubscribe. */
  onEvent(listener: (event: string, payload: unknown) => void): () => void;
  /** The machine woke from sleep: look for missed order changes now and send queued task writes. Never throws. */
  resume(): Promise<void>;
  /** What an update must not interrupt: verifications in progress, task writes not sent yet. */
  pendingWork(): PendingWork;
  close(): Promise<void>;
}

interface CommonStationOptions {
  dataDir: string;
  version: string;
  /** Desktop notifications (Electron's Notification in the app; the browser shell forwards them as events). */
  notifications?: NotificationPort;
  /** Prints documents (the desktop app: main/shells/electron/document-printer.ts); without it the page prints itself. */
  printer?: DocumentPrinter;
  /** Main's clock (ms) for what expires: pharmacists' confirmations, print tickets. Tests move it; default Date.now. */
  now?: () => number;
  /**
   * Main's timers for what asks the service on its own: the poller and connectivity (default the system's). Tests move
   * a manual clock through an idle hour while NATS and the relay keep real time.
   */
  clock?: ConnectivityClock;
  /** The folder of the training drills (resources/drills/ by default); tests pass their own. */
  drillsDir?: string;
  /** Opens an allowlisted URL in the system browser. */
  openExternal?: (url: string) => Promise<boolean>;
  log?: Logger;
  /** Where secrets live; defaults to openSecretStore (the OS keychain, else memory). Tests pass a shared memory store. */
  openSecrets?: (keychainServiceName: string) => Promise<SecretStore>;
  /** Overrides the stored listener port (tests pass 0 for a free one). */
  listenerPort?: number;
  /** The machine policy read at start (main/platform/policy/): its settings win and are locked. None when absent. */
  policy?: LoadedPolicy;
  /** The app's updates (main/shells/electron/updates.ts); the browser shell has none. */
  updates?: Pick<UpdateChecks, 'state'>;
}

/** The browser shell (and tests): the training service as a child Node process and Node's fetch unless given. */
export interface BrowserShellStationOptions extends CommonStationOptions {
  shell: 'browser';
  /** Starts the training service in its own process and answers its URL; the default spawns a child Node process. */
  startTraining?: (dataDir: string) => Promise<TrainingProcess>;
  /** How service calls go out; Node's global fetch by default. */
  fetch?: typeof fetch;
}

/**
 * The desktop shell must say how to start the training service (inside Electron `process.execPath` is the app itself,
 * not Node) and how service calls go out (Chromium's network stack, which honours the system proxy and certificates).
 */
export interface DesktopShellStationOptions extends CommonStationOptions {
  shell: 'electron';
  startTraining: (dataDir: string) => Promise<TrainingProcess>;
  fetch: typeof fetch;
}

export type StationOptions = BrowserShellStationOptions | DesktopShellStationOptions;
