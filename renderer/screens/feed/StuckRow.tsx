// One stuck order: its number, why it is stuck (from the order), since when, and whether it still is; opens the order.

import { formatFullTime, formatWhen } from '../../format/when.ts';
import type { FeedEvent } from '../../queries/events.ts';
import { messageOf } from '../../queries/station.ts';
import { openEvent } from './open-event.ts';
import { reasonSentence, type StuckInfo } from './stuck.ts';
import { feedWords } from './wording.ts';

export interface StuckRowState {
  event: FeedEvent;
  info: StuckInfo | null;
  loading: boolean;
  error: unknown;
}

interface StuckRowProps {
  row: StuckRowState;
  now: Date;
  isNew: boolean;
  selected: boolean;
}

function Reason({ row }: { row: StuckRowState }) {
  if (row.info) return <span className="feed-reason">{reasonSentence(row.info)}</span>;
  if (row.error) return <span className="feed-reason-missing">{feedWords.reasonNotRead(messageOf(row.error))}</span>;
  return <span className="feed-reason-missing">{feedWords.readingReason}</span>;
}

function State({ info }: { info: StuckInfo | null }) {
  if (!info) return null;
  if (info.stillStuck) {
    return (
      <span className="feed-stuck-state feed-stuck-open">
        <span aria-hidden="true">■ </span>
        {feedWords.stillStuck}
      </span>
    );
  }
  return (
    <span className="feed-stuck-state feed-stuck-settled">
      <span aria-hidden="true">✓ </span>
      {feedWords.settled(info.statusName)}
    </span>
  );
}

export function StuckRow({ row, now, isNew, selected }: StuckRowProps) {
  const { event, info } = row;
  const since = info?.stuckAt ?? event.receivedAt;
  const settled = info !== null && !info.stillStuck;
  return (
    <li className={selected ? 'feed-item feed-item-selected' : 'feed-item'} data-feed-selected={selected || undefined}>
      <button
        type="button"
        className={settled ? 'feed-row feed-row-stuck feed-kind-settled' : 'feed-row feed-row-stuck feed-kind-stuck'}
        aria-current={selected ? 'true' : undefined}
        onClick={() => openEvent(event)}
      >
        <span className="feed-row-main">
          <span className="feed-headline">
            {isNew ? <span className="feed-new">{feedWords.isNew}</span> : null}
            {feedWords.stuckOrder}
            {event.orderNumber ?? event.subjectId}
          </span>
          <Reason row={row} />
        </span>
        <span className="feed-status-cell">
          <State info={info} />
        </span>
        <span className="feed-when">
          {feedWords.stuckSince}{' '}
          <time dateTime={since} title={formatFullTime(since)}>
            {formatWhen(since, now)}
          </time>
        </span>
      </button>
    </li>
  );
}
