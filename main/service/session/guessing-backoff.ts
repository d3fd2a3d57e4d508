// Slows password guessing at the station: after a few wrong passwords in a row an account waits, doubling each time.
// Its memory is bounded, and what it forgets first is decided by time, never by the order names came in: flooding it
// with made-up names forgets those names (no wait, or the shortest) long before an account that is made to wait.

/** Wrong passwords in a row before the station makes an account wait (two or three typos never wait). */
export const FREE_FAILURES = 3;
const FIRST_WAIT_MS = 1000;
const MAX_WAIT_MS = 5 * 60_000;
/** How many accounts it remembers; past it, the ones whose waits end soonest are forgotten first (a tenth at a time). */
export const REMEMBERED_ACCOUNTS = 10_000;

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
  /** How many accounts it holds now (never more than its capacity). */
  remembered(): number;
}

export function createGuessingBackoff(now: () => number, capacity = REMEMBERED_ACCOUNTS): GuessingBackoff {
  const accounts = new Map<string, Failures>();
  const keyOf = (email: string) => email.trim().toLowerCase();
  /**
   * Past the capacity: forgets the accounts whose wait ends soonest (a made-up name's ended at once), fewest failures
   * first among equals, until a tenth of the room is free. An account made to wait for longer outlives any flood of
   * names that were not, and giving a name a long wait takes doubling waits of its own.
   */
  const makeRoom = () => {
    if (accounts.size <= capacity) return;
    const keep = Math.floor(capacity * 0.9);
    const byExpiry = [...accounts].sort(([, a], [, b]) => a.waitUntil - b.waitUntil || a.count - b.count);
    for (const [key] of byExpiry.slice(0, accounts.size - keep)) accounts.delete(key);
  };
  const remember = (key: string, failures: Failures) => {
    accounts.set(key, failures);
    makeRoom();
  };
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
      remember(key, { count, waitUntil: now() + wait });
    },
    serviceAsked(email, waitMs) {
      const key = keyOf(email);
      const entry = accounts.get(key) ?? { count: FREE_FAILURES, waitUntil: 0 };
      remember(key, { count: entry.count, waitUntil: Math.max(entry.waitUntil, now() + waitMs) });
    },
    succeeded(email) {
      accounts.delete(keyOf(email));
    },
    remembered: () => accounts.size,
  };
}

/** What a person reads while the account waits. */
export function waitMessage(waitMs: number): string {
  return `Too many wrong passwords for this account; try again in ${Math.max(1, Math.ceil(waitMs / 1000))} s.`;
}
