// The idle lock's clock, driven by a fake clock: activity pushes the lock back, idleness brings it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIdleClock, MINUTE_MS, nextWakeUp } from '../../../../renderer/attendance/idle-clock.ts';
import { describeIdleMinutes, idleMinutesProblem } from '../../../../renderer/screens/settings/idle-minutes.ts';

function fakeClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the idle lock', () => {
  it('locks once the configured minutes pass with no activity, and not a moment before', () => {
    const time = fakeClock();
    const idle = createIdleClock(10 * MINUTE_MS, time.now);
    time.advance(10 * MINUTE_MS - 1);
    expect(idle.due()).toBe(false);
    expect(idle.remaining()).toBe(1);
    time.advance(1);
    expect(idle.due()).toBe(true);
  });

  it('counts the minutes again from the last key, pointer or scan', () => {
    const time = fakeClock();
    const idle = createIdleClock(MINUTE_MS, time.now);
    time.advance(50_000);
    idle.touch();
    time.advance(50_000);
    expect(idle.due()).toBe(false);
    expect(idle.remaining()).toBe(10_000);
    time.advance(10_000);
    expect(idle.due()).toBe(true);
  });

  it('wakes its timer for what remains and locks only when that has passed', () => {
    const time = fakeClock();
    const idle = createIdleClock(MINUTE_MS, time.now);
    expect(nextWakeUp(idle)).toEqual({ lock: false, inMs: MINUTE_MS });
    time.advance(30_000);
    idle.touch();
    time.advance(30_000);
    // The timer set at the start wakes now; the activity moved the deadline, so it sleeps again.
    expect(nextWakeUp(idle)).toEqual({ lock: false, inMs: 30_000 });
    time.advance(30_000);
    expect(nextWakeUp(idle)).toEqual({ lock: true });
  });

  it('locks after a sleep of the computer longer than the timeout (the clock jumped)', () => {
    const time = fakeClock();
    const idle = createIdleClock(5 * MINUTE_MS, time.now);
    time.advance(3 * 60 * MINUTE_MS);
    expect(nextWakeUp(idle)).toEqual({ lock: true });
  });

  it('is never due while activity keeps coming more often than the timeout', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 240 }),
        fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { maxLength: 50 }),
        (minutes, fractions) => {
          const time = fakeClock();
          const idle = createIdleClock(minutes * MINUTE_MS, time.now);
          for (const fraction of fractions) {
            time.advance(Math.floor(fraction * minutes * MINUTE_MS));
            expect(idle.due()).toBe(false);
            idle.touch();
          }
        },
      ),
    );
  });
});

describe('the idle lock minutes', () => {
  it('accepts whole minutes from 1 to 240', () => {
    for (const text of ['1', '10', '240', ' 15 ']) expect(idleMinutesProblem(text)).toBeNull();
  });

  it('refuses anything else in the settings schema’s words', () => {
    for (const text of ['0', '241', '2.5', '', 'ten', '-3']) {
      expect(idleMinutesProblem(text)).toBe('The minutes must be a whole number from 1 to 240.');
    }
  });

  it('reads as a sentence', () => {
    expect(describeIdleMinutes(1)).toBe('after 1 minute without activity');
    expect(describeIdleMinutes(10)).toBe('after 10 minutes without activity');
  });
});
