// A clock whose time moves only when a test says so: timers fire in order as `advance` passes them.
import type { ConnectivityClock } from '../../../main/service/connectivity/connectivity-clock.ts';

export interface ManualClock extends ConnectivityClock {
  /** Moves time forward, firing due timers in order and letting the promises they start settle. */
  advance(ms: number): Promise<void>;
  pending(): number;
}

export function manualClock(start = 1_700_000_000_000): ManualClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const settle = async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  };
  return {
    now: () => now,
    setTimeout(run, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    pending: () => timers.size,
    async advance(ms) {
      const until = now + ms;
      await settle();
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
        await settle();
      }
      now = until;
      await settle();
    },
  };
}
