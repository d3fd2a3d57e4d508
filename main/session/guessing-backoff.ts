// Slows password guessing at the station: after a few wrong passwords in a row an account waits, doubling each time.

/** Wrong passwords in a row before the station makes an account wait (two or three typos never wait). */
export const FREE_FAILURES = 3;
const FIRST_WAIT_MS = 1000;
const MAX_WAIT_MS = 5 * 60_000;

interface Failures {
  count: number;
  /** Ms on the session's clock before which the station sends no password for this account. */
  waitUntil: number;
}

/**
 * Per account (the email, lowercased), in memory, on the session's (injectable) clock. Sign-in and unlock both pass
 * through it, so a person at a locked station cannot guess the signed-in user's password at full speed either. The
 * service may make an account wait too (429 with Retry-After): `serviceAsked` keeps to its wait.
 */
export interface GuessingBackoff {
  /** Ms the account must still wait before its next try; 0 when it may try now. */
  waitFor(email: string): number;
  failed(email: string): void;
  serviceAsked(email: string, waitMs: number): void;
  succeeded(email: string): void;
}

export function createGuessingBackoff(now: () => number): GuessingBackoff {
  const accounts = new Map<string, Failures>();
  const keyOf = (email: string) => email.trim().toLowerCase();
  return {
    waitFor(email) {
      const entry = accounts.get(keyOf(email));
      return entry ? Math.max(0, entry.waitUntil - now()) : 0;
    },
    failed(email) {
      const key = keyOf(email);
      const count = (accounts.get(key)?.count ?? 0) + 1;
      const over = count - FREE_FAILURES;
      const wait = over < 0 ? 0 : Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(over, 30));
      accounts.set(key, { count, waitUntil: now() + wait });
    },
    serviceAsked(email, waitMs) {
      const key = keyOf(email);
      const entry = accounts.get(key) ?? { count: FREE_FAILURES, waitUntil: 0 };
      accounts.set(key, { count: entry.count, waitUntil: Math.max(entry.waitUntil, now() + waitMs) });
    },
    succeeded(email) {
      accounts.delete(keyOf(email));
    },
  };
}

/** What a person reads while the account waits. */
export function waitMessage(waitMs: number): string {
  return `Too many wrong passwords for this account; try again in ${Math.max(1, Math.ceil(waitMs / 1000))} s.`;
}
