// The stuck-orders queue: each order reported stuck (newest first), with the reason read from the order, and whether it still is.
import { useQueries } from '@tanstack/react-query';
import { useTimedRefresh } from '../../attendance/attendance-store.ts';
import type { FeedEvent } from '../../queries/events.ts';
import { fetchOrder, orderQueryKey } from '../../queries/orders.ts';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { StuckRow, type StuckRowState } from './StuckRow.tsx';
import { stuckInfo } from './stuck.ts';
import { feedWords } from './wording.ts';

/** More than a shift's worth; older ones stay in "All events". */
const STUCK_SHOWN = 100;
/** Orders leave "stuck" without any event (the problem is settled), so the queue asks again now and then. */
const REFRESH_MS = 60_000;

interface StuckQueueProps {
  entries: readonly FeedEvent[];
  now: Date;
  newKeys: ReadonlySet<string>;
  selectedKey: string | null;
}

export function StuckQueue({ entries, now, newKeys, selectedKey }: StuckQueueProps) {
  const shown = entries.slice(0, STUCK_SHOWN);
  const refetchInterval = useTimedRefresh(REFRESH_MS);
  const orders = useQueries({
    queries: shown.map((event) => ({
      queryKey: orderQueryKey(event.subjectId),
      queryFn: () => fetchOrder(event.subjectId),
      refetchInterval,
    })),
  });

  if (shown.length === 0) {
    return (
      <div className="card feed-empty">
        <p>{feedWords.noStuck}</p>
        <p className="muted">{feedWords.noStuckHint}</p>
      </div>
    );
  }

  const rows: StuckRowState[] = shown.map((event, index) => {
    const query = orders[index];
    return {
      event,
      info: query?.data ? stuckInfo(query.data) : null,
      loading: query?.isPending ?? true,
      error: query?.isError && !query.data ? query.error : null,
    };
  });
  const waiting = rows.filter((row) => row.info?.stillStuck).length;
  const lastRead = Math.max(0, ...orders.map((query) => query.dataUpdatedAt));
  const refreshFailed = orders.some((query) => query.isError && query.data !== undefined);

  return (
    <section className="feed-stuck" aria-labelledby="stuck-title">
      <h2 id="stuck-title" className="feed-section-title">
        {feedWords.stuckTitle} <span className="muted">{feedWords.stillStuckCount(waiting)}</span>
      </h2>
      <StaleNote updatedAt={lastRead} refreshFailed={refreshFailed} />
      <ul className="feed-list" aria-label={feedWords.stuckList}>
        {rows.map((row) => (
          <StuckRow
            key={row.event.key}
            row={row}
            now={now}
            isNew={newKeys.has(row.event.key)}
            selected={row.event.key === selectedKey}
          />
        ))}
      </ul>
    </section>
  );
}
