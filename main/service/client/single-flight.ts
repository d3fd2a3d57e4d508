// Runs one task at a time on behalf of many callers: concurrent callers share the flight in progress (token refresh).

export interface SingleFlight<T> {
  /** Joins the flight in progress, or starts one when none is. */
  run(): Promise<T>;
  /** True while a flight is in progress. */
  readonly running: boolean;
  /** How many flights have finished (resolved or rejected); lets a caller tell whether one ended since it looked. */
  readonly settled: number;
}

export function createSingleFlight<T>(task: () => Promise<T>): SingleFlight<T> {
  let current: Promise<T> | null = null;
  let settled = 0;
  return {
    run() {
      if (current === null) {
        // `then(task)` turns a synchronous throw into a rejection shared by every caller, like an asynchronous one.
        current = Promise.resolve()
          .then(task)
          .finally(() => {
            current = null;
            settled += 1;
          });
      }
      return current;
    },
    get running() {
      return current !== null;
    },
    get settled() {
      return settled;
    },
  };
}
