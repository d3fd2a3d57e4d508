// What one failed attempt means for an entry: park it for a person, try again after a backoff, or wait for sign-in.
import { isServiceError } from '../client/index.ts';
import type { BackoffSettings, OutboxProblem } from './types.ts';

export type Verdict =
  /** The service refused the write as it stands (a 4xx): a person must edit or discard it. Never retried alone. */
  | { kind: 'park'; problem: OutboxProblem; certain: boolean }
  /** Time may cure it (network, timeout, 5xx, 429). `global`: the service as a whole is away or overloaded. */
  | { kind: 'retry'; problem: OutboxProblem; global: boolean; retryAfterMs: number | undefined }
  /** Nobody is signed in (any more): the entry waits, unharmed, for the next session. */
  | { kind: 'signed_out'; problem: OutboxProblem }
  /** The outbox itself was stopped during the send. */
  | { kind: 'stopped' };

export function verdictFor(error: unknown): Verdict {
  if (!isServiceError(error)) {
    // A bug of ours, not the write's fault: keep it and try again later rather than park or lose it.
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: 'retry',
      problem: { status: 0, code: 'unexpected', message },
      global: false,
      retryAfterMs: undefined,
    };
  }
  const problem: OutboxProblem = { status: error.status, code: error.code, message: error.message };
  if (error.code === 'aborted') return { kind: 'stopped' };
  if (error.code === 'refresh_failed' || error.code === 'unauthenticated' || error.status === 401) {
    return { kind: 'signed_out', problem };
  }
  if (error.status === 0) {
    // The client refused the input before sending: certain, and only a person can fix the body.
    if (error.code === 'invalid_request') return { kind: 'park', problem, certain: true };
    return { kind: 'retry', problem, global: true, retryAfterMs: undefined };
  }
  if (error.status === 429) return { kind: 'retry', problem, global: true, retryAfterMs: error.retryAfterMs };
  if (error.status === 408) return { kind: 'retry', problem, global: false, retryAfterMs: undefined };
  if (error.status >= 500) {
    return { kind: 'retry', problem, global: error.status === 503, retryAfterMs: error.retryAfterMs };
  }
  if (error.status >= 400) return { kind: 'park', problem, certain: true };
  // A success whose answer could not be read: it may have applied, so it is parked without changing its key.
  return { kind: 'park', problem, certain: false };
}

/** Full jitter: a random wait in [0, min(max, base * 2^(n-1))], so many stations do not retry in step. */
export function backoffMs(failures: number, settings: BackoffSettings, random: () => number): number {
  const ceiling = Math.min(settings.maxMs, settings.baseMs * 2 ** Math.max(0, Math.min(30, failures - 1)));
  return Math.floor(random() * ceiling);
}

/** A Retry-After longer than this is read as this: a service asking for more is more likely wrong than right. */
export const MAX_RETRY_AFTER_MS = 3_600_000;

/** The wait before the next attempt: the service's Retry-After when it asked for longer than the backoff. */
export function retryWaitMs(
  failures: number,
  retryAfterMs: number | undefined,
  settings: BackoffSettings,
  random: () => number,
): number {
  const backoff = backoffMs(failures, settings, random);
  return retryAfterMs === undefined ? backoff : Math.max(backoff, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}
