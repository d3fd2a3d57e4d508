// A training service behind a counting proxy, a data folder, a movable clock and a log collector, for session tests.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, type Logger } from '../../../../main/platform/log/logger.ts';
import {
  createMemorySecretStore,
  createSession,
  type SecretStore,
  type Session,
} from '../../../../main/service/session/index.ts';
import { createTrainingService, TRAINING_PASSWORD, type TrainingService } from '../../../../training/index.ts';
import { type CountingProxy, startCountingProxy } from './proxy.ts';

export const PASSWORD = TRAINING_PASSWORD;
export const REFRESH_PATH = '/api/v1/auth/refresh';
export const MINUTE = 60_000;

export interface Clock {
  now: Date;
  advance(ms: number): void;
  read: () => Date;
}

export function movableClock(): Clock {
  const clock: Clock = {
    now: new Date(),
    advance(ms) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    read: () => clock.now,
  };
  return clock;
}

export interface SessionHarness {
  service: TrainingService;
  proxy: CountingProxy;
  /** The proxy's URL: what sessions talk to. */
  baseUrl: string;
  dataDir: string;
  /** The service's clock; `sessionClock` is the same one unless the test asked for two. */
  serviceClock: Clock;
  sessionClock: Clock;
  secrets: SecretStore;
  log: Logger;
  /** Every log line written by sessions made here. */
  lines: string[];
  /** Errors a test caught: checked for tokens on close too. */
  caught: unknown[];
  newSession(options?: { secrets?: SecretStore }): Session;
  /** Moves both clocks (or the one clock) forward. */
  advance(ms: number): void;
  /** Fails the test when a token seen on the wire appears in a log line or a caught error. */
  assertNoTokenLeaked(): void;
  close(): Promise<void>;
}

export async function startSessionHarness(
  options: { separateClocks?: boolean; secrets?: SecretStore } = {},
): Promise<SessionHarness> {
  const serviceClock = movableClock();
  const sessionClock = options.separateClocks ? movableClock() : serviceClock;
  const serviceErrors: unknown[] = [];
  const service = await createTrainingService({
    db: ':memory:',
    clock: serviceClock.read,
    log: (entry) => {
      if (entry.level === 'error') serviceErrors.push(entry);
    },
  });
  const upstream = await service.listen(0);
  const proxy = await startCountingProxy(upstream);
  const dataDir = await mkdtemp(join(tmpdir(), 'station-session-'));
  const lines: string[] = [];
  const log = createLogger({ scope: 'session', level: 'debug', write: (line) => lines.push(line) });
  const secrets = options.secrets ?? createMemorySecretStore();
  const caught: unknown[] = [];

  const harness: SessionHarness = {
    service,
    proxy,
    baseUrl: proxy.url,
    dataDir,
    serviceClock,
    sessionClock,
    secrets,
    log,
    lines,
    caught,
    newSession: (opts = {}) =>
      createSession({
        baseUrl: proxy.url,
        secrets: opts.secrets ?? secrets,
        dataDir,
        log,
        clock: sessionClock.read,
      }),
    advance(ms) {
      serviceClock.advance(ms);
      if (sessionClock !== serviceClock) sessionClock.advance(ms);
    },
    assertNoTokenLeaked() {
      const texts = [
        ...lines,
        ...caught.map((error) =>
          error instanceof Error ? `${error.message} ${error.stack ?? ''} ${JSON.stringify(error)}` : String(error),
        ),
      ];
      for (const token of proxy.tokens) {
        const leak = texts.find((text) => text.includes(token));
        if (leak) throw new Error(`a token leaked into: ${leak.slice(0, 300)}`);
      }
      const jwt = texts.find((text) => /eyJ[\w-]+\.[\w-]+/.test(text));
      if (jwt) throw new Error(`something JWT-shaped leaked into: ${jwt.slice(0, 300)}`);
    },
    async close() {
      await proxy.close();
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
      if (serviceErrors.length > 0)
        throw new Error(`the training service logged errors: ${JSON.stringify(serviceErrors)}`);
    },
  };
  return harness;
}

/** Runs a call expected to fail and keeps its error for the leak check. */
export async function failureOf(harness: SessionHarness, work: Promise<unknown>): Promise<Error & { code?: string }> {
  const error = await work.then(
    () => {
      throw new Error('the call was expected to fail but succeeded');
    },
    (e: unknown) => e,
  );
  harness.caught.push(error);
  // The session's own errors and the service client's carry a code; anything else is not a refusal.
  if (!(error instanceof Error))
    throw new Error(`the call failed with something other than an error: ${String(error)}`);
  return error;
}
