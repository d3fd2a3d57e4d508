// Every received event, newest first; empty, it says what will appear here and how events arrive.
import type { FeedEvent } from '../../queries/events.ts';
import { EventRow } from './EventRow.tsx';
import { feedWords } from './wording.ts';

interface EventListProps {
  events: readonly FeedEvent[];
  now: Date;
  newKeys: ReadonlySet<string>;
  selectedKey: string | null;
}

export function EventList({ events, now, newKeys, selectedKey }: EventListProps) {
  if (events.length === 0) {
    return (
      <div className="card feed-empty">
        <p>{feedWords.noEvents}</p>
        <p className="muted">{feedWords.noEventsHint}</p>
      </div>
    );
  }
  return (
    <ul className="feed-list" aria-label={feedWords.eventList}>
      {events.map((event) => (
        <EventRow
          key={event.key}
          event={event}
          now={now}
          isNew={newKeys.has(event.key)}
          selected={event.key === selectedKey}
        />
      ))}
    </ul>
  );
}
