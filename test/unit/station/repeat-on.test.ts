// The poller's repeating timer on main's clock: with a manual clock it runs only as the clock is moved, once per
// interval passed, and never again once stopped.
import { describe, expect, it } from 'vitest';
import { repeatOn } from '../../../main/service/connectivity/connectivity-clock.ts';
import { manualClock } from './manual-clock.ts';

describe('a repeating timer on an injected clock', () => {
  it('runs once for each interval the clock passes, and not at all once stopped', async () => {
    const clock = manualClock();
    const runs: number[] = [];
    const stop = repeatOn(clock)(() => runs.push(clock.now()), 64_000);
    await clock.advance(63_999);
    expect(runs).toEqual([]);
    await clock.advance(1);
    await clock.advance(3 * 64_000);
    const start = 1_700_000_000_000;
    expect(runs).toEqual([1, 2, 3, 4].map((n) => start + n * 64_000));
    stop();
    await clock.advance(10 * 64_000);
    expect(runs).toHaveLength(4);
    expect(clock.pending()).toBe(0);
  });
});
