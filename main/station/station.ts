// The composition root: wires settings, keychain, session, outbox, events and notifier into one Station both shells use.
import type { IpcResult } from '../../contract/ipc.ts';
import type { Logger } from '../log/logger.ts';
import type { NotificationPort } from '../notify/port.ts';
import type { SecretStore } from '../session/index.ts';
import { createDispatcher } from './dispatch.ts';
import { wireStation } from './wiring.ts';

export interface Station {
  /** Validates `input` against the channel's schema (unknown channel or bad input -> { ok: false, error: { code: 'invalid_input' | 'unknown_channel', ... } }), runs it, answers IpcResult. */
  invoke(channel: string, input: unknown): Promise<IpcResult<unknown>>;
  /** main -> renderer events (names and payloads of contract/ipc.ts stationEvents). Answers an unsubscribe. */
  onEvent(listener: (event: string, payload: unknown) => void): () => void;
  /** The machine woke from sleep: look for missed order changes now and send queued task writes. Never throws. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export interface TrainingProcess {
  url: string;
  stop(): Promise<void>;
}

export interface StationOptions {
  dataDir: string;
  shell: 'electron' | 'browser';
  version: string;
  /** Starts the training service in its own process and answers its URL; the Electron glue passes a utilityProcess-based one, the default spawns a child Node process. */
  startTraining?: (dataDir: string) => Promise<TrainingProcess>;
  /** Desktop notifications (Electron's Notification in the app; the browser shell forwards them as events). */
  notifications?: NotificationPort;
  /** Opens an allowlisted URL in the system browser. */
  openExternal?: (url: string) => Promise<boolean>;
  log?: Logger;
  /** Where secrets live; defaults to openSecretStore (the OS keychain, else memory). Tests pass a shared memory store. */
  openSecrets?: (keychainServiceName: string) => Promise<SecretStore>;
  /** Overrides the stored listener port (tests pass 0 for a free one). */
  listenerPort?: number;
}

export async function createStation(options: StationOptions): Promise<Station> {
  const parts = await wireStation(options);
  const dispatch = createDispatcher(parts);
  let closing: Promise<void> | null = null;
  return {
    async invoke(channel, input) {
      if (closing) return { ok: false, error: { code: 'closed', message: 'The station is shutting down.' } };
      return dispatch(channel, input);
    },
    onEvent: (listener) => parts.emitter.on(listener),
    resume: () => parts.resume(),
    close() {
      closing ??= parts.close();
      return closing;
    },
  };
}
