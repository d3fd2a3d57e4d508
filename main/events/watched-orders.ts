// The orders this station is working on, as main saw them itself: an order main read for a screen, one with a
// verification run saved. The poller reads them by id; an interruption of one is recorded and shown.
export interface WatchedOrders {
  /** Main served or saved this order for the station just now. */
  touch(orderId: string): void;
  /** The orders still open here (touched within the keep time), oldest first. */
  list(): string[];
  has(orderId: string): boolean;
  clear(): void;
}

/** An order untouched this long is no longer open here (a verification is minutes; a screen refreshes its reads). */
export const WATCH_KEEP_MS = 30 * 60 * 1000;
/** A bound on the by-id reads one poll makes, whatever the station opened. */
export const MAX_WATCHED = 25;

export function createWatchedOrders(now: () => number = Date.now, keepMs = WATCH_KEEP_MS): WatchedOrders {
  const seen = new Map<string, number>();
  const prune = () => {
    const horizon = now() - keepMs;
    for (const [id, last] of seen) if (last < horizon) seen.delete(id);
  };
  return {
    touch(orderId) {
      prune();
      seen.delete(orderId);
      seen.set(orderId, now());
      // The most recently touched are kept when there are too many.
      while (seen.size > MAX_WATCHED) seen.delete(seen.keys().next().value as string);
    },
    list() {
      prune();
      return [...seen.keys()];
    },
    has(orderId) {
      prune();
      return seen.has(orderId);
    },
    clear() {
      seen.clear();
    },
  };
}
