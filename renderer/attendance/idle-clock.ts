// The idle lock's clock, free of timers and the DOM: when was the last activity, and is it time to lock? The minutes
// setting, checked and worded, is the settings screen's (renderer/screens/settings/idle-minutes.ts).

export const MINUTE_MS = 60_000;

export interface IdleClock {
  /** A key, a pointer or a scan: the person is still here. */
  touch(): void;
  /** Milliseconds left before the lock (0 when it is due). */
  remaining(): number;
  /** True once the station has been idle for the whole timeout. */
  due(): boolean;
}

/** `now` answers ms since epoch (Date.now in the app, a fake in tests); `timeoutMs` is the idle time allowed. */
export function createIdleClock(timeoutMs: number, now: () => number): IdleClock {
  let lastActivity = now();
  const remaining = () => Math.max(0, lastActivity + timeoutMs - now());
  return {
    touch: () => {
      lastActivity = now();
    },
    remaining,
    due: () => remaining() === 0,
  };
}

/**
 * The waits a timer makes: it sleeps for what remains, wakes, and either locks or sleeps again for the rest (activity
 * meanwhile moved the deadline). Activity never resets a timer, so a moving mouse costs nothing.
 */
export function nextWakeUp(clock: IdleClock): { lock: true } | { lock: false; inMs: number } {
  return clock.due() ? { lock: true } : { lock: false, inMs: clock.remaining() };
}
