// What the person has read in the event feed, and which part of it is open (every event, or the stuck-orders queue).
import { create } from 'zustand';
import type { FeedEvent } from '../../queries/events.ts';

export type FeedTab = 'all' | 'stuck';

export interface FeedState {
  /** Keys of the events this person has seen (the feed was open while they were listed, or they opened them). */
  readKeys: ReadonlySet<string>;
  tab: FeedTab;
  markRead(keys: Iterable<string>): void;
  setTab(tab: FeedTab): void;
  /** A new sign-in starts with nothing read. */
  forget(): void;
}

/** Enough to cover every event main keeps, with room: the oldest read marks go first. */
const READ_KEYS_KEPT = 2_000;

export const useFeedStore = create<FeedState>((set) => ({
  readKeys: new Set(),
  tab: 'all',
  markRead: (keys) =>
    set((state) => {
      const fresh = [...keys].filter((key) => !state.readKeys.has(key));
      if (fresh.length === 0) return state;
      const next = [...state.readKeys, ...fresh];
      return { readKeys: new Set(next.slice(-READ_KEYS_KEPT)) };
    }),
  setTab: (tab) => set({ tab }),
  forget: () => set({ readKeys: new Set(), tab: 'all' }),
}));

export function isUnread(event: FeedEvent, readKeys: ReadonlySet<string>): boolean {
  return !readKeys.has(event.key);
}

export function unreadCount(events: readonly FeedEvent[] | undefined, readKeys: ReadonlySet<string>): number {
  let count = 0;
  for (const event of events ?? []) if (isUnread(event, readKeys)) count += 1;
  return count;
}

/** Marks these events read (from outside React: commands, notification clicks). */
export function markEventsRead(events: readonly FeedEvent[]): void {
  useFeedStore.getState().markRead(events.map((event) => event.key));
}
