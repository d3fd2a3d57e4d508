// A station left alone stops its screens' timed re-reads after five minutes without a key, a pointer or a scan, and
// the first touch afterwards reads again what is shown (issue 34: an idle station costs the service ≤ 60 an hour).
import { afterEach, describe, expect, it } from 'vitest';
import {
  ATTENDED_MS,
  type AttendanceTimers,
  useAttendanceStore,
  watchAttendance,
} from '../../../../renderer/attendance/attendance-store.ts';

/** A window that only keeps its listeners, and timers run by hand on a clock the test moves. */
function fakeWindow() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    addEventListener: (name: string, run: () => void) => {
      const set = listeners.get(name) ?? new Set();
      set.add(run);
      listeners.set(name, set);
    },
    removeEventListener: (name: string, run: () => void) => listeners.get(name)?.delete(run),
    fire: (name: string) => {
      for (const run of listeners.get(name) ?? []) run();
    },
    count: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

function fakeTimers() {
  let now = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  const timers: AttendanceTimers = {
    now: () => now,
    setTimeout: (run, ms) => {
      const handle = next++;
      due.set(handle, { at: now + ms, run });
      return handle;
    },
    clearTimeout: (handle) => due.delete(handle as number),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const first = [...due.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (!first || first[1].at > until) break;
      due.delete(first[0]);
      now = first[1].at;
      first[1].run();
    }
    now = until;
  };
  return { timers, advance, pending: () => due.size };
}

const attended = () => useAttendanceStore.getState().attended;
let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('a station left alone', () => {
  it('is attended while someone touches it, and left alone five minutes after the last touch', () => {
    const target = fakeWindow();
    const { timers, advance } = fakeTimers();
    let returns = 0;
    stop = watchAttendance(target as never, timers, () => returns++);
    expect(attended()).toBe(true);
    advance(ATTENDED_MS - 1_000);
    target.fire('keydown');
    advance(ATTENDED_MS - 1_000);
    expect(attended()).toBe(true);
    advance(1_000);
    expect(attended()).toBe(false);
    expect(returns).toBe(0);
  });

  it('reads again what is shown on the first touch after a quiet spell, once, and counts the five minutes anew', () => {
    const target = fakeWindow();
    const { timers, advance } = fakeTimers();
    let returns = 0;
    stop = watchAttendance(target as never, timers, () => returns++);
    advance(ATTENDED_MS * 3);
    expect(attended()).toBe(false);
    target.fire('pointermove');
    target.fire('keydown');
    expect(attended()).toBe(true);
    expect(returns).toBe(1);
    advance(ATTENDED_MS - 1);
    expect(attended()).toBe(true);
    advance(1);
    expect(attended()).toBe(false);
  });

  it('a scan is a key: a scanner’s keystrokes keep the station attended', () => {
    const target = fakeWindow();
    const { timers, advance } = fakeTimers();
    stop = watchAttendance(target as never, timers, () => {});
    for (let minute = 0; minute < 30; minute++) {
      advance(60_000);
      target.fire('keydown');
    }
    expect(attended()).toBe(true);
  });

  it('stops watching when the station signs out: no listener or timer is left behind', () => {
    const target = fakeWindow();
    const { timers, pending } = fakeTimers();
    const end = watchAttendance(target as never, timers, () => {});
    expect(target.count()).toBe(5);
    end();
    expect(target.count()).toBe(0);
    expect(pending()).toBe(0);
  });
});
