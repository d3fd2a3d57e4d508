// Slows password guessing: after a few wrong passwords in a row an account waits, doubling each time, before the next try.
import { HttpError } from '../http/errors.ts';

/** Wrong passwords in a row an account gets before it must wait (a person mistyping twice or thrice never waits). */
export const FREE_FAILURES = 5;
/** The first wait, doubled after each further failure, up to the ceiling. */
const FIRST_WAIT_MS = 1000;
const MAX_WAIT_MS = 15 * 60_000;
/** Accounts remembered at most; past that the oldest entries go (an attacker spraying names cannot fill memory). */
const MAX_ACCOUNTS = 10_000;

interface Failures {
  count: number;
  /** Wall-clock ms before which no password is checked for this account. */
  waitUntil: number;
}

/**
 * Per account (the email as typed, lowercased: unknown emails are throttled alike, so the answer never tells whether an
 * account exists). While an account waits, every sign-in for it — the right password too — is a 429 with Retry-After,
 * answered without checking the password, so guesses cannot continue at full speed. Kept in memory, on the wall clock.
 */
export class LoginThrottle {
  private readonly accounts = new Map<string, Failures>();
  /** The sign-in running for each account: attempts for one account run one after another, so thirty sent at once
   * are judged in turn instead of all passing the check before the first failure counts. */
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly clock: () => Date;

  constructor(wallClock: () => Date) {
    this.clock = wallClock;
  }

  /** Runs one sign-in attempt for `email` after the ones already running for it. */
  async inTurn<T>(email: string, attempt: () => Promise<T>): Promise<T> {
    const key = keyOf(email);
    const before = this.running.get(key) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(attempt);
    this.running.set(key, mine);
    try {
      return await mine;
    } finally {
      if (this.running.get(key) === mine) this.running.delete(key);
    }
  }

  /** Throws the 429 when the account must still wait. */
  check(email: string): void {
    const entry = this.accounts.get(keyOf(email));
    const waitMs = entry ? entry.waitUntil - this.clock().getTime() : 0;
    if (waitMs <= 0) return;
    const seconds = Math.ceil(waitMs / 1000);
    throw new HttpError(
      429,
      'too_many_requests',
      `Too many wrong passwords for this account; try again in ${seconds} s.`,
      undefined,
      { 'Retry-After': String(seconds) },
    );
  }

  failed(email: string): void {
    const key = keyOf(email);
    const count = (this.accounts.get(key)?.count ?? 0) + 1;
    const over = count - FREE_FAILURES;
    const wait = over < 0 ? 0 : Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(over, 30));
    this.accounts.delete(key);
    this.accounts.set(key, { count, waitUntil: this.clock().getTime() + wait });
    if (this.accounts.size > MAX_ACCOUNTS) this.accounts.delete(this.accounts.keys().next().value as string);
  }

  succeeded(email: string): void {
    this.accounts.delete(keyOf(email));
  }
}

function keyOf(email: string): string {
  return email.trim().toLowerCase();
}
