// The unread count next to "Event feed" in the navigation bar; it also keeps the event list live while anyone is signed in.
import { useEffect } from 'react';
import { useEventStream, useRecentEvents } from '../../queries/events.ts';
import { useFeedCommands } from './feed-commands.ts';
import { unreadCount, useFeedStore } from './feed-store.ts';
import { unreadWords } from './feed-words.ts';
import './feed.css';
import { feedWords } from './wording.ts';

export function FeedBadge() {
  // The badge is mounted for as long as someone is signed in (even behind the lock), so the feed listens from here.
  useEventStream();
  useFeedCommands();
  const events = useRecentEvents();
  const readKeys = useFeedStore((state) => state.readKeys);
  // The next person to sign in starts with nothing read.
  useEffect(() => () => useFeedStore.getState().forget(), []);

  const unread = unreadCount(events.data, readKeys);
  if (unread === 0) return null;
  return (
    <span className="feed-badge" title={unreadWords(unread)}>
      {unread > 99 ? '99+' : unread}
      <span className="sr-only">{feedWords.unread}</span>
    </span>
  );
}
