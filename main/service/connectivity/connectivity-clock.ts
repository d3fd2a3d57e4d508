// The time and timers the connectivity monitor runs on; tests hand it a manual clock instead of waiting.
export interface ConnectivityClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: ConnectivityClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms);
    // A probe pending must not keep a closing process alive.
    timer.unref?.();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A repeating timer: `run` every `ms` until the answer is called (the poller's; it keeps no process alive). */
export type RepeatEvery = (run: () => void, ms: number) => () => void;

export const repeatEvery: RepeatEvery = (run, ms) => {
  const timer = setInterval(run, ms);
  timer.unref?.();
  return () => clearInterval(timer);
};

/** The same on a clock: each run schedules the next, so a manual clock moves it as it moves everything else. */
export function repeatOn(clock: ConnectivityClock): RepeatEvery {
  return (run, ms) => {
    let handle: unknown = null;
    let stopped = false;
    const next = () => {
      handle = clock.setTimeout(() => {
        if (stopped) return;
        next();
        run();
      }, ms);
    };
    next();
    return () => {
      stopped = true;
      clock.clearTimeout(handle);
    };
  };
}

/** Answers true when anything answers HTTP at `baseUrl` within `timeoutMs` (a 404 still proves the service is up). */
export async function probeService(baseUrl: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
