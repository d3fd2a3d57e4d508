// When to try a request again and how long to wait: Retry-After, full-jitter backoff, and a retry budget.

export interface RetrySettings {
  /** Sends of one request at most, the first included (401 renewal aside). */
  maxAttempts: number;
  /** Backoff before retry n is a random wait in [0, min(maxDelayMs, baseDelayMs * 2^(n-1))]. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest Retry-After the client will wait; a longer one is cut to this. */
  maxRetryAfterMs: number;
  /** Each request earns this fraction of a retry: retries stay under about this share of requests... */
  budgetRatio: number;
  /** ...plus this many, which is also the balance a new client starts with and the most it can save up. */
  budgetFloor: number;
}

export const DEFAULT_RETRY: RetrySettings = {
  maxAttempts: 3,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 60_000,
  budgetRatio: 0.2,
  budgetFloor: 10,
};

/** Reads Retry-After as delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** Full jitter (AWS architecture blog): spreads the retries of many clients instead of synchronising them. */
export function backoffDelay(retryNumber: number, settings: RetrySettings, random: () => number): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (retryNumber - 1));
  return Math.floor(random() * ceiling);
}

/** What one send came to, as far as retrying is concerned. */
export type AttemptResult =
  | { kind: 'status'; status: number; retryAfterMs: number | undefined }
  | { kind: 'network' }
  | { kind: 'timeout' };

/**
 * The wait before the next retry, or null when this result must not be retried.
 * 429 and 503 mean the request was not processed, so any method may go again after the wait the service asked.
 * Otherwise only requests that are safe to repeat (GET, or writes carrying an Idempotency-Key) are retried.
 */
export function retryDelay(
  result: AttemptResult,
  retryNumber: number,
  repeatable: boolean,
  settings: RetrySettings,
  random: () => number,
): number | null {
  if (result.kind === 'status') {
    const { status, retryAfterMs } = result;
    if ((status === 429 || status === 503) && retryAfterMs !== undefined) {
      return Math.min(retryAfterMs, settings.maxRetryAfterMs);
    }
    if (status === 429) return backoffDelay(retryNumber, settings, random);
    if (!repeatable || status < 500 || status === 501 || status === 505) return null;
  } else if (!repeatable) {
    return null;
  }
  return backoffDelay(retryNumber, settings, random);
}

/**
 * A token bucket shared by all requests of a client: every request deposits `ratio`, every retry withdraws one.
 * During an outage retries therefore dry up at about `ratio` of the traffic instead of multiplying it.
 */
export interface RetryBudget {
  recordRequest(): void;
  /** Takes one retry from the budget; false when it is spent. */
  tryRetry(): boolean;
  readonly balance: number;
}

export function createRetryBudget(ratio: number, floor: number): RetryBudget {
  const capacity = Math.max(floor, 1);
  let balance = floor;
  return {
    recordRequest() {
      balance = Math.min(capacity, balance + ratio);
    },
    tryRetry() {
      if (balance < 1) return false;
      balance -= 1;
      return true;
    },
    get balance() {
      return balance;
    },
  };
}

/** A wait that ends early, rejecting, when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
