// The webhook and email retry schedule (documented in training/README.md): exponential backoff with jitter, then give up.

/** A receiver must answer 2xx within this long (spec §8, "Webhook acknowledgement time"). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The wait before the second attempt, at most; each later wait doubles... */
export const RETRY_BASE_MS = 30_000;
/** ...up to this ceiling: a power-of-two multiple of the base, so no two windows overlap (the 7th wait reaches it). */
export const RETRY_CAP_MS = 32 * 60_000;
/** Attempts in all, the first included; after the last failure the delivery is `failed`. */
export const MAX_ATTEMPTS = 8;

/**
 * How long to wait after the `failedAttempts`-th failure (1-based), in service time. The ceiling doubles from
 * RETRY_BASE_MS up to RETRY_CAP_MS; the wait is drawn uniformly from the upper half of the ceiling ("equal jitter").
 * Decision: not full jitter (0..ceiling), whose draws can make a later wait shorter than an earlier one; with
 * the upper half every wait is at least as long as the one before, while receivers that failed together still
 * spread their retries over half the ceiling.
 */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Real milliseconds for a wait in service time: the simulation speeds the schedule up by its time scale. */
export function realDelayMs(serviceDelayMs: number, timeScale: number): number {
  return serviceDelayMs / (Number.isFinite(timeScale) && timeScale > 0 ? timeScale : 1);
}
