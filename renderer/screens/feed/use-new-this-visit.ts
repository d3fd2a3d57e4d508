// "Read when the feed was opened": what is listed while the feed is open counts as read, and stays marked "New" until
// the person leaves the feed, so they can still tell what came in since they last looked.
import { useEffect, useMemo, useState } from 'react';
import type { FeedEvent } from '../../queries/events.ts';
import { useSession } from '../../queries/session.ts';
import { isUnread, useFeedStore } from './feed-store.ts';

export function useNewThisVisit(events: readonly FeedEvent[] | undefined): ReadonlySet<string> {
  const readKeys = useFeedStore((state) => state.readKeys);
  // Behind the lock screen the feed stays mounted but nobody sees it.
  const locked = useSession().data?.status === 'locked';
  const [seenNew, setSeenNew] = useState<ReadonlySet<string>>(() => new Set());
  const unreadNow = useMemo(
    () => (events ?? []).filter((event) => isUnread(event, readKeys)).map((event) => event.key),
    [events, readKeys],
  );
  useEffect(() => {
    if (unreadNow.length === 0 || locked) return;
    setSeenNew((previous) => new Set([...previous, ...unreadNow]));
    useFeedStore.getState().markRead(unreadNow);
  }, [unreadNow, locked]);
  // Counted as new from the first paint, not only after the effect has run.
  return useMemo(() => new Set([...seenNew, ...unreadNow]), [seenNew, unreadNow]);
}
