// The state one client shares across its calls: settings with defaults, retry budget, refresh flight, redactor.

import { createRedactor, type Redactor } from '../../platform/log/redact.ts';
import { createDriftLog, type DriftLog } from './drift.ts';
import { createRetryBudget, DEFAULT_RETRY, type RetryBudget, type RetrySettings, sleep } from './retry.ts';
import { createSingleFlight, type SingleFlight } from './single-flight.ts';
import type { ServiceClientOptions, ServiceLogger, TokenSource } from './types.ts';

export const DEFAULT_TIMEOUT_MS = 15_000;
/** The most one answer may carry unless the settings say otherwise (serviceAnswerLimitMiB). */
export const DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export interface ClientContext {
  baseUrl: string;
  tokens: TokenSource;
  fetch: typeof fetch;
  timeoutMs: number;
  /** Past this many bytes an answer is refused, read no further. */
  maxAnswerBytes: number;
  retry: RetrySettings;
  budget: RetryBudget;
  /** One token refresh at a time, whatever the number of 401s. */
  refresh: SingleFlight<void>;
  redactor: Redactor;
  log: ServiceLogger;
  /** Where the fields read differently from their description are counted. */
  drift: DriftLog;
  userAgent: string | undefined;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  now: () => number;
}

const silent: ServiceLogger = { debug() {}, info() {}, warn() {} };

export function createContext(options: ServiceClientOptions): ClientContext {
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const redactor = createRedactor();
  const logger = options.logger ?? silent;
  // Fields are redacted on the way out: a guard, since callers of log() only pass numbers and templates.
  const log: ServiceLogger = {
    debug: (message, fields) => logger.debug(message, redactor.value(fields) as Record<string, unknown>),
    info: (message, fields) => logger.info(message, redactor.value(fields) as Record<string, unknown>),
    warn: (message, fields) => logger.warn(message, redactor.value(fields) as Record<string, unknown>),
  };
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    tokens: options.tokens,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    retry,
    budget: createRetryBudget(retry.budgetRatio, retry.budgetFloor),
    refresh: createSingleFlight(() => options.tokens.refresh()),
    redactor,
    log,
    drift: options.drift ?? createDriftLog({ log }),
    userAgent: options.userAgent,
    sleep: options.sleep ?? sleep,
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
  };
}
