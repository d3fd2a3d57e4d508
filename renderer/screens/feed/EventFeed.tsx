// The event feed: every received event, newest first, and the stuck-orders queue; an event opens its order.
import { useEffect, useMemo, useState } from 'react';
import { useCommands } from '../../commands/command-store.ts';
import { useConnectivity } from '../../queries/connectivity.ts';
import { useEventStream, useRecentEvents } from '../../queries/events.ts';
import { messageOf } from '../../queries/station.ts';
import { focusScanField } from '../../scan/focus.ts';
import { EventList } from './EventList.tsx';
import { MARK_ALL_READ_SHORTCUT, STUCK_QUEUE_SHORTCUT } from './feed-commands.ts';
import { type FeedTab, useFeedStore } from './feed-store.ts';
import { describeEvent } from './feed-words.ts';
import { openEvent } from './open-event.ts';
import { StuckQueue } from './StuckQueue.tsx';
import { moveSelection } from './selection.ts';
import { stuckEntries } from './stuck.ts';
import { useNewThisVisit } from './use-new-this-visit.ts';
import { useNow } from './use-now.ts';
import './feed.css';
import { feedWords } from './wording.ts';

const ALL_EVENTS_SHORTCUT = 'Alt+A';
const NEXT_SHORTCUT = 'Alt+ArrowDown';
const PREVIOUS_SHORTCUT = 'Alt+ArrowUp';
const OPEN_SHORTCUT = 'Alt+O';

const ariaKeys = (shortcut: string) => shortcut.replace('Ctrl+', 'Control+');

function TabButton(props: { tab: FeedTab; current: FeedTab; shortcut: string; label: string; count: number }) {
  const open = props.tab === props.current;
  return (
    <button
      type="button"
      className={open ? 'button feed-tab feed-tab-open' : 'button feed-tab'}
      aria-pressed={open}
      aria-keyshortcuts={ariaKeys(props.shortcut)}
      onClick={() => {
        useFeedStore.getState().setTab(props.tab);
        focusScanField();
      }}
    >
      {props.label} <span className="feed-tab-count">{props.count}</span>
      <kbd className="feed-key">{props.shortcut}</kbd>
    </button>
  );
}

/** Events are not pushed (and why): the feed fills only by the minute's check meanwhile. */
function ListenerNote() {
  const connectivity = useConnectivity();
  const events = connectivity.data?.events;
  if (events?.mode !== 'polling' || events.reason === 'subscribing') return null;
  return (
    <p className="notice notice-warn" role="status">
      {feedWords.notPushed}
      {events.message}
    </p>
  );
}

export function EventFeed() {
  useEventStream();
  const events = useRecentEvents();
  const tab = useFeedStore((state) => state.tab);
  const now = useNow();
  const newKeys = useNewThisVisit(events.data);
  const all = events.data ?? [];
  const stuck = useMemo(() => stuckEntries(events.data), [events.data]);
  const items = tab === 'stuck' ? stuck : all;

  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selected = items.find((event) => event.key === selectedKey) ?? null;
  useEffect(() => {
    if (selectedKey) document.querySelector('[data-feed-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selectedKey]);

  useCommands([
    {
      id: 'feed.all',
      title: feedWords.showAll,
      group: feedWords.group,
      shortcut: ALL_EVENTS_SHORTCUT,
      enabled: tab !== 'all',
      run: () => useFeedStore.getState().setTab('all'),
    },
    {
      id: 'feed.next',
      title: feedWords.selectNext,
      group: feedWords.group,
      shortcut: NEXT_SHORTCUT,
      enabled: items.length > 0,
      run: () => setSelectedKey(moveSelection(items, selected?.key ?? null, 1)),
    },
    {
      id: 'feed.previous',
      title: feedWords.selectPrevious,
      group: feedWords.group,
      shortcut: PREVIOUS_SHORTCUT,
      enabled: items.length > 0,
      run: () => setSelectedKey(moveSelection(items, selected?.key ?? null, -1)),
    },
    {
      id: 'feed.open',
      title: feedWords.openSelected,
      group: feedWords.group,
      shortcut: OPEN_SHORTCUT,
      enabled: selected !== null,
      run: () => {
        if (selected) openEvent(selected);
      },
    },
  ]);

  return (
    <main className="screen feed" aria-label={feedWords.title}>
      <header className="feed-head">
        <div>
          <h1>{feedWords.title}</h1>
          <p className="muted">{feedWords.counts(all.length, newKeys.size)}</p>
        </div>
        <fieldset className="feed-tabs">
          <legend className="sr-only">{feedWords.tabs}</legend>
          <TabButton
            tab="all"
            current={tab}
            shortcut={ALL_EVENTS_SHORTCUT}
            label={feedWords.allTab}
            count={all.length}
          />
          <TabButton
            tab="stuck"
            current={tab}
            shortcut={STUCK_QUEUE_SHORTCUT}
            label={feedWords.stuckTab}
            count={stuck.length}
          />
        </fieldset>
      </header>
      <p className="muted feed-keys">
        <kbd className="feed-key">{PREVIOUS_SHORTCUT}</kbd> <kbd className="feed-key">{NEXT_SHORTCUT}</kbd>
        {feedWords.keysChoose}
        <kbd className="feed-key">{OPEN_SHORTCUT}</kbd>
        {feedWords.keysOpens}
        <kbd className="feed-key">{MARK_ALL_READ_SHORTCUT}</kbd>
        {feedWords.keysMarkRead}
      </p>
      <ListenerNote />
      <p className="sr-only" aria-live="polite">
        {selected ? feedWords.selected(describeEvent(selected).headline) : ''}
      </p>
      {events.isPending ? <p className="muted">{feedWords.reading}</p> : null}
      {events.isError ? (
        <div className="notice notice-bad" role="alert">
          {messageOf(events.error)}
        </div>
      ) : null}
      {events.isSuccess && tab === 'all' ? (
        <EventList events={all} now={now} newKeys={newKeys} selectedKey={selected?.key ?? null} />
      ) : null}
      {events.isSuccess && tab === 'stuck' ? (
        <StuckQueue entries={stuck} now={now} newKeys={newKeys} selectedKey={selected?.key ?? null} />
      ) : null}
    </main>
  );
}
