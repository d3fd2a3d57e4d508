// The idle lock's clock, free of timers and the DOM: when was the last activity, and is it time to lock? Also the
// minutes setting checked by the settings schema itself.
import { defaultSettings, settingsSchema } from '../../contract/ipc/settings.ts';

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

/** The setting as a sentence: "after 1 minute", "after 10 minutes". */
export function describeIdleMinutes(minutes: number): string {
  return `after ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} without activity`;
}

/** Why `text` cannot be the idle lock minutes, in the schema's words, or null when it can. */
export function idleMinutesProblem(text: string): string | null {
  const minutes = text.trim() === '' ? Number.NaN : Number(text);
  const parsed = settingsSchema.safeParse({ ...defaultSettings, idleLockMinutes: minutes });
  if (parsed.success) return null;
  return `The minutes ${parsed.error.issues[0]?.message ?? 'are not accepted'}.`;
}
