// The latest order and prescription events of this run, newest first, for `events:recent` (views that open late).
import type { StationEvent } from './index.ts';

export const RECENT_EVENTS_KEPT = 500;

export interface RecentEvents {
  add(event: StationEvent): void;
  latest(limit?: number): StationEvent[];
  /** Another service was chosen: its events are not this one's. */
  clear(): void;
}

export function createRecentEvents(kept = RECENT_EVENTS_KEPT): RecentEvents {
  const events: StationEvent[] = [];
  return {
    add(event) {
      events.unshift(event);
      if (events.length > kept) events.length = kept;
    },
    latest: (limit = 50) => events.slice(0, Math.max(0, limit)),
    clear() {
      events.length = 0;
    },
  };
}
