// A real station in a temp data folder: the training service as a child process, real SQLite files, a memory keychain
// shared across restarts, every log line and every station event collected for the tests to read.
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { StationEventName, StationEventPayload } from '../../../contract/ipc.ts';
import { createLogger } from '../../../main/platform/log/logger.ts';
import { TRAINING_DB_FILE } from '../../../main/service/backend/training-process.ts';
import { createMemorySecretStore, type SecretStore } from '../../../main/service/session/index.ts';
import { type BrowserShellStationOptions, createStation, type Station } from '../../../main/station/station.ts';
import { TRAINING_PASSWORD } from '../../../training/index.ts';

export const PASSWORD = TRAINING_PASSWORD;
export const TECHNICIAN = 'technician@training.local';
export const ADMIN = 'admin@training.local';

/** One event main sent its renderer, as the contract has it: the event's name with its own payload. */
export type StationEventArgs = {
  [E in StationEventName]: [event: E, payload: StationEventPayload<E>];
}[StationEventName];

export interface StationRig {
  station: Station;
  dataDir: string;
  secrets: SecretStore;
  lines: string[];
  events: { event: string; payload: unknown }[];
  opened: string[];
  /** Waits for the first event (from now on or already seen after `since`) that passes `test`. */
  /**
   * The payload of the first event `test` accepts (its payload narrowed by the event's name); `E` names the event the
   * test waits for, so the payload answered is that event's.
   */
  waitForEvent<E extends StationEventName = StationEventName>(
    test: (...args: StationEventArgs) => boolean,
    timeoutMs?: number,
    since?: number,
  ): Promise<StationEventPayload<E>>;
  /** Closes the station, keeping the data folder and the keychain for a restart. */
  stop(): Promise<void>;
  /** A new station on the same data folder and keychain (the restart of the app). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startStationRig(
  extra: Partial<Omit<BrowserShellStationOptions, 'shell'>> = {},
  rigOptions: { freshInstall?: boolean; techCheckTech?: 'allowed'; settings?: Record<string, unknown> } = {},
): Promise<StationRig> {
  const dataDir = await mkdtemp(join(tmpdir(), 'station-root-'));
  // The pharmacy's default: tech-check-tech not allowed, so a label needs a pharmacist's final check. A test that needs
  // a technician's verification to be the final check says so (`techCheckTech: 'allowed'`), and gets it the only way
  // a station can: the machine policy IT sets. A fresh install has no settings file at all.
  if (!rigOptions.freshInstall)
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ ...rigOptions.settings }));
  // The station's training service starts from a copy of the demo data seeded once per run (support/seeded-training.ts;
  // absent outside the integration projects); a fresh install seeds its own, as a new station does.
  const seeded = inject('seededTrainingDb');
  if (seeded && !rigOptions.freshInstall && !extra.startTraining) {
    // The write-ahead log may hold part of the seed: it is copied along (SQLite replays it on open).
    for (const suffix of ['', '-wal'])
      if (existsSync(seeded + suffix)) await copyFile(seeded + suffix, join(dataDir, TRAINING_DB_FILE + suffix));
  }
  if (rigOptions.techCheckTech === 'allowed') {
    const policy = extra.policy ?? { file: join(dataDir, 'policy.json'), policy: {}, ignoredFields: [] };
    extra = { ...extra, policy: { ...policy, policy: { ...policy.policy, techCheckTechAllowed: true } } };
  }
  const secrets = createMemorySecretStore();
  const lines: string[] = [];
  const events: { event: string; payload: unknown }[] = [];
  const opened: string[] = [];
  const log = createLogger({ scope: 'station', level: 'debug', write: (line) => lines.push(line) });
  const open = () =>
    createStation({
      dataDir,
      shell: 'browser',
      version: '0.0.0-test',
      listenerPort: 0,
      log,
      openSecrets: async () => secrets,
      openExternal: async (url) => {
        opened.push(url);
        return true;
      },
      ...extra,
    });
  let station = await open();
  let stopEvents = station.onEvent((event, payload) => events.push({ event, payload }));

  const rig: StationRig = {
    get station() {
      return station;
    },
    dataDir,
    secrets,
    lines,
    events,
    opened,
    waitForEvent(test, timeoutMs = 15_000, since = events.length) {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const look = () => {
          // Main made each payload with its event's schema (main/station): the name says which.
          const found = events.slice(since).find((e) => test(...([e.event, e.payload] as StationEventArgs)));
          if (found) return resolve(found.payload as StationEventPayload<never>);
          if (Date.now() - started > timeoutMs) return reject(new Error('the awaited station event did not come'));
          setTimeout(look, 20);
        };
        look();
      });
    },
    async stop() {
      stopEvents();
      await station.close();
    },
    async restart() {
      station = await open();
      stopEvents = station.onEvent((event, payload) => events.push({ event, payload }));
    },
    async close() {
      stopEvents();
      await station.close();
      // A file the closed station's last write left may land while the folder is removed: retried, not failed.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
  return rig;
}

/** Every text that left the station: log lines and event payloads. */
export function everythingSaid(rig: StationRig): string[] {
  return [...rig.lines, ...rig.events.map((e) => JSON.stringify(e))];
}

/** Fails with the offending text when a secret (or anything JWT-shaped) appears in what the station said. */
export function expectNoSecretIn(texts: readonly string[], secrets: readonly (string | null)[]): void {
  for (const secret of secrets) {
    if (!secret) continue;
    const leak = texts.find((text) => text.includes(secret));
    if (leak) throw new Error(`a secret leaked into: ${leak.slice(0, 300)}`);
  }
  const jwt = texts.find((text) => /eyJ[\w-]+\.[\w-]+/.test(text));
  if (jwt) throw new Error(`something JWT-shaped leaked into: ${jwt.slice(0, 300)}`);
}
