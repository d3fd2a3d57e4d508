// A click on a desktop notification opens its order (or the event feed when it stood for several orders), and the
// events it stood for count as read. Mounted once in SignedIn.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventsKey, type FeedEvent } from '../queries/events.ts';
import { onStationEvent } from '../queries/station.ts';
import { markEventsRead } from '../screens/feed/feed-store.ts';
import { navigate } from '../state/navigation-store.ts';

export function NotificationClicks() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onStationEvent('notification.clicked', ({ orderId }) => {
        if (orderId === null) {
          navigate({ screen: 'feed' });
          return;
        }
        const events = queryClient.getQueryData<FeedEvent[]>(eventsKey) ?? [];
        markEventsRead(events.filter((event) => event.subjectId === orderId));
        navigate({ screen: 'order', orderId });
      }),
    [queryClient],
  );
  return null;
}
