// The feed's commands that work from any screen: mark every event read (Alt+K) and open the stuck-orders queue (Alt+J).
import { useCommands } from '../../commands/command-store.ts';
import { useRecentEvents } from '../../queries/events.ts';
import { navigate } from '../../state/navigation-store.ts';
import { markEventsRead, unreadCount, useFeedStore } from './feed-store.ts';
import { feedWords } from './wording.ts';

export const MARK_ALL_READ_SHORTCUT = 'Alt+K';
export const STUCK_QUEUE_SHORTCUT = 'Alt+J';

export function showStuckQueue(): void {
  useFeedStore.getState().setTab('stuck');
  navigate({ screen: 'feed' });
}

export function useFeedCommands(): void {
  const events = useRecentEvents();
  const readKeys = useFeedStore((state) => state.readKeys);
  const unread = unreadCount(events.data, readKeys);
  useCommands([
    {
      id: 'feed.markAllRead',
      title: feedWords.markAllRead,
      group: feedWords.group,
      shortcut: MARK_ALL_READ_SHORTCUT,
      keywords: 'unread clear notifications',
      enabled: unread > 0,
      run: () => markEventsRead(events.data ?? []),
    },
    {
      id: 'feed.stuckQueue',
      title: feedWords.showStuck,
      group: feedWords.group,
      shortcut: STUCK_QUEUE_SHORTCUT,
      keywords: 'stuck blocked problem reason',
      run: showStuckQueue,
    },
  ]);
}
