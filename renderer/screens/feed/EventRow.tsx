// One event in the feed: what happened to which order, its status, when and from where; the whole row opens the order.

import { formatFullTime, formatWhen } from '../../format/when.ts';
import type { FeedEvent } from '../../queries/events.ts';
import { describeEvent, kindWords, sourceWords } from './feed-words.ts';
import { openEvent } from './open-event.ts';
import { feedWords } from './wording.ts';

interface EventRowProps {
  event: FeedEvent;
  now: Date;
  /** Unread when the feed was opened (or arrived since): marked "New" for this visit. */
  isNew: boolean;
  selected: boolean;
}

/** The kind's CSS modifier: a known kind, or "other". */
function kindClass(eventCode: string): string {
  const kind = kindWords(eventCode).replaceAll(' ', '-');
  return ['created', 'shipped', 'delivered', 'stuck', 'cancelled'].includes(kind) ? kind : 'other';
}

export function EventRow({ event, now, isNew, selected }: EventRowProps) {
  const words = describeEvent(event);
  return (
    <li className={selected ? 'feed-item feed-item-selected' : 'feed-item'} data-feed-selected={selected || undefined}>
      <button
        type="button"
        className={`feed-row feed-kind-${kindClass(event.eventCode)}`}
        aria-current={selected ? 'true' : undefined}
        onClick={() => openEvent(event)}
      >
        <span className="feed-row-main">
          <span className="feed-headline">
            {isNew ? <span className="feed-new">{feedWords.isNew}</span> : null}
            {words.headline}
          </span>
          <span className="feed-meaning">
            {words.meaning} <span className="feed-source">{sourceWords(event.source)}.</span>
          </span>
        </span>
        <span className="feed-status-cell">
          {event.statusName ? (
            <span className="feed-status">
              <span className="sr-only">{feedWords.status}</span>
              {event.statusName}
            </span>
          ) : null}
        </span>
        <time className="feed-when" dateTime={event.receivedAt} title={formatFullTime(event.receivedAt)}>
          {formatWhen(event.receivedAt, now)}
        </time>
      </button>
    </li>
  );
}
