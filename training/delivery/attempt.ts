// What one delivery attempt (a webhook or an email) gets from the worker: the database, the clocks, the stop signal,
// when to try again after a failure, and how a failure is logged. Shared by both jobs, so their bookkeeping is one.
import type { Db } from '../database/db.ts';
import { MAX_ATTEMPTS, realDelayMs, retryDelayMs } from './schedule.ts';

export interface AttemptContext {
  db: Db;
  /** The service clock: the timestamps people read (created, next attempt, delivered). */
  clock: () => Date;
  /** Aborted when the worker stops: an attempt cut short does not count. */
  signal: AbortSignal;
  /** False once the worker stopped (or stopped and started again) since the attempt began: its outcome is dropped. */
  stillCurrent(): boolean;
  /** When to try again after the `attempt`-th failure, or null when that was the last attempt. */
  nextTry(attempt: number): { at: string; dueMs: number } | null;
  logFailure(failure: AttemptFailure): void;
}

export interface AttemptFailure {
  channel: 'webhook' | 'email';
  id: string;
  url: string | null;
  attempt: number;
  error: string | null;
  willRetry: boolean;
}

/** The retry schedule on both clocks: the service clock for the log, real epoch ms (divided by the scale) for the worker. */
export function nextTryAfter(
  attempt: number,
  clock: () => Date,
  timeScale: () => number,
  random: () => number,
): { at: string; dueMs: number } | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  const delay = retryDelayMs(attempt, random);
  return {
    at: new Date(clock().getTime() + delay).toISOString(),
    dueMs: Date.now() + realDelayMs(delay, timeScale()),
  };
}

/** The log entry of a failed attempt. */
export function failureEntry({ channel, id, url, attempt, error, willRetry }: AttemptFailure): Record<string, unknown> {
  // The host only: a receiver's path or query may carry its own token, and no token goes into a log.
  const host = url ? new URL(url).host : undefined;
  return {
    level: 'info',
    msg: willRetry ? `${channel} attempt failed; will retry` : `${channel} delivery failed for good`,
    id,
    host,
    attempt,
    error,
  };
}
